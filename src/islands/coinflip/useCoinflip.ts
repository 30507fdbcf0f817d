import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $sessionStatus } from '../../stores/user.ts';
import { type Bet, playSound, useBusyWhile, useGameApi, wait } from '../games/kit/index.ts';
import { useApiCall } from '../ui/useApi.ts';
import { type CoinSide, landingRotation, readSeries, type Series } from './series.ts';

/** How long the coin spins before it lands (the CSS transition of .cf-coin matches it). */
export const FLIP_MS = 1100;

export type CoinflipNote = 'resumed' | 'lost' | 'won' | null;

/**
 * The coinflip series of docs/api-games.md: start (debits the stake), one request per call, cash
 * out; an open series is resumed from `GET /games/coinflip/active` after a reload. The server
 * decides every flip; the coin only shows the answer.
 */
export function useCoinflip() {
  const api = useGameApi();
  const status = useStore($sessionStatus);
  const { pending, run } = useApiCall();
  const [bet, setBet] = useState<Bet<'coinflip'> | null>(null);
  const [series, setSeries] = useState<Series | null>(null);
  // An open series is the middle of a game: a new build waits for the next navigation.
  useBusyWhile(series?.open === true);
  const [note, setNote] = useState<CoinflipNote>(null);
  const [rotation, setRotation] = useState(0);
  const [tossing, setTossing] = useState(0);
  const [flipping, setFlipping] = useState(false);
  const rotationRef = useRef(0);
  // The kit's `record` (chips, "my bets", the win or loss sound) for a series settled by a call.
  const recordRef = useRef<((bet: Bet) => void) | null>(null);
  const bindRecord = useCallback((record: (bet: Bet) => void) => {
    recordRef.current = record;
  }, []);

  const show = useCallback((next: Bet<'coinflip'>) => {
    const view = readSeries(next);
    setBet(next);
    setSeries(view);
    return view;
  }, []);

  const land = useCallback((side: CoinSide, toss: boolean) => {
    const next = landingRotation(rotationRef.current, side, toss ? 5 : 0);
    rotationRef.current = next;
    setRotation(next);
    if (toss) setTossing((n) => n + 1);
  }, []);

  // Resume an open series after a reload (or in a second tab).
  useEffect(() => {
    if (status !== 'user') return;
    let live = true;
    api
      .get('GET /games/coinflip/active')
      .then((active) => {
        if (!live || !active) return;
        const view = show(active);
        const last = view.flips.at(-1);
        if (last) land(last, false);
        setNote('resumed');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [status, api, show, land]);

  const settled = (next: Bet<'coinflip'>, view: Series) => {
    if (next.status !== 'settled') return;
    setNote(view.lost ? 'lost' : 'won');
    recordRef.current?.(next);
  };

  /** The kit's `play`: opens a series (debits the stake) and resolves with the active bet. */
  const start = useCallback(
    async (amount: string): Promise<Bet> => {
      const answer = await api.post('POST /games/coinflip/start', { body: { amount } });
      setNote(null);
      show(answer.bet);
      return answer.bet;
    },
    [api, show],
  );

  const call = (side: CoinSide) => {
    // The series and flip meant (0-based): a retried or doubled request cannot flip twice.
    const index = series?.flips.length ?? 0;
    const betId = bet?.id;
    void run(async () => {
      const answer = await api.post('POST /games/coinflip/flip', { body: { side, index, bet_id: betId } });
      const shown = answer.bet.outcome.flips.at(-1);
      if (shown) {
        setFlipping(true);
        setNote(null);
        land(shown, true);
        try {
          await wait(FLIP_MS);
        } finally {
          setFlipping(false);
        }
      }
      const view = show(answer.bet);
      if (!view.lost && view.open) playSound('tick');
      settled(answer.bet, view);
    });
  };

  const cashOut = () => {
    void run(async () => {
      const answer = await api.post('POST /games/coinflip/cashout', {});
      settled(answer.bet, show(answer.bet));
    });
  };

  return {
    bet,
    series,
    note,
    rotation,
    tossing,
    flipping,
    busy: pending || flipping,
    start,
    call,
    cashOut,
    bindRecord,
  };
}
