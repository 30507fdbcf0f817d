import { TIMING } from '../shared/timing.ts';

/** Where the browser's fingerprint is kept (docs/product-rules.md §3 "Local storage"). */
const KEY = 'fp';

/** What `resolveFingerprint` works with: the storage and the library, replaceable in unit tests. */
export interface FingerprintSource {
  read: () => string | null;
  write: (value: string) => void;
  /** The library's visitor id for this browser. */
  compute: () => Promise<string>;
  fallbackMs: number;
}

/**
 * The kept fingerprint at once; else the library's answer if it comes within the fallback delay,
 * null if not (the login never waits longer) — it is kept when it does come, for the next call.
 */
export function resolveFingerprint(source: FingerprintSource): Promise<string | null> {
  const kept = source.read();
  if (kept) return Promise.resolve(kept);
  const computed = source.compute().then(
    (value) => {
      source.write(value);
      return value;
    },
    () => null,
  );
  const fallback = new Promise<null>((resolve) => setTimeout(() => resolve(null), source.fallbackMs));
  return Promise.race([computed, fallback]);
}

let pending: Promise<string | null> | undefined;

/**
 * The browser's device fingerprint (docs/edge.md "Device fingerprint"): FingerprintJS's visitor id,
 * computed once (the library loads only when a login, a registration or a page-open event needs
 * it), kept in local storage and sent as `fp`; the server keeps it encrypted with its key. Null
 * when the library has not answered within 500 ms.
 */
export function fingerprint(): Promise<string | null> {
  pending ??= resolveFingerprint({
    read: () => {
      try {
        return localStorage.getItem(KEY);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        localStorage.setItem(KEY, value);
      } catch {
        // Storage refused (a private window): computed again next time.
      }
    },
    compute: async () => {
      const { load } = await import('@fingerprintjs/fingerprintjs');
      // No statistics request to the library's authors: nothing leaves the site.
      const agent = await load({ monitoring: false });
      return (await agent.get()).visitorId;
    },
    fallbackMs: TIMING.fingerprintFallbackMs,
  }).catch(() => null);
  const result = pending;
  // A null answer (too slow, no storage) is not cached: the next call reads what was kept since.
  void result.then((value) => {
    if (!value && pending === result) pending = undefined;
  });
  return result;
}
