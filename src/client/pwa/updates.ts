/** What to do when a new service worker takes over the page (docs/pwa.md "Updates"). */
export type ReloadDecision = 'reload' | 'wait-for-navigation' | 'guarded';

/**
 * A new build reloads the page, unless the player is in the middle of a game round or has a modal
 * open (the next navigation loads the new build instead), and at most once per `guardMs`
 * (docs/product-rules.md §9: the reload guard, 10 s), so two quick builds never reload twice.
 */
export function decideReload(input: {
  busy: boolean;
  lastReloadAt: number | null;
  now: number;
  guardMs: number;
}): ReloadDecision {
  if (input.busy) return 'wait-for-navigation';
  if (input.lastReloadAt !== null && input.now - input.lastReloadAt < input.guardMs) return 'guarded';
  return 'reload';
}

/** Whether `builds/latest.json` names another build than the one running. */
export function isNewBuild(latest: unknown, running: string): boolean {
  const id = (latest as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' && id !== running;
}
