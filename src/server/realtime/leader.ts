import type { Database } from '../db/client.ts';

/** Where the election reports (the app's pino logger fits). */
export interface LeaderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** An election that keeps running until stopped. */
export interface Election {
  /** Whether this instance leads now. */
  readonly leading: boolean;
  /** Stops leading (the lead's signal aborts, the lock is released) and stops trying. */
  stop(): Promise<void>;
}

/**
 * Runs `lead` on exactly one instance at a time (docs/games.md "Rounds"): the instance that takes
 * the PostgreSQL advisory lock `key`, held on a connection of its own, leads; the others try again
 * every `retryMs`. When the leader's connection dies (its process was killed, the network split),
 * PostgreSQL drops the lock and another instance takes over within `retryMs`; the old leader's
 * `signal` aborts as soon as it notices, so it stops writing. `lead` must pick up the stored state
 * (rounds are in the database) rather than assume it starts fresh. On PGlite one process owns the
 * database, so the first caller leads.
 */
export function elect(
  database: Database,
  key: number,
  lead: (signal: AbortSignal) => Promise<void>,
  { name, retryMs = 1_000, log }: { name: string; retryMs?: number; log: LeaderLog },
): Election {
  let leading = false;
  let stopped = false;
  let current: AbortController | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const attempt = async () => {
    if (stopped) return;
    let lock: Awaited<ReturnType<Database['tryLock']>> = null;
    try {
      lock = await database.tryLock(key);
    } catch (err) {
      log.warn({ err, election: name }, 'leader election: the lock could not be tried');
    }
    if (!lock) return schedule();
    if (stopped) return lock.release();
    const controller = new AbortController();
    current = controller;
    leading = true;
    log.info({ election: name }, 'leading');
    void lock.lost.then(() => {
      if (!controller.signal.aborted) {
        log.error({ election: name }, 'leadership lost: the lock connection is gone');
        controller.abort(new Error('leadership lost'));
      }
    });
    try {
      await lead(controller.signal);
    } catch (err) {
      if (!controller.signal.aborted) log.error({ err, election: name }, 'the leader failed');
    } finally {
      leading = false;
      current = null;
      controller.abort();
      await lock.release();
    }
    schedule();
  };

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = attempt();
    }, retryMs);
    timer.unref();
  }

  running = attempt();
  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      current?.abort(new Error('stopping'));
      await running;
    },
  };
}

/** Resolves after `ms` (at once for none), or as soon as `signal` aborts: a leader's wait between steps. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
