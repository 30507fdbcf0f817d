import { useCallback, useEffect, useMemo, useState } from 'react';
import { multiplier } from '../../games/miner/engine.ts';
import type { Ratio } from '../../games/ratio.ts';
import { type Bet, playSound, useGameApi, wait } from '../games/kit/index.ts';
import { MINER_CALLS } from '../games/kit/round-calls.ts';
import { useRound } from '../games/kit/use-round.ts';
import {
  canReveal,
  DEFAULT_MINES,
  multiplierAt,
  randomTile,
  readField,
  TILES,
  togglePattern,
} from './field.ts';

/** How long each tile of an auto-bet pattern takes to open on the board (none in instant play). */
const AUTO_TILE_MS = 140;

export type MinerMode = 'manual' | 'auto';

/**
 * The miner island's state (docs/api-games.md "Miner"): the round (rounds across requests, resumed
 * after a reload), the mine count, and the auto-bet pattern. In manual mode the kit's bet starts a
 * round and the board opens tiles; in auto mode each bet plays the pattern in one request.
 */
export function useMiner(formatDetail: (detail: string) => string) {
  const api = useGameApi();
  const round = useRound(
    { game: 'miner', calls: MINER_CALLS, stepsOf: (bet) => bet.params.tiles.length },
    formatDetail,
  );
  const [mines, setMinesState] = useState(DEFAULT_MINES);
  const [pattern, setPattern] = useState<number[]>([]);
  const [mode, setMode] = useState<MinerMode>('manual');
  const [running, setRunning] = useState(false);
  const field = useMemo(() => (round.bet ? readField(round.bet) : null), [round.bet]);
  const open = Boolean(field?.open);
  // An open round plays on with its own mine count, and the next one starts with it too (a resumed
  // round brings the count it was started with).
  const shownMines = open && field ? field.mines : mines;
  const roundMines = open ? field?.mines : undefined;
  useEffect(() => {
    if (roundMines !== undefined) setMinesState(roundMines);
  }, [roundMines]);

  const setMines = (next: number) => {
    setMinesState(next);
    setPattern((list) => list.slice(0, TILES - next));
  };

  /** Shows an auto-bet's tiles opening one after another, then the whole field. */
  const { setBet } = round;
  const showAuto = useCallback(
    async (bet: Bet<'miner'>) => {
      const opened = readField(bet).tiles;
      for (let k = 1; k <= opened.length; k += 1) {
        setBet({
          ...bet,
          status: 'active',
          params: { ...bet.params, tiles: opened.slice(0, k) },
          outcome: { mines: [], hit: null },
        });
        playSound('tick');
        await wait(AUTO_TILE_MS);
      }
      setBet(bet);
    },
    [setBet],
  );

  /** The kit's `play`: starts a round (manual) or plays the whole pattern (auto). */
  const play = useCallback(
    async (amount: string): Promise<Bet> => {
      if (mode === 'manual') return round.start({ amount, mines });
      round.setNote(null);
      const answer = await api.post('POST /games/miner/auto', { body: { amount, mines, tiles: pattern } });
      await showAuto(answer.bet);
      return answer.bet;
    },
    [mode, mines, pattern, api, round.start, round.setNote, showAuto],
  );

  /** A click on a tile: opens it in a round; edits the pattern in auto mode. */
  const clickTile = (tile: number) => {
    if (mode === 'auto') {
      if (running) return;
      if (field && !field.open) round.setBet(null);
      round.setNote(null);
      setPattern((list) => togglePattern(list, tile, mines));
      return;
    }
    if (!canReveal(field) || round.busy || field?.tiles.includes(tile)) return;
    round.step({ tile });
  };

  const pickRandom = () => {
    const tile = randomTile(field);
    if (tile !== null) clickTile(tile);
  };

  // What the panel shows as "profit on win", and the smallest win a stake must beat.
  const gemsNext = open && field ? field.gems + 1 : 1;
  const patternSize = pattern.length;
  const winMultiplier = useMemo<Ratio | null>(
    () => (mode === 'auto' ? multiplierAt(mines, patternSize) : multiplierAt(shownMines, gemsNext)),
    [mode, mines, patternSize, shownMines, gemsNext],
  );
  const minWin = useMemo<Ratio | null>(
    () => (mode === 'auto' ? multiplierAt(mines, patternSize) : multiplier(shownMines, 1)),
    [mode, mines, patternSize, shownMines],
  );

  return {
    ...round,
    field,
    open,
    mines: shownMines,
    setMines,
    pattern,
    clearPattern: () => setPattern([]),
    mode,
    running,
    onModeChange: ({ mode: next, running: on }: { mode: MinerMode; running: boolean }) => {
      // A result shown in one mode is not the other mode's to describe.
      if (next !== mode) round.setNote(null);
      setMode(next);
      setRunning(on);
    },
    play,
    clickTile,
    pickRandom,
    winMultiplier,
    minWin,
  };
}
