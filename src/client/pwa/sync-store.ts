/**
 * The app's local database of docs/product-rules.md §3: IndexedDB `MyDatabase` version 1, store
 * `syncStore`, one record of id 1 holding the API base URL, kept by the service worker together
 * with the mirror list it last fetched (docs/pwa.md "Background sync").
 */
export const DB_NAME = 'MyDatabase';
export const DB_VERSION = 1;
export const STORE = 'syncStore';
export const RECORD_ID = 1;

export interface SyncRecord {
  id: typeof RECORD_ID;
  apiBaseUrl: string;
  /** Hosts of the site from GET /mirror. */
  mirrors: string[];
  /** When the mirror list was last fetched (ms since the epoch); 0: never. */
  syncedAt: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE))
      open.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  return request(open);
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDatabase();
  try {
    return await request(run(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

export function readSyncRecord(): Promise<SyncRecord | undefined> {
  return withStore('readonly', (store) => store.get(RECORD_ID) as IDBRequest<SyncRecord | undefined>);
}

export async function writeSyncRecord(record: SyncRecord): Promise<void> {
  await withStore('readwrite', (store) => store.put(record));
}

/**
 * Refreshes the mirror list from `<api base>/mirror` at most once per `minIntervalMs` and keeps the
 * API base URL (`apiBaseUrl` when the page sent one, else the stored one, else `/api`). A failed
 * fetch keeps the old list and the base URL, to be tried again at the next sync.
 */
export async function syncMirrors(origin: string, apiBaseUrl: string | undefined, minIntervalMs: number) {
  const stored = await readSyncRecord();
  const base = apiBaseUrl ?? stored?.apiBaseUrl ?? '/api';
  const record: SyncRecord = { id: RECORD_ID, apiBaseUrl: base, mirrors: [], syncedAt: 0, ...stored };
  record.apiBaseUrl = base;
  if (Date.now() - record.syncedAt >= minIntervalMs || stored?.apiBaseUrl !== base) {
    try {
      const res = await fetch(new URL(`${base}/mirror`, origin), { cache: 'no-store', credentials: 'omit' });
      const body = (await res.json()) as { mirrors?: unknown };
      if (res.ok && Array.isArray(body.mirrors)) {
        record.mirrors = body.mirrors.filter((m): m is string => typeof m === 'string');
        record.syncedAt = Date.now();
      }
    } catch {
      // Offline or the API is down: the next sync tries again.
    }
  }
  await writeSyncRecord(record);
  return record;
}

/** Keeps the API base URL the page uses, for the next background sync. */
export async function rememberApiBase(apiBaseUrl: string): Promise<void> {
  const stored = await readSyncRecord();
  await writeSyncRecord({ id: RECORD_ID, mirrors: [], syncedAt: 0, ...stored, apiBaseUrl });
}
