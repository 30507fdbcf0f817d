import { fromMinor } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import { userById } from '../auth/repository.ts';
import { buildProfile } from '../profile/profile.ts';

/** Pushes a player's balances to their `/ws` channel after every committed change. */
export class WalletEvents {
  readonly #db: Database;
  readonly #bus: Bus;

  constructor(database: Database, bus: Bus) {
    this.#db = database;
    this.#bus = bus;
  }

  /** Publishes balances the caller already knows (a bet's statement returns them), no query. */
  publishBalances(userId: string, currency: string, cash: bigint, bonus: bigint): void {
    publishEvent(this.#bus, `user:${userId}`, Date.now(), {
      type: 'balance',
      balance: fromMinor(cash),
      bonus_balance: fromMinor(bonus),
      total_balance: fromMinor(cash + bonus),
      currency,
    }).catch(() => {});
  }

  async balanceChanged(userId: string): Promise<void> {
    const user = await userById(this.#db, userId);
    if (!user) return;
    const profile = await buildProfile(this.#db, user);
    // The version is the time in ms: monotonic enough per user for "newer than what I show".
    await publishEvent(this.#bus, `user:${userId}`, Date.now(), {
      type: 'balance',
      balance: profile.balance,
      bonus_balance: profile.bonus_balance,
      total_balance: profile.total_balance,
      currency: profile.currency,
    });
  }
}
