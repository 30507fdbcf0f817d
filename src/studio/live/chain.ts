/**
 * Each live table's salted hash chain (docs/fairness.md §10, as crash's §4): `h_N` random,
 * `h_{i−1} = sha256(utf8(h_i))`, round i plays `h_i`, `h_0` and the salt published before round 1.
 * Generated once per table on first start; only every CHECKPOINT-th link and the head are stored,
 * so a round's link is at most CHECKPOINT hashes away.
 */
import { randomBytes } from 'node:crypto';
import { previousHash, walkChain } from '../../games/crash/chain.ts';

export const CHECKPOINT = 1_000;

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface TableChain {
  length: number;
  salt: string;
  terminatingHash: string;
}

export const CHAIN_SCHEMA = `
create table if not exists live_chains (
  table_id text primary key, length integer not null, salt text not null, terminating text not null
);
create table if not exists live_links (
  table_id text not null, idx integer not null, hash text not null, primary key (table_id, idx)
);
`;

/** The table's chain, generated (and stored) when it has none. */
export async function ensureChain(query: Query, tableId: string, length: number): Promise<TableChain> {
  const [known] = await query<{ length: number; salt: string; terminating: string }>(
    'select length, salt, terminating from live_chains where table_id = $1',
    [tableId],
  );
  if (known) return { length: known.length, salt: known.salt, terminatingHash: known.terminating };
  const head = randomBytes(32).toString('hex');
  const salt = randomBytes(32).toString('hex');
  const kept: { idx: number; hash: string }[] = [];
  let terminating = head;
  for (const { index, hash } of walkChain(head, length)) {
    if (index === length || index % CHECKPOINT === 0) kept.push({ idx: index, hash });
    terminating = hash;
  }
  // One statement: of two instances making a chain at once, one stores its chain and its links,
  // the other nothing (links of one chain under another's salt would verify nothing).
  await query(
    `with made as (
       insert into live_chains (table_id, length, salt, terminating) values ($1, $2, $3, $4)
       on conflict (table_id) do nothing returning table_id
     )
     insert into live_links (table_id, idx, hash)
     select made.table_id, k.idx, k.hash from made, unnest($5::int[], $6::text[]) as k(idx, hash)`,
    [tableId, length, salt, terminating, kept.map((k) => k.idx), kept.map((k) => k.hash)],
  );
  const [stored] = await query<{ length: number; salt: string; terminating: string }>(
    'select length, salt, terminating from live_chains where table_id = $1',
    [tableId],
  );
  return { length: stored!.length, salt: stored!.salt, terminatingHash: stored!.terminating };
}

/** Round i's link `h_i` (1 ≤ i ≤ length), from the checkpoint at or above it. */
export async function linkOf(query: Query, tableId: string, round: number): Promise<string> {
  const [above] = await query<{ idx: number; hash: string }>(
    'select idx, hash from live_links where table_id = $1 and idx >= $2 order by idx limit 1',
    [tableId, round],
  );
  if (!above) throw new Error(`table ${tableId}: round ${round} is past the end of its chain`);
  let hash = above.hash;
  for (let i = above.idx; i > round; i -= 1) hash = previousHash(hash);
  return hash;
}
