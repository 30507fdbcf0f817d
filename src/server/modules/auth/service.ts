import type { AuthDeps } from './context.ts';
import { Logins } from './login.ts';
import { Notifier } from './notifier.ts';
import { PlayerPasswords } from './player-passwords.ts';
import { PasswordRecovery } from './recovery.ts';
import { Registrations } from './registration.ts';
import { Sessions } from './sessions.ts';
import { LoginThrottle } from './throttle.ts';
import type { TokenKeys } from './tokens.ts';
import { ContactVerification } from './verification.ts';

/**
 * The accounts module, one part per job (docs/api-auth.md): registration, login, contact
 * verification, password recovery, the passwords of a logged-in player, and sessions.
 */
export class AuthService {
  readonly keys: TokenKeys;
  /** The login throttle (its live counters feed the operator API). */
  readonly throttle: LoginThrottle;
  readonly sessions: Sessions;
  readonly registration: Registrations;
  readonly login: Logins;
  readonly verification: ContactVerification;
  readonly recovery: PasswordRecovery;
  readonly passwords: PlayerPasswords;
  /** Mails and texts to players (the other modules' transactional messages go through it too). */
  readonly notifier: Notifier;

  constructor(deps: AuthDeps) {
    this.keys = deps.keys;
    this.throttle = new LoginThrottle(deps.database, deps.log);
    this.sessions = new Sessions(deps);
    const notifier = new Notifier(deps);
    this.notifier = notifier;
    const parts = { notifier, sessions: this.sessions };
    this.registration = new Registrations(deps, parts);
    this.login = new Logins(deps, { ...parts, throttle: this.throttle });
    this.verification = new ContactVerification(deps, parts);
    this.recovery = new PasswordRecovery(deps, parts);
    this.passwords = new PlayerPasswords(deps, parts);
  }
}
