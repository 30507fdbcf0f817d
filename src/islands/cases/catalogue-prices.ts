/**
 * The /games/cases catalogue is server-rendered in the currency of the page locale
 * (src/games/cases/catalogue.ts); for a logged-in player this swaps them for the prices in the
 * player's currency.
 */
import { startSession } from '../../client/session.ts';

import { isLocale, LANGUAGE_TAG } from '../../shared/locales.ts';

import { formatMoney, toMinor } from '../../shared/money.ts';

import { fetchCasePrices } from './prices.ts';

export async function refreshCasePrices(root: ParentNode = document): Promise<void> {
  const user = await startSession();
  // The page is rendered in the currency its locale suggests; only another account currency needs the API.
  const rendered = root.querySelector<HTMLElement>('[data-case-price]')?.dataset.currency;
  if (!user?.currency || user.currency === rendered) return;
  const locale = document.documentElement.dataset.locale;
  const tag = LANGUAGE_TAG[isLocale(locale) ? locale : 'en'];
  for (const entry of await fetchCasePrices(user.currency)) {
    const slot = root.querySelector<HTMLElement>(`[data-case-price="${CSS.escape(entry.slug)}"]`);
    if (!slot) continue;
    try {
      slot.textContent = formatMoney(toMinor(entry.price), entry.currency, tag);
      slot.dataset.currency = entry.currency;
    } catch {
      // An unexpected price keeps the server-rendered one.
    }
  }
}
