import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { slotsApi } from '../../client/slots.ts';
import type { SlotGame } from '../../shared/api/slots.ts';
import { openModal } from '../../stores/modals.ts';
import { $user } from '../../stores/user.ts';
import { useApiCall } from '../ui/useApi.ts';

export type CatalogueState =
  | { status: 'loading' }
  | { status: 'ready'; games: SlotGame[] }
  /** Nothing could be read and nothing was kept. */
  | { status: 'failed' };

/**
 * The slots catalogue (or the live lobby's, with `read`): the one the server rendered the page
 * with, else read from the API. When the
 * aggregator is down the server answers the catalogue it kept; only when nothing comes at all is
 * it `failed` (the lobby's friendly message and a retry).
 */
export function useSlotCatalogue(
  initial: SlotGame[] | null,
  read: () => Promise<{ data: SlotGame[] }> = slotsApi.games,
) {
  const [state, setState] = useState<CatalogueState>(
    initial ? { status: 'ready', games: initial } : { status: 'loading' },
  );
  const load = useCallback(async () => {
    try {
      const answer = await read();
      setState({ status: 'ready', games: answer.data });
    } catch {
      setState((current) => (current.status === 'ready' ? current : { status: 'failed' }));
    }
  }, [read]);
  const hasInitial = initial !== null;
  useEffect(() => {
    if (!hasInitial) void load();
  }, [hasInitial, load]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void load();
  }, [load]);
  return { state, retry };
}

/**
 * The player's favourites and recently played games (slugs, newest first), read when a player is
 * known and emptied on logout. A guest's star opens the Login modal; a player's changes the list at
 * once and keeps the server's answer (or goes back, with an error notice).
 */
export function usePlayerSlots() {
  const user = useStore($user);
  const userId = user?.id ?? null;
  const [favourites, setFavourites] = useState<readonly string[]>([]);
  const [recent, setRecent] = useState<readonly string[]>([]);
  const { run } = useApiCall();
  useEffect(() => {
    setFavourites([]);
    setRecent([]);
    if (userId === null) return;
    let live = true;
    void run(() => Promise.all([slotsApi.favourites(), slotsApi.recent()]), { replace: true }).then(
      (answers) => {
        if (!live || !answers) return;
        setFavourites(answers[0].data);
        setRecent(answers[1].data);
      },
    );
    return () => {
      live = false;
    };
  }, [userId, run]);

  const toggleFavourite = useCallback(
    async (slug: string) => {
      if (!$user.get()) {
        openModal('Login');
        return;
      }
      const before = favourites;
      const on = before.includes(slug);
      setFavourites(on ? before.filter((s) => s !== slug) : [slug, ...before]);
      const answer = await run(() => (on ? slotsApi.removeFavourite(slug) : slotsApi.addFavourite(slug)), {
        replace: true,
      });
      setFavourites(answer ? answer.data : before);
    },
    [favourites, run],
  );

  return { player: user !== null, favourites, recent, toggleFavourite };
}
