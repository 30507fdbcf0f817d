/** Where a periodic job reports a failed run (the app's pino logger fits). */
export interface PeriodicLog {
  error(obj: object, msg?: string): void;
}

/**
 * A background job run every `intervalMs` that never overlaps itself: a tick that finds the
 * previous run still going is skipped. A failed run is logged and the next tick tries again.
 * `stop` clears the timer and waits for a run in progress, so shutdown never cuts one short.
 */
export class Periodic {
  readonly #work: () => Promise<unknown>;
  readonly #log: PeriodicLog;
  readonly #failure: string;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(work: () => Promise<unknown>, log: PeriodicLog, failure: string) {
    this.#work = work;
    this.#log = log;
    this.#failure = failure;
  }

  start(intervalMs: number): void {
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.#work()
        .then(
          () => undefined,
          (err: unknown) => this.#log.error({ err }, this.#failure),
        )
        .then(() => {
          this.#running = undefined;
        });
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
