/** The player's cookie choice (docs/pwa.md "Cookie consent"): all cookies, or the necessary ones only. */
export type Consent = 'all' | 'necessary';

export const CONSENT_KEY = 'cookieConsent';

export function readConsent(): Consent | null {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'all' || value === 'necessary' ? value : null;
}

/**
 * The consent banner (markup: src/components/AppShell.astro). It shows until the player chooses, and
 * again from the footer's "Cookie settings". `onAll` runs when analytics may load; taking consent
 * back reloads the page, so the scripts already running stop.
 */
export function startConsent(onAll: () => void): void {
  const banner = document.getElementById('cookie-consent');
  if (!banner) return;
  const choose = (choice: Consent) => {
    const before = readConsent();
    localStorage.setItem(CONSENT_KEY, choice);
    banner.hidden = true;
    if (choice === 'all' && before !== 'all') onAll();
    else if (choice === 'necessary' && before === 'all') window.location.reload();
  };
  for (const button of banner.querySelectorAll<HTMLButtonElement>('[data-consent]')) {
    button.addEventListener('click', () => choose(button.dataset.consent === 'all' ? 'all' : 'necessary'));
  }
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('[data-consent-open]')) {
      banner.hidden = false;
      banner.querySelector<HTMLButtonElement>('[data-consent="all"]')?.focus();
    }
  });
  const consent = readConsent();
  if (consent === 'all') onAll();
  else if (consent === null) banner.hidden = false;
}
