import { atom } from 'nanostores';
import { NOTIFICATION_DEFAULTS } from '../shared/timing.ts';

/** One notice of the toast stack (docs/product-rules.md §8, defaults of docs/product-rules.md §9). */
export interface Notice {
  id: number;
  kind: 'error' | 'success' | 'info';
  title: string;
  lines: readonly string[];
  durationMs: number;
}

export const $notices = atom<readonly Notice[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a notice and hides it after its duration; returns its id. */
export function pushNotice(
  notice: Omit<Notice, 'id' | 'durationMs' | 'kind'> & Partial<Pick<Notice, 'durationMs' | 'kind'>>,
): number {
  const id = nextId++;
  const full: Notice = {
    kind: 'error',
    durationMs: NOTIFICATION_DEFAULTS.durationMs,
    ...notice,
    id,
  };
  $notices.set([...$notices.get(), full]);
  if (full.durationMs > 0)
    timers.set(
      id,
      setTimeout(() => dismissNotice(id), full.durationMs),
    );
  return id;
}

export function dismissNotice(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  $notices.set($notices.get().filter((n) => n.id !== id));
}

/** Keeps a notice on screen while the pointer or focus is on it; restarts the timer after. */
export function holdNotice(id: number, held: boolean): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (held) return;
  const notice = $notices.get().find((n) => n.id === id);
  if (notice && notice.durationMs > 0)
    timers.set(
      id,
      setTimeout(() => dismissNotice(id), notice.durationMs),
    );
}
