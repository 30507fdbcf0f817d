import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '../../../stores/user.ts';
import { gameApi } from './api.ts';
import { minorOrNull, verdictOf } from './bet-result.ts';
import { formatMultiplier } from './format.ts';
import { onFrame } from './motion.ts';
import type { ResultChip } from './ResultChips.tsx';
import { playSound } from './sound.ts';
import type { Bet, GameKey } from './types.ts';

/** How many results the chips and "my bets" keep. */
const KEEP = 20;

/**
 * The player's settled bets of this game: "my bets" and the result chips, loaded for each player
 * and game, and `record` for every bet that settles here (it also announces the result to screen
 * readers, plays the win or loss sound and calls the game's `onSettled`).
 */
export function useBetHistory(options: {
  game: GameKey;
  userId: number | null;
  status: SessionStatus;
  /** Formats minor units in the player's currency. */
  show: (minor: bigint) => string;
  /** The language tag of the multipliers. */
  tag: string;
  /** The game's `onSettled` (a stable function). */
  onSettled: (bet: Bet) => void;
}) {
  const { game, userId, status, show, tag, onSettled } = options;
  const { t } = useTranslation();
  const [chips, setChips] = useState<ResultChip[]>([]);
  const [myBets, setMyBets] = useState<Bet[] | null>(null);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (userId === null) {
      setMyBets(status === 'guest' ? [] : null);
      setChips([]);
      return;
    }
    let live = true;
    gameApi
      .get('GET /games/bets', { query: { game, per_page: KEEP } })
      .then((bets) => {
        if (!live) return;
        setMyBets(bets);
        setChips(
          bets
            .filter((b) => b.status === 'settled')
            .map((b) => ({ id: b.id, multiplier: b.multiplier, verdict: verdictOf(b) })),
        );
      })
      .catch(() => {
        if (live) setMyBets([]);
      });
    return () => {
      live = false;
    };
    // Reload for another player or game, not for every balance change of the same player.
  }, [userId, game, status]);

  const record = useCallback(
    (bet: Bet) => {
      if (bet.status !== 'settled') return;
      const verdict = verdictOf(bet);
      // An instant series shows its bets once a frame: the lists take every bet, the announcement
      // and the sound only the frame's last.
      onFrame(() => {
        setChips((list) => [{ id: bet.id, multiplier: bet.multiplier, verdict }, ...list].slice(0, KEEP));
        setMyBets((list) => [bet, ...(list ?? []).filter((b) => b.id !== bet.id)].slice(0, KEEP));
      });
      onFrame(() => {
        const amount = show(minorOrNull(bet.payout) ?? 0n);
        setAnnounce(
          t(`gameKit.announce.${verdict}`, { multiplier: formatMultiplier(bet.multiplier, tag), amount }),
        );
        playSound(verdict === 'win' ? 'win' : 'lose');
      }, 'announce');
      onSettled(bet);
    },
    [t, show, tag, onSettled],
  );

  return { chips, myBets, announce, record };
}
