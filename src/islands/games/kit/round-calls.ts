import type { CallInput, RouteKey } from '../../../shared/api/contract.ts';
import { gameApi } from './api.ts';
import type { Bet, BetAnswer } from './types.ts';

/** Which step of which round a move means (docs/api-games.md "Rounds across requests"). */
export interface StepAt {
  index: number;
  bet_id: string;
}

/** A round game's calls: its routes, typed from their declarations (src/shared/api/games-routes.ts). */
export interface RoundCalls<G extends 'miner' | 'hilo', S, M> {
  active: () => Promise<Bet<G> | null>;
  start: (body: S) => Promise<BetAnswer<G>>;
  step: (move: M, at: StepAt) => Promise<BetAnswer<G>>;
  cashout: () => Promise<BetAnswer<G>>;
  /** The round as it stands (null: not a bet of this game). */
  bet: (id: string) => Promise<Bet<G> | null>;
}

/** The body a route takes. */
type Body<K extends RouteKey> = CallInput<K> extends { body?: infer B } ? NonNullable<B> : never;

/** Miner's round: start with the stake and mines, reveal a tile, cash out. */
export const MINER_CALLS: RoundCalls<
  'miner',
  Body<'POST /games/miner/start'>,
  Omit<Body<'POST /games/miner/reveal'>, keyof StepAt>
> = {
  active: () => gameApi.get('GET /games/miner/active'),
  start: (body) => gameApi.post('POST /games/miner/start', { body }),
  step: (move, at) => gameApi.post('POST /games/miner/reveal', { body: { ...move, ...at } }),
  cashout: () => gameApi.post('POST /games/miner/cashout', {}),
  bet: (id) =>
    gameApi.get('GET /games/bets/:id', { params: { id } }).then((bet) => (bet.game === 'miner' ? bet : null)),
};

/** Hi-lo's round: start with the stake, guess or skip a card, cash out. */
export const HILO_CALLS: RoundCalls<
  'hilo',
  Body<'POST /games/hilo/start'>,
  Omit<Body<'POST /games/hilo/step'>, keyof StepAt>
> = {
  active: () => gameApi.get('GET /games/hilo/active'),
  start: (body) => gameApi.post('POST /games/hilo/start', { body }),
  step: (move, at) => gameApi.post('POST /games/hilo/step', { body: { ...move, ...at } }),
  cashout: () => gameApi.post('POST /games/hilo/cashout', {}),
  bet: (id) =>
    gameApi.get('GET /games/bets/:id', { params: { id } }).then((bet) => (bet.game === 'hilo' ? bet : null)),
};
