import { fromMinor } from '../../../shared/money.ts';
import { type BalanceEvent, userChannel } from '../../../shared/wire/realtime.ts';
import type { Database } from '../../db/client.ts';
import { realtimePublishFailures } from '../../metrics.ts';
import type { Bus } from '../../realtime/bus.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import { userById } from '../auth/repository.ts';
import { playerBalances } from './balances.ts';

/** Where a failed publish is reported (the app's pino logger fits). */
export interface EventsLog {
  warn(obj: object, msg?: string): void;
}

const silent: EventsLog = { warn() {} };

/** Pushes a player's balances to their `/ws` channel after every committed change. */
export class WalletEvents {
  readonly #db: Database;
  readonly #bus: Bus;
  readonly #log: EventsLog;

  constructor(database: Database, bus: Bus, log: EventsLog = silent) {
    this.#db = database;
    this.#bus = bus;
    this.#log = log;
  }

  /**
   * Publishes balances the caller already knows (a bet's statement returns them), no query. The
   * bet is committed whatever happens here: a failed publish is logged and counted, never thrown.
   */
  publishBalances(userId: string, currency: string, cash: bigint, bonus: bigint): void {
    void this.#publish(userId, balanceEvent(currency, cash, bonus));
  }

  /**
   * Reads the player's balances in their currency and publishes them. The change is committed
   * already (a deposit, a withdrawal): a failed publish is logged and counted, never thrown, so the
   * request that made the change still succeeds.
   */
  async balanceChanged(userId: string): Promise<void> {
    const user = await userById(this.#db, userId);
    if (!user) return;
    const { cash, bonus } = user.currency
      ? await playerBalances(this.#db, user.id, user.currency)
      : { cash: 0n, bonus: 0n };
    await this.#publish(userId, balanceEvent(user.currency, cash, bonus));
  }

  async #publish(userId: string, event: BalanceEvent): Promise<void> {
    const channel = userChannel(userId);
    try {
      // The version is the time in ms: monotonic enough per user for "newer than what I show".
      await publishEvent(this.#bus, channel, Date.now(), event);
    } catch (err) {
      const failures = realtimePublishFailures.inc();
      this.#log.warn({ err, userId, channel, failures }, 'could not publish the balance event');
    }
  }
}

/** The `balance` event of docs/api-money.md ("/ws"). */
function balanceEvent(currency: string | null, cash: bigint, bonus: bigint): BalanceEvent {
  return {
    type: 'balance',
    balance: fromMinor(cash),
    bonus_balance: fromMinor(bonus),
    total_balance: fromMinor(cash + bonus),
    currency,
  };
}
