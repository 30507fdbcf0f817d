/** The seed-pair and bet calls of docs/api-games.md the fairness modal and verifier make. */
import { call } from '../../../client/api.ts';
import type { BetSeeds } from './verify-query.ts';

/** The active pair: `nonce` is the nonce of the next bet. */
export interface ActivePair {
  commitment: string;
  client_seed: string;
  nonce: number | string;
  next_commitment: string;
}

/**
 * A pair revealed by a rotation. How many bets it served is `bets` (as in the history; the server
 * sends this) or `nonce` (its final nonce, as docs/api-games.md words it): read it with `betsOf`.
 */
export interface RevealedPair {
  id: string;
  server_seed: string;
  commitment: string;
  client_seed: string;
  bets?: number | string;
  nonce?: number | string;
  /** The pair's last bet (its game is the one to verify it in). */
  last_bet?: { id: string; game: string } | null;
}

/** Bets a revealed pair served (numbers may arrive as decimal strings: they are 64-bit). */
export function betsOf(pair: { bets?: number | string; nonce?: number | string }): number {
  const value = Number(pair.bets ?? pair.nonce ?? 0);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export interface PastPair {
  id: string;
  server_seed: string;
  commitment: string;
  client_seed: string;
  bets: number | string;
  last_bet?: { id: string; game: string } | null;
  created_at: string;
  revealed_at: string;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface BetView extends BetSeeds {
  id: string;
  status: 'settled' | 'active';
  seed_pair_id: string;
  created_at: string;
}

export const fairnessApi = {
  seeds: (): Promise<ActivePair> => call('GET /games/fairness/seeds').then((answer) => answer.data),
  /** Rotates the pair; a blank `clientSeed` lets the server pick a random one. */
  rotate: (clientSeed: string): Promise<{ previous: RevealedPair; active: ActivePair }> =>
    call('PUT /games/fairness/seeds', { body: clientSeed ? { client_seed: clientSeed } : {} }).then(
      (answer) => answer.data,
    ),
  history: (page: number, perPage: number): Promise<Paged<PastPair>> =>
    call('GET /games/fairness/history', { query: { page, per_page: perPage } }),
  bet: (id: string): Promise<BetView> =>
    call('GET /games/bets/:id', { params: { id } }).then((answer) => answer.data),
};
