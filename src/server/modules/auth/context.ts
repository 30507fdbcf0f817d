import type { Strategy } from '../../../i18n/routing.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { Clock } from '../../clock.ts';
import type { Env } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DeviceCookies } from './device.ts';
import type { Fingerprints } from './fingerprint.ts';
import type { Logger, Messenger } from './messenger.ts';
import type { TokenKeys } from './tokens.ts';

export type { Channel } from './repository.ts';

/** Who is asking: used for sessions, limits and links. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  locale: Locale;
  /** Origin of the site for links in messages (https://example.com); null on an untrusted host. */
  siteUrl: string | null;
  /** The locale prefix strategy, for localized links in messages. */
  strategy: Strategy;
  country?: string | null;
  /** The browser's fingerprint as sent (`fp`), kept sealed with the session (auth/fingerprint.ts). */
  fingerprint?: string | null;
}

/** What every part of the accounts module works with. */
export interface AuthDeps {
  database: Database;
  keys: TokenKeys;
  messenger: Messenger;
  env: Env;
  /**
   * Called with the ids of revoked sessions once the revocation has committed; the app publishes
   * them on the bus so every instance's /ws drops those sessions' private channels.
   */
  sessionsRevoked: (sessionIds: string[]) => Promise<void>;
  devices: DeviceCookies;
  fingerprints: Fingerprints;
  log: Logger;
  /** The time token lifetimes are measured on (src/server/clock.ts); default the system's. */
  clock?: Clock;
}
