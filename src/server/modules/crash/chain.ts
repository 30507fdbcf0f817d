import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { previousHash } from '../../../games/crash/chain.ts';
import type { Database, Queryable } from '../../db/client.ts';

/**
 * The crash hash chain as stored (docs/fairness.md §4): not ten million hashes but every
 * `CHECKPOINT_EVERY`-th one and the head (1 001 rows of 64 characters for 10 000 000 games), the
 * salt and the published terminating hash `h_0`. A game's hash is recomputed from the checkpoint
 * above it, at most `CHECKPOINT_EVERY` sha256 steps; the segment is kept, as rounds play upward.
 */

/** Every how many positions a hash is stored. */
export const CHECKPOINT_EVERY = 10_000;

/** The published side of the chain. */
export interface ChainInfo {
  length: number;
  every: number;
  salt: string;
  terminating: string;
}

export async function chainInfo(db: Queryable): Promise<ChainInfo | null> {
  const [row] = await db.query<{ length: string; every: number; salt: string; terminating: string }>(
    `select length::text, checkpoint_every as every, salt, terminating_hash as terminating
       from crash_chain where id = 1`,
  );
  return row
    ? { length: Number(row.length), every: row.every, salt: row.salt, terminating: row.terminating }
    : null;
}

/** Runs the generation in a worker thread, so the server keeps answering meanwhile. */
export function generateInWorker(
  length: number,
  every: number,
): Promise<{ checkpoints: [number, string][]; terminating: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./chain-worker.ts', import.meta.url), {
      workerData: { length, every },
    });
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the chain worker exited with ${code}`));
    });
  });
}

/**
 * The chain, generated and stored once when there is none (by the driver, which holds the lock,
 * so one instance does it). A salt is drawn with it; both it and `h_0` are public from then on.
 */
export async function ensureChain(
  db: Database,
  length: number,
  every = CHECKPOINT_EVERY,
): Promise<ChainInfo> {
  const existing = await chainInfo(db);
  if (existing) return existing;
  const { checkpoints, terminating } = await generateInWorker(length, every);
  const salt = randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `insert into crash_chain (id, length, checkpoint_every, salt, terminating_hash) values (1, $1, $2, $3, $4)
       on conflict (id) do nothing returning id`,
      [length, every, salt, terminating],
    );
    if (!created) return;
    for (let i = 0; i < checkpoints.length; i += 5_000) {
      const slice = checkpoints.slice(i, i + 5_000);
      await tx.query(
        'insert into crash_checkpoints (position, hash) select unnest($1::bigint[]), unnest($2::text[])',
        [slice.map(([position]) => position), slice.map(([, hash]) => hash)],
      );
    }
  });
  const info = await chainInfo(db);
  if (!info) throw new Error('the crash chain was not stored');
  return info;
}

/** Reads game hashes from the checkpoints, one recomputed segment at a time. */
export class ChainReader {
  #segmentTop = -1;
  /** `#segment[k]` is the hash at position `#segmentTop − k`. */
  #segment: string[] = [];

  readonly #db: Queryable;
  readonly info: ChainInfo;

  constructor(db: Queryable, info: ChainInfo) {
    this.#db = db;
    this.info = info;
  }

  /** `h_position` (1 ≤ position ≤ length). */
  async hashAt(position: number): Promise<string> {
    if (!Number.isInteger(position) || position < 0 || position > this.info.length)
      throw new RangeError(`no game ${position} in a chain of ${this.info.length}`);
    const top = Math.min(this.info.length, Math.ceil(position / this.info.every) * this.info.every);
    if (top !== this.#segmentTop) {
      const [row] = await this.#db.query<{ hash: string }>(
        'select hash from crash_checkpoints where position = $1',
        [top],
      );
      if (!row) throw new Error(`checkpoint ${top} is missing`);
      const bottom = Math.max(0, top - this.info.every);
      const segment = [row.hash];
      for (let p = top; p > bottom; p -= 1) segment.push(previousHash(segment.at(-1)!));
      this.#segment = segment;
      this.#segmentTop = top;
    }
    return this.#segment[top - position]!;
  }
}
