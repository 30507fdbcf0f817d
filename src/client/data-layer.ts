import type { ApiErrorReport } from './errors.ts';

/** One entry of the tag manager's data layer (docs/pwa.md "Third parties"). */
export type DataLayerEntry = Record<string, unknown> & { event?: string };

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** Adds an entry to `window.dataLayer`; the tag manager reads it once loaded (and queued ones before). */
export function pushDataLayer(entry: DataLayerEntry): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/**
 * The data-layer events of a failed login or registration (docs/product-rules.md §8): the joined
 * error text, or 'error 500' when the answer named none; a refused promo code also sends `promocode_error`.
 */
export function authFailureEvents(kind: 'login' | 'registration', report: ApiErrorReport): DataLayerEntry[] {
  const messages = Object.values(report.fields).flat();
  if (report.code) messages.push(report.code);
  const events: DataLayerEntry[] = [
    { event: `${kind}_error`, error: messages.length ? messages.join(', ') : 'error 500' },
  ];
  const promo = report.fields.promo;
  if (promo?.length) events.push({ event: 'promocode_error', error: promo.join(', ') });
  return events;
}
