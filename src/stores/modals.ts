import { atom, computed } from 'nanostores';

/** Modal names of docs/product-rules.md §2. */
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

/** The open modals, most recent last (docs/product-rules.md §2: "a list of modals"). */
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
 * Page scrolling is locked while any modal is open (docs/product-rules.md §2). Returns the unsubscribe function.
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

/**
 * Focus goes back to the control that opened the first modal (the header's "Log in", say) once the
 * last one closes, however it closed (Escape, the close button, the backdrop, a finished flow). A
 * step swap (Login → Register) keeps the original opener. Returns the unsubscribe function.
 */
export function returnFocusAfterModals(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  let wasOpen = $modals.get().length > 0;
  return $modals.listen((list) => {
    const open = list.length > 0;
    if (open && !wasOpen) {
      const active = doc.activeElement as HTMLElement | null;
      opener = active && active !== doc.body ? active : null;
    } else if (!open && wasOpen) {
      const target = opener;
      opener = null;
      if (target?.isConnected) target.focus();
    }
    wasOpen = open;
  });
}
