import { commitment } from '../../../games/fair/node.ts';
import { generateClientSeed, generateServerSeed } from '../../../games/fair/seeds.ts';
import type { BetGame } from '../../../shared/wire/bets.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { invalid } from '../../domain-error.ts';
import { hasOpenRound, type TakenNonce } from './bet-repository.ts';

export type { TakenNonce } from './bet-repository.ts';

/**
 * Seed pairs of docs/fairness.md §1: one `active` pair per player (its nonce is the next bet's), one
 * pre-generated `next` pair whose commitment the player already sees, and `revealed` pairs. The
 * server seed of an active or next pair never leaves this module except into the engine.
 */

export interface ActivePairView {
  commitment: string;
  client_seed: string;
  /** Nonce of the next bet. */
  nonce: string;
  next_commitment: string;
}

export interface RevealedPairView {
  id: string;
  server_seed: string;
  commitment: string;
  client_seed: string;
  /** Bets played with the pair (its final nonce). */
  bets: string;
  /** The pair's last bet, to verify with the game it was played in (null: no bet). */
  last_bet: { id: string; game: BetGame } | null;
  /** ISO 8601. */
  created_at: string;
  revealed_at: string;
}

/** A revealed pair as read from the database. */
type RevealedPairRow = Omit<RevealedPairView, 'created_at' | 'revealed_at' | 'last_bet'> & {
  created_at: Date;
  revealed_at: Date;
  last_bet_id: string | null;
  last_bet_game: BetGame | null;
};

function revealedView({ last_bet_id, last_bet_game, ...row }: RevealedPairRow): RevealedPairView {
  return {
    ...row,
    last_bet: last_bet_id && last_bet_game ? { id: last_bet_id, game: last_bet_game } : null,
    created_at: row.created_at.toISOString(),
    revealed_at: row.revealed_at.toISOString(),
  };
}

/** A revealed pair's columns, its last bet included (the highest nonce it served). */
const REVEALED_COLUMNS = `sp.id::text, sp.server_seed, sp.commitment, sp.client_seed, sp.nonce::text as bets,
  sp.created_at, sp.revealed_at, lb.id::text as last_bet_id, lb.game as last_bet_game`;
const LAST_BET = `left join lateral (
    select b.id, b.game from bets b where b.seed_pair_id = sp.id order by b.nonce desc limit 1
  ) lb on true`;

/** Players known to have an active and a next pair (pairs are never deleted, only rotated). */
const seeded = new WeakMap<Database, Set<string>>();

function seededSet(database: Database): Set<string> {
  let set = seeded.get(database);
  if (!set) {
    set = new Set();
    seeded.set(database, set);
  }
  return set;
}

function newPairValues(): { serverSeed: string; commitment: string } {
  const serverSeed = generateServerSeed();
  return { serverSeed, commitment: commitment(serverSeed) };
}

/** Creates the active and next pair of a player who has none (safe under concurrency). */
export async function ensurePairs(database: Database, userId: string): Promise<void> {
  const known = seededSet(database);
  if (known.has(userId)) return;
  const active = newPairValues();
  const next = newPairValues();
  await database.query(
    `with a as (
       insert into seed_pairs (user_id, status, server_seed, commitment, client_seed, activated_at)
       values ($1, 'active', $2, $3, $4, now()) on conflict do nothing returning id
     )
     insert into seed_pairs (user_id, status, server_seed, commitment)
     select $1, 'next', $5, $6 where not exists (select 1 from seed_pairs where user_id = $1 and status = 'next')
     on conflict do nothing`,
    [userId, active.serverSeed, active.commitment, generateClientSeed(), next.serverSeed, next.commitment],
    'seeds_ensure',
  );
  known.add(userId);
}

/** The active pair as the player may see it. */
export async function activePair(database: Database, userId: string): Promise<ActivePairView> {
  await ensurePairs(database, userId);
  const [row] = await database.query<ActivePairView>(
    `select a.commitment, a.client_seed, a.nonce::text as nonce, n.commitment as next_commitment
       from seed_pairs a join seed_pairs n on n.user_id = a.user_id and n.status = 'next'
      where a.user_id = $1 and a.status = 'active'`,
    [userId],
    'seeds_active_view',
  );
  if (!row) throw new Error(`player ${userId} has no active seed pair`);
  return row;
}

/**
 * Takes the next nonce of the player's active pair inside the bet's transaction. The row lock it
 * takes orders the player's bets, so nonces are consecutive and never reused.
 */
export async function takeNonce(tx: Queryable, userId: string): Promise<TakenNonce> {
  // A bet that waited behind a rotation finds its pair revealed when the lock frees; the row that
  // became active is not in that statement's snapshot, so a new statement takes it (again, if
  // another rotation of the same player was queued as well).
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const taken = await takeNonceOnce(tx, userId);
    if (taken) return taken;
  }
  throw new Error(`player ${userId} has no active seed pair`);
}

async function takeNonceOnce(tx: Queryable, userId: string): Promise<TakenNonce | undefined> {
  const [row] = await tx.query<{
    id: string;
    server_seed: string;
    client_seed: string;
    commitment: string;
    nonce: string;
  }>(
    `update seed_pairs set nonce = nonce + 1 where user_id = $1 and status = 'active'
     returning id::text, server_seed, client_seed, commitment, (nonce - 1)::text as nonce`,
    [userId],
    'seeds_take_nonce',
  );
  if (!row) return undefined;
  return {
    pairId: row.id,
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    commitment: row.commitment,
    nonce: BigInt(row.nonce),
  };
}

/**
 * The nonce the player's next bet will take, predicted: per database, the active pair and its next
 * nonce as this process last saw them, so the one-statement bet (pipeline.ts) can compute its outcome
 * before the database takes the nonce. The statement takes the nonce only if it is still the pair's
 * next one; a stale prediction (another instance, a rotation, a round game's bet) is refused there,
 * forgotten and read again. Bounded: the least recently used players are dropped first.
 */
const PREDICTED_MAX = 20_000;
const predicted = new WeakMap<Database, Map<string, TakenNonce>>();

function predictedMap(database: Database): Map<string, TakenNonce> {
  let map = predicted.get(database);
  if (!map) {
    map = new Map();
    predicted.set(database, map);
  }
  return map;
}

/** The pair and nonce the player's next bet is expected to take (read once, then remembered). */
export async function predictNonce(database: Database, userId: string): Promise<TakenNonce> {
  const map = predictedMap(database);
  const known = map.get(userId);
  if (known) {
    // Most recently used last, so the oldest entry is the first the bound drops.
    map.delete(userId);
    map.set(userId, known);
    return known;
  }
  await ensurePairs(database, userId);
  const [row] = await database.query<{
    id: string;
    server_seed: string;
    client_seed: string;
    commitment: string;
    nonce: string;
  }>(
    `select id::text, server_seed, client_seed, commitment, nonce::text from seed_pairs
      where user_id = $1 and status = 'active'`,
    [userId],
    'seeds_predict',
  );
  if (!row) throw new Error(`player ${userId} has no active seed pair`);
  const taken: TakenNonce = {
    pairId: row.id,
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    commitment: row.commitment,
    nonce: BigInt(row.nonce),
  };
  remember(map, userId, taken);
  return taken;
}

function remember(map: Map<string, TakenNonce>, userId: string, next: TakenNonce) {
  map.delete(userId);
  map.set(userId, next);
  if (map.size > PREDICTED_MAX) map.delete(map.keys().next().value!);
}

/** After a committed bet took `taken`: the player's next bet takes the following nonce. */
export function nonceTaken(database: Database, userId: string, taken: TakenNonce): void {
  remember(predictedMap(database), userId, { ...taken, nonce: taken.nonce + 1n });
}

/** The prediction turned out stale (or the pair changed here): read it again next time. */
export function forgetNonce(database: Database, userId: string): void {
  predicted.get(database)?.delete(userId);
}

/** The secret seed of a pair, for a bet that continues across requests (coinflip). */
export async function pairSecret(tx: Queryable, pairId: string): Promise<string> {
  const [row] = await tx.query<{ server_seed: string }>(
    'select server_seed from seed_pairs where id = $1',
    [pairId],
    'seeds_secret',
  );
  if (!row) throw new Error(`seed pair ${pairId} vanished`);
  return row.server_seed;
}

/**
 * Rotation (docs/fairness.md §1): reveals the active pair, activates the pre-generated next pair with
 * the player's client seed (random when none is given), and generates a new next pair. Refused
 * while a bet that spans requests is open: revealing its seed would reveal its future flips.
 */
export async function rotate(
  database: Database,
  userId: string,
  clientSeed: string | undefined,
): Promise<{ previous: RevealedPairView; active: ActivePairView }> {
  await ensurePairs(database, userId);
  const next = newPairValues();
  const previous = await database.transaction(async (tx) => {
    // Rotations of one player queue on the player's row, so each one reads the pair the previous
    // one activated (locking the active pair itself would find it revealed after the wait). NO KEY
    // UPDATE: a bet's foreign-key check on the same row (KEY SHARE) must not wait for it, or a bet
    // holding the pair and a rotation holding the player would deadlock.
    await tx.query('select 1 from users where id = $1 for no key update', [userId]);
    const [locked] = await tx.query<{ id: string }>(
      `select id::text from seed_pairs where user_id = $1 and status = 'active' for update`,
      [userId],
    );
    if (!locked) throw new Error(`player ${userId} has no active seed pair`);
    if (await hasOpenRound(tx, userId)) throw invalid('game', 'game_in_progress');
    await tx.query(`update seed_pairs set status = 'revealed', revealed_at = now() where id = $1`, [
      locked.id,
    ]);
    const [revealed] = await tx.query<RevealedPairRow>(
      `select ${REVEALED_COLUMNS} from seed_pairs sp ${LAST_BET} where sp.id = $1`,
      [locked.id],
    );
    await tx.query(
      `update seed_pairs set status = 'active', client_seed = $2, activated_at = now()
        where user_id = $1 and status = 'next'`,
      [userId, clientSeed ?? generateClientSeed()],
    );
    await tx.query(
      `insert into seed_pairs (user_id, status, server_seed, commitment) values ($1, 'next', $2, $3)`,
      [userId, next.serverSeed, next.commitment],
    );
    return revealedView(revealed!);
  });
  forgetNonce(database, userId);
  return { previous, active: await activePair(database, userId) };
}

/** Revealed pairs, newest first. */
export async function revealedPairs(
  database: Database,
  userId: string,
  page: number,
  perPage: number,
): Promise<{ rows: RevealedPairView[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    database.query<RevealedPairRow>(
      `select ${REVEALED_COLUMNS} from seed_pairs sp ${LAST_BET}
        where sp.user_id = $1 and sp.status = 'revealed'
        order by sp.revealed_at desc, sp.id desc limit $2 offset $3`,
      [userId, perPage, (page - 1) * perPage],
    ),
    database.query<{ total: number }>(
      `select count(*)::int as total from seed_pairs where user_id = $1 and status = 'revealed'`,
      [userId],
    ),
  ]);
  return { rows: rows.map(revealedView), total: count?.total ?? 0 };
}
