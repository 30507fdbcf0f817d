import { atom, computed } from 'nanostores';

/** Modal names of spec §2. */
export const MODALS = [
  'Login',
  'LoginByEmail',
  'ConfirmByPhone',
  'Register',
  'PayIn',
  'Verification',
] as const;
export type ModalName = (typeof MODALS)[number];

export function isModalName(value: unknown): value is ModalName {
  return typeof value === 'string' && (MODALS as readonly string[]).includes(value);
}

/** The open modals, most recent last (spec §2: "a list of modals"). */
export const $modals = atom<readonly ModalName[]>([]);
export const $topModal = computed($modals, (list) => list.at(-1) ?? null);

export function openModal(name: ModalName): void {
  const list = $modals.get();
  $modals.set([...list.filter((m) => m !== name), name]);
}

export function closeModal(name?: ModalName): void {
  const list = $modals.get();
  $modals.set(name ? list.filter((m) => m !== name) : list.slice(0, -1));
}

/** Swaps one modal for the next step of the same flow in a single update (no flash of the page). */
export function replaceModal(from: ModalName, to: ModalName): void {
  const list = $modals.get().filter((m) => m !== from && m !== to);
  $modals.set([...list, to]);
}

export function closeAllModals(): void {
  $modals.set([]);
}

/**
 * Page scrolling is locked while any modal is open (spec §2). Returns the unsubscribe function.
 * The scrollbar width is compensated so the page does not jump.
 */
export function lockScrollWhileOpen(doc: Document = document): () => void {
  return $modals.subscribe((list) => {
    const root = doc.documentElement;
    const locked = list.length > 0;
    if (locked && !root.classList.contains('scroll-locked')) {
      const gap = (doc.defaultView?.innerWidth ?? 0) - root.clientWidth;
      root.style.setProperty('--scrollbar-gap', `${Math.max(0, gap)}px`);
    }
    root.classList.toggle('scroll-locked', locked);
  });
}
