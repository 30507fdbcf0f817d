import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Periodic } from '../../periodic.ts';
import { expireDueDeposits } from './repository.ts';

/** Deposits expired per statement; the sweep repeats while a batch comes back full. */
const BATCH = 500;

/**
 * Unpaid deposits past their deadline (DEPOSIT_CHECKOUT_TTL_MINUTES) become `expired` without any
 * request touching them: every instance sweeps on a timer, and the conditional update lets
 * concurrent sweeps (other instances) share the work without expiring a deposit twice. Reads that
 * show a payment (GET /payments/:id, the history) expire the player's due deposits first, so a
 * deposit never shows as pending past its deadline between two sweeps. No money moves: an unpaid
 * deposit was never credited. A success the provider reports later still credits it
 * (webhooks.ts: expired → succeeded).
 */
export class DepositExpiry {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;
  readonly #periodic: Periodic;

  constructor(deps: { database: Database; log: FastifyBaseLogger }) {
    this.#db = deps.database;
    this.#log = deps.log;
    this.#periodic = new Periodic(() => this.sweep(), deps.log, 'deposit expiry sweep failed');
  }

  /** Expires every due deposit now (the timer calls this; tests may too). Returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await expireDueDeposits(this.#db, { limit: BATCH });
      total += expired.length;
      if (expired.length > 0)
        this.#log.info({ payments: expired.map((p) => p.id) }, 'unpaid deposits expired');
      if (expired.length < BATCH) return total;
    }
  }

  start(intervalMs: number): void {
    this.#periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.#periodic.stop();
  }
}
