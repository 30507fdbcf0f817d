import { formatMoneyText } from '../shared/money.ts';

/**
 * A logged-in player's content pages in their own currency (src/components/money-slot.ts): each
 * amount that carries its value per currency (`data-money`) shows the player's, and an offer that
 * does not apply to it (`data-currencies`) is hidden, with the "no offers" line when none is left.
 */

/** What an amount with these values per currency (`data-money`'s JSON) reads for the player. */
export function amountFor(money: string | undefined, currency: string, tag: string): string {
  let amounts: Record<string, unknown>;
  try {
    amounts = JSON.parse(money ?? '{}') as Record<string, unknown>;
  } catch {
    return '—';
  }
  const value = amounts[currency];
  return typeof value === 'string' ? formatMoneyText(value, currency, tag) : '—';
}

/** Whether an offer for these currencies (`data-currencies`, space-separated) applies to the player's. */
export function offeredIn(currencies: string | undefined, currency: string): boolean {
  return (currencies ?? '').split(' ').includes(currency);
}

export function showPlayerAmounts(root: ParentNode, currency: string, tag: string): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-money]'))
    el.textContent = amountFor(el.dataset.money, currency, tag);
  let shown = 0;
  for (const el of root.querySelectorAll<HTMLElement>('[data-currencies]')) {
    el.hidden = !offeredIn(el.dataset.currencies, currency);
    if (!el.hidden) shown += 1;
  }
  const none = root.querySelector<HTMLElement>('[data-no-offers]');
  if (none) none.hidden = shown > 0;
}
