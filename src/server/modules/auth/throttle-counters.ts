// The shapes of the login throttle's counters (docs/api-auth.md): what the throttle's rules
// (throttle.ts) and its repository (throttle-repository.ts) both name, kept apart so neither
// imports the other's file back.

/** A counter whose wait doubles with every failure past a few free ones (1 s, 2 s, 4 s … cap). */
export interface Backoff {
  kind: 'backoff';
  /** The failure that imposes the first wait (the ones before it cost nothing). */
  firstWaitAfter: number;
  /** The first wait; each later failure doubles it. */
  baseSeconds: number;
  capSeconds: number;
  /** Quiet time (since the last failure) after which the counter starts again from zero. */
  memorySeconds: number;
}

/** A fixed window: at most `failures` per `windowSeconds`, then refused until the window ends. */
export interface Budget {
  kind: 'budget';
  failures: number;
  windowSeconds: number;
}

export type Scope = 'password' | 'code' | 'device' | 'pair' | 'ip';

/** One counter: its scope, its key, and the account or address it counts. */
export interface Counter {
  scope: Scope;
  key: string;
  account: string | null;
  ip: string | null;
}
