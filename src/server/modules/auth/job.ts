import type { Database } from '../../db/client.ts';
import type { AuthDeps } from './context.ts';
import type { Notifier } from './notifier.ts';
import type { Sessions } from './sessions.ts';
import type { TokenKeys } from './tokens.ts';

// Apart from context.ts: the notifier and the sessions take the module's context (AuthDeps), and
// the jobs take them; one file for both would import each back.

/** The parts the jobs share: codes and messages to players, and their sessions. */
export interface AuthParts {
  notifier: Notifier;
  sessions: Sessions;
}

/** What each job of the accounts module (registration, login, recovery, …) works with. */
export abstract class AuthJob {
  protected readonly db: Database;
  protected readonly keys: TokenKeys;
  protected readonly notifier: Notifier;
  protected readonly sessions: Sessions;

  constructor(deps: AuthDeps, parts: AuthParts) {
    this.db = deps.database;
    this.keys = deps.keys;
    this.notifier = parts.notifier;
    this.sessions = parts.sessions;
  }
}
