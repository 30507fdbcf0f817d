/**
 * The server's time (docs/architecture.md "Layers"): what tokens, sessions, limits and deadlines
 * read instead of `Date.now()`, so tests move time instead of sleeping. Timestamps taken inside
 * SQL (`now()`) and the round engines' timers keep the real time.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  date(): Date;
}

/** The process's real time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  date: () => new Date(),
};

/** A clock that stands still until a test moves it. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: number | Date = Date.now()) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#now;
  }

  date(): Date {
    return new Date(this.#now);
  }

  set(ms: number | Date): void {
    this.#now = typeof ms === 'number' ? ms : ms.getTime();
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
