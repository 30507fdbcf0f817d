/**
 * Named in-process counters of things that went wrong without failing the request that caused
 * them (a realtime event the bus refused, …). Each counter is defined once by name, anywhere in
 * the server; `counterValues()` reads them all (for a log line, a test, a future /metrics page).
 */
export interface Counter {
  readonly name: string;
  /** One sentence: what one count means. */
  readonly help: string;
  /** Adds `by` (default 1) and returns the new total. */
  inc(by?: number): number;
  readonly value: number;
}

const registry = new Map<string, Counter>();

/** The counter called `name`, created on first use; a second definition returns the same one. */
export function defineCounter(name: string, help: string): Counter {
  const known = registry.get(name);
  if (known) return known;
  let total = 0;
  const counter: Counter = {
    name,
    help,
    inc(by = 1) {
      total += by;
      return total;
    },
    get value() {
      return total;
    },
  };
  registry.set(name, counter);
  return counter;
}

/** Every defined counter's total, by name. */
export function counterValues(): Record<string, number> {
  return Object.fromEntries([...registry].map(([name, counter]) => [name, counter.value]));
}

/**
 * Realtime events a module could not publish on the bus (memory or Redis): the change they report
 * is committed, and the browser catches up on its next read. Every module that publishes counts
 * its failures here.
 */
export const realtimePublishFailures = defineCounter(
  'realtime_publish_failures_total',
  'Realtime events that could not be published on the bus',
);
