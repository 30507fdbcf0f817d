/**
 * Started on a player's page (./SessionGuard.astro): the session guard (./guard.ts: reality
 * checks, the session time limit, the banner of a break) is downloaded once the header's session
 * script has found the player logged in (`<html data-visitor="user">`, src/client/account.ts).
 * It imports nothing, so the header's own code is bundled as it was.
 */
const root = document.documentElement;
let guarded = false;

function check(): void {
  if (guarded || root.dataset.visitor !== 'user') return;
  guarded = true;
  watch.disconnect();
  void import('./guard.ts').then(({ startGuard }) => startGuard());
}

const watch = new MutationObserver(check);
watch.observe(root, { attributes: true, attributeFilter: ['data-visitor'] });
check();
