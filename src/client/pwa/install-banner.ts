/** The browser's install prompt event (Chromium's `beforeinstallprompt`). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** docs/product-rules.md §3: the hide-install flag in local storage; once set the banner never shows again. */
export const HIDE_INSTALL = 'hideInstall';

function isIos(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return /iPad|iPhone|iPod/.test(navigator.userAgent) && !standalone;
}

/**
 * The install banner of docs/product-rules.md §4 (markup: src/components/AppShell.astro): offered when the
 * browser allows it; its button opens the browser's prompt; closing the banner or cancelling the
 * prompt hides it for good. iOS has no prompt: the banner shows a short how-to instead. Returns
 * the function that offers the browser's prompt.
 */
export function startInstallBanner(): (event: InstallPromptEvent) => void {
  const banner = document.getElementById('install-banner');
  const hidden = () => localStorage.getItem(HIDE_INSTALL) === '1';
  if (!banner) return () => undefined;
  let pending: InstallPromptEvent | null = null;
  const close = (forever: boolean) => {
    banner.hidden = true;
    if (forever) localStorage.setItem(HIDE_INSTALL, '1');
  };
  banner.querySelector('[data-install-dismiss]')?.addEventListener('click', () => close(true));
  banner.querySelector('[data-install-accept]')?.addEventListener('click', async () => {
    if (!pending) return;
    const event = pending;
    pending = null;
    await event.prompt();
    const { outcome } = await event.userChoice;
    close(outcome === 'dismissed');
  });
  window.addEventListener('appinstalled', () => close(true));
  if (isIos() && !hidden()) {
    banner.dataset.mode = 'ios';
    banner.hidden = false;
  }
  return (event) => {
    if (hidden()) return;
    pending = event;
    banner.dataset.mode = 'prompt';
    banner.hidden = false;
  };
}
