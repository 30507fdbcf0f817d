import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '../../../shared/locales.ts';
import { formatMoney } from '../../../shared/money.ts';
import { systemClock } from '../../clock.ts';
import type { CheckoutRow } from './sandbox-repository.ts';
import { SANDBOX_TEXTS } from './sandbox-texts.ts';

/**
 * The sandbox provider's hosted pages: the card form, the 3-D Secure question, a closed checkout
 * and an expired one. Every page leads back to the site (the deposit's return URL).
 */

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:#eef1f6;font:16px/1.5 system-ui,sans-serif;color:#1c2333}
main{width:100%;max-width:440px;background:#fff;border-radius:14px;padding:28px;box-shadow:0 10px 30px rgb(20 30 60/12%)}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:14px}
.back{font-size:.9rem;font-weight:600;text-decoration:none}.back:hover{text-decoration:underline}
h1{font-size:1.3rem;margin:0 0 6px;overflow-wrap:anywhere}.badge{display:inline-block;background:#ffe9a8;color:#6b4d05;border-radius:6px;padding:2px 8px;font-size:.75rem;font-weight:700;letter-spacing:.05em}
.amount{font-size:1.8rem;font-weight:800;margin:14px 0;overflow-wrap:anywhere}label{display:grid;gap:4px;min-width:0;font-size:.85rem;color:#55607a;margin:10px 0}
input{width:100%;min-width:0;height:44px;border:1px solid #cfd6e4;border-radius:8px;padding:0 12px;font:inherit;color:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #9b90ff;outline-offset:2px}
.row{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:10px}.row label{margin:0}
button,.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;border:0;border-radius:10px;background:#4a3aff;color:#fff;font:inherit;font-weight:700;margin-top:14px;padding:8px 16px;cursor:pointer;text-align:center;text-decoration:none}
button.secondary,.button.secondary{background:#e7eaf2;color:#1c2333}.hint{font-size:.8rem;color:#6b7590}.error{color:#c0243c;font-weight:600}a{color:#4a3aff}
@media (max-width:420px){body{padding:12px}main{padding:20px 16px}.amount{font-size:1.5rem}}`;
export const SANDBOX_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function textsFor(locale: string) {
  return SANDBOX_TEXTS[isLocale(locale) ? locale : 'en'];
}

/** How the player left the checkout, as the site reads it (docs/api-money.md). */
export type ReturnStatus = 'succeeded' | 'failed' | 'cancelled' | 'expired';

/** The deposit's return URL with the payment and how it ended (`payment`, `payment_status`). */
export function returnUrl(row: CheckoutRow, status: ReturnStatus): string {
  const url = new URL(row.return_url);
  url.searchParams.set('payment', row.merchant_ref);
  url.searchParams.set('payment_status', status);
  return url.href;
}

function page(locale: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(textsFor(locale).title ?? '')}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const TAGS: Record<Locale, string> = { ru: 'ru', en: 'en-US', kz: 'kk', br: 'pt-BR', hi: 'hi' };
function amountText(row: CheckoutRow): string {
  return formatMoney(BigInt(row.amount), row.currency, TAGS[isLocale(row.locale) ? row.locale : 'en']);
}

/** The badge and the way back to the site (leaving an open checkout cancels it for the site). */
function top(row: CheckoutRow, badge: string, back: ReturnStatus): string {
  const t = textsFor(row.locale);
  return `<div class="top"><span class="badge">${escapeHtml(badge)}</span><a class="back" href="${escapeHtml(returnUrl(row, back))}" data-testid="checkout-back">← ${escapeHtml(t.back ?? '')}</a></div>`;
}

/** "Valid for 12 more minutes", from the checkout's deadline and `now` (ms); empty without one. */
function validity(row: CheckoutRow, now: number): string {
  if (!row.expires_at) return '';
  const minutes = Math.max(1, Math.ceil((row.expires_at.getTime() - now) / 60_000));
  const text = (textsFor(row.locale).expiresIn ?? '').replace('{minutes}', String(minutes));
  return `<p class="hint" data-testid="checkout-validity">${escapeHtml(text)}</p>`;
}

export function checkoutPage(
  row: CheckoutRow,
  action: string,
  error?: string,
  now = systemClock.now(),
): string {
  const t = textsFor(row.locale);
  return page(
    row.locale,
    `${top(row, 'SANDBOX', 'cancelled')}<h1>${escapeHtml(t.title ?? '')}</h1><p class="hint">${escapeHtml(t.notice ?? '')}</p>
<p class="amount">${escapeHtml(amountText(row))}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>${escapeHtml(t.card ?? '')}<input name="card" inputmode="numeric" autocomplete="cc-number" required value="4242 4242 4242 4242"></label>
<div class="row"><label>${escapeHtml(t.expiry ?? '')}<input name="expiry" inputmode="numeric" autocomplete="cc-exp" required value="12/30"></label><label>${escapeHtml(t.cvc ?? '')}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required value="123"></label></div>
<button type="submit">${escapeHtml(t.pay ?? '')} ${escapeHtml(amountText(row))}</button></form>
<a class="button secondary" href="${escapeHtml(returnUrl(row, 'cancelled'))}" data-testid="checkout-cancel">${escapeHtml(t.cancel ?? '')}</a>
${validity(row, now)}<p class="hint">${escapeHtml(t.cards ?? '')}</p>`,
  );
}

export function secureCodePage(row: CheckoutRow, action: string, now = systemClock.now()): string {
  const t = textsFor(row.locale);
  return page(
    row.locale,
    `${top(row, '3-D SECURE', 'cancelled')}<h1>${escapeHtml(t.secure ?? '')}</h1><p>${escapeHtml(t.secureText ?? '')}</p><p class="amount">${escapeHtml(amountText(row))}</p>
<form method="post" action="${escapeHtml(action)}"><button name="action" value="confirm" type="submit">${escapeHtml(t.confirm ?? '')}</button>
<button class="secondary" name="action" value="fail" type="submit">${escapeHtml(t.fail ?? '')}</button></form>${validity(row, now)}`,
  );
}

/** A checkout that can no longer be paid: expired at its deadline, or paid or failed already. */
export function closedPage(row: CheckoutRow): string {
  const t = textsFor(row.locale);
  if (row.status === 'expired') {
    return page(
      row.locale,
      `<div class="top"><span class="badge">SANDBOX</span></div><h1 data-testid="checkout-expired">${escapeHtml(t.expired ?? '')}</h1>
<p>${escapeHtml(t.expiredText ?? '')}</p><p class="amount">${escapeHtml(amountText(row))}</p>
<a class="button" href="${escapeHtml(returnUrl(row, 'expired'))}" data-testid="checkout-back">${escapeHtml(t.back ?? '')}</a>`,
    );
  }
  return page(
    row.locale,
    `<div class="top"><span class="badge">SANDBOX</span></div><h1>${escapeHtml(t.closed ?? '')}</h1>
<a class="button" href="${escapeHtml(row.return_url)}" data-testid="checkout-back">${escapeHtml(t.back ?? '')}</a>`,
  );
}
