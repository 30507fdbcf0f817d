/**
 * The offline notice (src/components/AppShell.astro, docs/pwa.md "Offline"): shown while the
 * browser says it is offline, gone once it is back. The page stays as it is meanwhile: a
 * logged-in player keeps the session view (src/client/session.ts).
 */
export function watchConnection(): void {
  const notice = document.getElementById('offline-notice');
  const update = () => {
    const offline = !navigator.onLine;
    if (notice) notice.hidden = !offline;
    document.documentElement.toggleAttribute('data-offline', offline);
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
}
