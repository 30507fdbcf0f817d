import type { KeyObject } from 'node:crypto';
import type { Currency } from '../../../shared/currencies.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';

/** What the games module needs from the app. */
export interface GamesDeps {
  config: AppConfig;
  database: Database;
  bus: Bus;
  /** Pushes the player's new balances to their `/ws` channel. */
  publishBalances: (userId: string, currency: Currency, cash: bigint, bonus: bigint) => void;
  /** Keys the public alias of players without a name (`playerName`), so feeds never show user ids. */
  aliasKey: KeyObject;
  /** Where failures that do not fail the request are logged (the app's logger). */
  log: { error: (context: Record<string, unknown>, message: string) => void };
}
