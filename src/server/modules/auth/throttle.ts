import type { Queryable } from '../../db/client.ts';
import { TooManyAttempts } from './attempts.ts';
import type { Logger } from './messenger.ts';
import type { Backoff, Budget, Counter, Scope } from './throttle-counters.ts';
import {
  deleteCounter,
  deleteExpiredCounters,
  liveCounters,
  reserveFailure,
  takeBackFailure,
  waitingCounters,
} from './throttle-repository.ts';

export type { Backoff, Budget, Counter, Scope } from './throttle-counters.ts';

/**
 * A backoff whose first wait (1 s) comes with failure `firstWaitAfter`, doubling up to 15 minutes,
 * forgotten after a day without failures.
 */
function backoff(firstWaitAfter: number): Backoff {
  return {
    kind: 'backoff',
    firstWaitAfter,
    baseSeconds: 1,
    capSeconds: 15 * 60,
    memorySeconds: 24 * 60 * 60,
  };
}

/**
 * Every login-throttle number, in one place (docs/api-auth.md "Login throttling"). Guessing is
 * slowed, never turned into a lockout of the owner: a request carrying a valid device cookie for
 * the account counts against that cookie only.
 */
export const LOGIN_THROTTLE = {
  /**
   * Password guesses against one account from untrusted clients (no device cookie of the account),
   * from every IP together: 4 free, then 1 s after the 5th, 2 s, 4 s … 15 minutes from the 15th
   * on. A distributed attacker gets about 100 guesses a day; the owner on a new device may wait
   * up to 15 minutes per attempt, while a known device, a login code or a password reset is not
   * held up by this counter.
   */
  password: backoff(5),
  /**
   * Mailed-code guesses against one account from untrusted clients, counted apart from password
   * guesses so an attack on the password does not close the code login (each code also burns
   * after 5 wrong guesses, src/server/modules/auth/codes.ts).
   */
  code: backoff(5),
  /**
   * Failures from one known device (a valid device cookie of the account): more room than a
   * stranger gets (a player who forgot the password), then the same doubling; a stolen cookie is
   * no shortcut past the account's own counter.
   */
  device: backoff(10),
  /** Failures from one IP against one account: a small budget, so one IP cannot keep at it. */
  pair: { kind: 'budget', failures: 10, windowSeconds: 15 * 60 } satisfies Budget,
  /**
   * Failures from one IP across accounts: wide, since NAT and proxies put many players behind one
   * address (without TRUST_PROXY every client shares the proxy's), yet it stops a spray of
   * guesses over many accounts. Known devices are not counted and not stopped.
   */
  ip: { kind: 'budget', failures: 100, windowSeconds: 15 * 60 } satisfies Budget,
  /** How long a device cookie stays valid after the login that issued it. */
  deviceTrustDays: 180,
  /** Accounts one browser keeps device cookies for (a shared family computer). */
  devicesPerBrowser: 5,
  /** Expired counters are deleted after every this many recorded attempts (per process). */
  sweepEvery: 100,
} as const;

/** One login attempt, as the throttle sees it. */
export interface LoginAttempt {
  /** `user:<id>` for an account, `<channel>:<target>` for an address without one. */
  account: string;
  ip: string;
  /** Id of a valid device cookie of this account on the request; null for an untrusted client. */
  device: string | null;
  /** What is being guessed; each has its own per-account counter. */
  secret: 'password' | 'code';
}

/** What GET /operator/login-throttles answers (docs/api-auth.md). */
export interface ThrottleReport {
  accounts: Array<{
    account: string;
    password: CounterState | null;
    code: CounterState | null;
    devices: Array<CounterState & { device: string }>;
    ip_pairs: Array<CounterState & { ip: string }>;
    last_failure_at: Date;
  }>;
  ips: Array<CounterState & { ip: string }>;
}

export interface CounterState {
  failures: number;
  wait_seconds: number;
}

/**
 * Failure counters for logins, kept in the database so every instance sees the same ones. An
 * attempt is reserved (counted as a failure) before the secret is checked, so concurrent guesses
 * cannot all slip through while one is being verified; a success takes its reservation back.
 */
export class LoginThrottle {
  readonly #db: Queryable;
  readonly #log: Logger;
  #recorded = 0;

  constructor(db: Queryable, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  /**
   * Runs one attempt: 429 `too_many_attempts:<seconds>` while a counter imposes a wait; else
   * `beforeVerify` (the captcha: a refused attempt costs no call to it, and a failed captcha no
   * failure), then `verify`, which throws for a wrong secret. Its error is rethrown once counted.
   */
  async run<T>(
    attempt: LoginAttempt,
    verify: () => Promise<T>,
    beforeVerify?: () => Promise<void>,
  ): Promise<T> {
    const counters = countersOf(attempt);
    await this.#refuseWhileWaiting(attempt, counters);
    await beforeVerify?.();
    const reserved: Counter[] = [];
    const waits = new Map<Scope, number>();
    for (const counter of counters) {
      const wait = await this.#reserve(counter);
      if (wait === null) {
        // Another attempt took the last free slot meanwhile: give back what this one took.
        for (const earlier of reserved) await this.#release(earlier);
        await this.#refuseWhileWaiting(attempt, counters);
        throw new TooManyAttempts(1);
      }
      reserved.push(counter);
      if (wait > 0) waits.set(counter.scope, wait);
    }
    let result: T;
    try {
      result = await verify();
    } catch (error) {
      for (const [scope, wait] of waits) {
        this.#log.warn(
          { account: attempt.account, ip: attempt.ip, scope, waitSeconds: wait },
          'login failure: counter now imposes a wait',
        );
      }
      throw error;
    }
    for (const counter of counters) await this.#release(counter);
    return result;
  }

  /** Live counters, grouped by account, for the operator API. */
  async report(): Promise<ThrottleReport> {
    const rows = await liveCounters(this.#db);
    const accounts = new Map<string, ThrottleReport['accounts'][number]>();
    const ips: ThrottleReport['ips'] = [];
    for (const row of rows) {
      const state = { failures: row.failures, wait_seconds: Number(row.wait_seconds) };
      if (row.scope === 'ip') {
        ips.push({ ip: row.ip ?? '', ...state });
        continue;
      }
      const account = row.account ?? '';
      let entry = accounts.get(account);
      if (!entry) {
        entry = {
          account,
          password: null,
          code: null,
          devices: [],
          ip_pairs: [],
          last_failure_at: row.last_failure_at,
        };
        accounts.set(account, entry);
      }
      if (row.scope === 'password' || row.scope === 'code') entry[row.scope] = state;
      else if (row.scope === 'pair') entry.ip_pairs.push({ ip: row.ip ?? '', ...state });
      else entry.devices.push({ device: row.key.slice('device:'.length), ...state });
    }
    return { accounts: [...accounts.values()], ips };
  }

  async #refuseWhileWaiting(attempt: LoginAttempt, counters: Counter[]): Promise<void> {
    const waiting = await waitingCounters(
      this.#db,
      counters.map((c) => c.key),
    );
    if (waiting.length === 0) return;
    const wait = Math.max(1, ...waiting.map((w) => Number(w.wait)));
    this.#log.warn(
      {
        account: attempt.account,
        ip: attempt.ip,
        trusted: attempt.device !== null,
        scopes: waiting.map((w) => w.scope),
        waitSeconds: wait,
      },
      'login attempt refused by the throttle',
    );
    throw new TooManyAttempts(wait);
  }

  /**
   * Counts one failure in advance; null when the counter is waiting (another attempt got there
   * first), else the wait this failure imposes (0 for a free one).
   */
  async #reserve(counter: Counter): Promise<number | null> {
    if (++this.#recorded % LOGIN_THROTTLE.sweepEvery === 0) await this.sweep();
    return reserveFailure(this.#db, counter, LOGIN_THROTTLE[counter.scope]);
  }

  /**
   * Takes a reservation back after a success. The account's own counters start again; the IP's
   * loses only this attempt, so a login to one's own account cannot buy a spray new room.
   */
  async #release(counter: Counter): Promise<void> {
    if (counter.scope !== 'ip') await deleteCounter(this.#db, counter.key);
    else await takeBackFailure(this.#db, counter.key, LOGIN_THROTTLE.ip.failures);
  }

  /** Deletes counters past their memory or window. */
  async sweep(): Promise<void> {
    await deleteExpiredCounters(this.#db);
  }
}

/**
 * The counters an attempt runs under. A known device answers for itself alone: the attacker's
 * failures elsewhere (other IPs, or the same proxy IP) never reach it. Everyone else is counted
 * per IP, per (IP, account) and per account; the IP's wide budget is checked first.
 */
function countersOf(attempt: LoginAttempt): Counter[] {
  const { account, ip, device } = attempt;
  if (device) return [{ scope: 'device', key: `device:${device}`, account, ip: null }];
  return [
    { scope: 'ip', key: `ip:${ip}`, account: null, ip },
    { scope: 'pair', key: `pair:${ip}|${account}`, account, ip },
    { scope: attempt.secret, key: `${attempt.secret}:${account}`, account, ip: null },
  ];
}
