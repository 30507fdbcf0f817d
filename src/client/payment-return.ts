import { notifyCode, notifyInfo, notifySuccess } from './notices.ts';
import { removeQueryFlags } from './query-flags.ts';
import { pageLocale } from './site.ts';

/** What the provider appends to `return_path` (docs/api-money.md). */
export const PAYMENT_PARAMS = ['payment', 'payment_status'] as const;

/** How the player left the provider's checkout (docs/api-money.md). */
const RETURN_STATUSES = ['succeeded', 'failed', 'cancelled', 'expired'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export function readPaymentReturn(search: string): { id: string; status: ReturnStatus } | null {
  const query = new URLSearchParams(search);
  const id = query.get('payment');
  const status = RETURN_STATUSES.find((known) => known === query.get('payment_status'));
  if (!id || !status) return null;
  return { id, status };
}

/** `href` without the payment return values (path, other parameters and hash kept). */
export function withoutPaymentParams(href: string): string {
  const url = new URL(href);
  for (const name of PAYMENT_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/**
 * Back from the hosted checkout: a translated notice says how the payment went, and the values
 * leave the address without a navigation; after a success the `deposit` flag leaves it too
 * (docs/product-rules.md §2), otherwise it stays and PayIn opens again. The address is cleaned
 * before the first await, so the caller sees the flags as they end up. The credit itself arrives
 * over `/ws`.
 */
export async function handlePaymentReturn(): Promise<void> {
  const result = readPaymentReturn(window.location.search);
  if (!result) return;
  window.history.replaceState(window.history.state, '', withoutPaymentParams(window.location.href));
  if (result.status === 'succeeded') removeQueryFlags(['deposit']);
  const { islandI18n } = await import('./i18n.ts');
  const i18n = await islandI18n(pageLocale());
  const t = (key: string) => i18n.t(key);
  if (result.status === 'succeeded') {
    notifySuccess(t('payments.succeeded'), t('modals.close'), [t('payments.succeededText')]);
  } else if (result.status === 'cancelled' || result.status === 'expired') {
    // Nothing was paid: a neutral notice, not an error.
    notifyInfo(t(`payments.return.${result.status}`), t('modals.close'), [
      t(`payments.return.${result.status}Text`),
    ]);
  } else {
    notifyCode('payment_failed', { t, exists: (key) => i18n.exists(key) });
  }
}
