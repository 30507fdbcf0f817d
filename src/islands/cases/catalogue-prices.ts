/**
 * The /games/cases catalogue is server-rendered with RUB prices (src/games/cases/catalogue.ts);
 * for a logged-in player this swaps them for the prices in the player's currency.
 */
import { startSession } from '../../client/session.ts';
import { formatters } from '../../i18n/format.ts';
import { isLocale } from '../../shared/locales.ts';
import { toMinor } from '../../shared/money.ts';
import { fetchCasePrices } from './prices.ts';

export async function refreshCasePrices(root: ParentNode = document): Promise<void> {
  const user = await startSession();
  if (!user?.currency || user.currency === 'RUB') return;
  const locale = document.documentElement.dataset.locale;
  const f = formatters(isLocale(locale) ? locale : 'en');
  for (const entry of await fetchCasePrices(user.currency)) {
    const slot = root.querySelector<HTMLElement>(`[data-case-price="${CSS.escape(entry.slug)}"]`);
    if (!slot) continue;
    try {
      slot.textContent = f.money(toMinor(entry.price), entry.currency);
      slot.dataset.currency = entry.currency;
    } catch {
      // An unexpected price keeps the server-rendered one.
    }
  }
}
