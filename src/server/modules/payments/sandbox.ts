import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isLocale, type Locale } from '../../../shared/locales.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { SANDBOX_TEXTS } from './sandbox-texts.ts';
import { signPayload } from './signature.ts';

/** Test cards (spec: cards that succeed, fail, or need 3-D-Secure-style confirmation). */
export const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000003220': 'requires_action',
} as const;

export interface CheckoutRow {
  id: string;
  merchant_ref: string;
  amount: string;
  currency: string;
  status: string;
  return_url: string;
  webhook_url: string;
  locale: string;
}

/** Retry schedule: 2^attempts seconds (1 s, 2 s, 4 s, …), at most one hour apart, until acknowledged. */
export function nextRetrySeconds(attempts: number): number {
  return Math.min(3600, 2 ** Math.min(attempts, 12));
}

/**
 * The built-in sandbox payment provider. It plays the provider's part for real: its own checkout
 * sessions and hosted pages, and webhooks to the merchant signed with HMAC-SHA256 and a timestamp,
 * delivered over HTTP and retried with backoff until the merchant answers 2xx. It keeps its own
 * tables and never touches the casino's payments or ledger.
 */
export class SandboxProvider {
  readonly #db: Database;
  readonly #secret: string;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(deps: { database: Database; webhookSecret: string; log: FastifyBaseLogger }) {
    this.#db = deps.database;
    this.#secret = deps.webhookSecret;
    this.#log = deps.log;
  }

  async createCheckout(input: {
    merchantRef: string;
    amount: bigint;
    currency: string;
    returnUrl: string;
    webhookUrl: string;
    locale: string;
  }): Promise<CheckoutRow> {
    const [row] = await this.#db.query<CheckoutRow>(
      `insert into sandbox_checkouts (merchant_ref, amount, currency, status, return_url, webhook_url, locale)
       values ($1, $2, $3, 'open', $4, $5, $6) returning id, merchant_ref, amount::text, currency, status, return_url, webhook_url, locale`,
      [
        input.merchantRef,
        input.amount.toString(),
        input.currency,
        input.returnUrl,
        input.webhookUrl,
        input.locale,
      ],
    );
    if (!row) throw new Error('sandbox checkout not created');
    return row;
  }

  async checkout(id: string): Promise<CheckoutRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const [row] = await this.#db.query<CheckoutRow>(
      'select id, merchant_ref, amount::text, currency, status, return_url, webhook_url, locale from sandbox_checkouts where id = $1',
      [id],
    );
    return row;
  }

  /** The card form was submitted. Returns the new status, or 'invalid_card'. */
  async pay(
    id: string,
    cardNumber: string,
  ): Promise<'succeeded' | 'failed' | 'requires_action' | 'invalid_card' | 'closed'> {
    const card = cardNumber.replace(/\D/g, '') as keyof typeof TEST_CARDS;
    const outcome = TEST_CARDS[card];
    if (!outcome) return 'invalid_card';
    const status =
      outcome === 'succeeds' ? 'succeeded' : outcome === 'declined' ? 'failed' : 'requires_action';
    const moved = await this.#move(
      id,
      ['open'],
      status,
      card.slice(-4),
      outcome === 'declined' ? 'card_declined' : null,
    );
    return moved ? status : 'closed';
  }

  /** The 3-D Secure page was answered. */
  async authenticate(id: string, confirm: boolean): Promise<'succeeded' | 'failed' | 'closed'> {
    const status = confirm ? 'succeeded' : 'failed';
    const moved = await this.#move(
      id,
      ['requires_action'],
      status,
      null,
      confirm ? null : 'authentication_failed',
    );
    return moved ? status : 'closed';
  }

  /** Moves a checkout forward once and, for a final state, queues its webhook in the same transaction. */
  async #move(
    id: string,
    from: string[],
    to: string,
    last4: string | null,
    reason: string | null,
  ): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<CheckoutRow>(
        `update sandbox_checkouts set status = $3, card_last4 = coalesce($4, card_last4), failure_reason = $5
          where id = $1 and status = any($2::text[])
          returning id, merchant_ref, amount::text, currency, status, return_url, webhook_url, locale`,
        [id, from, to, last4, reason],
      );
      if (!row) return false;
      if (to === 'succeeded' || to === 'failed') {
        const event = {
          id: `evt_${randomUUID()}`,
          type: to === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
          created: Math.floor(Date.now() / 1000),
          data: {
            checkout_id: row.id,
            merchant_ref: row.merchant_ref,
            amount: row.amount,
            currency: row.currency,
            failure_reason: reason,
          },
        };
        await tx.query('insert into sandbox_webhooks (url, body) values ($1, $2)', [
          row.webhook_url,
          JSON.stringify(event),
        ]);
      }
      return true;
    });
  }

  /** Delivers due webhooks now (the timer calls this; tests may too). */
  async deliverDue(): Promise<number> {
    // Lease the rows first, so concurrent dispatchers (other instances) never send one twice at once.
    const due = await this.#db.query<{ id: string; url: string; body: string; attempts: number }>(
      `update sandbox_webhooks set next_attempt_at = now() + interval '15 seconds'
        where id in (select id from sandbox_webhooks where delivered_at is null and next_attempt_at <= now() order by next_attempt_at limit 20)
        returning id, url, body, attempts`,
    );
    await Promise.all(
      due.map(async (hook) => {
        const timestamp = Math.floor(Date.now() / 1000);
        let error: string | null = null;
        try {
          const response = await fetch(hook.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-sandbox-signature': signPayload(this.#secret, hook.body, timestamp),
            },
            body: hook.body,
            signal: AbortSignal.timeout(10_000),
          });
          if (!response.ok) error = `HTTP ${response.status}`;
        } catch (e) {
          error = (e as Error).message;
        }
        if (error === null) {
          await this.#db.query(
            'update sandbox_webhooks set delivered_at = now(), attempts = attempts + 1 where id = $1',
            [hook.id],
          );
        } else {
          await this.#db.query(
            `update sandbox_webhooks set attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) where id = $1`,
            [hook.id, error, nextRetrySeconds(hook.attempts + 1)],
          );
          this.#log.warn(
            { webhook: hook.id, attempts: hook.attempts + 1, error },
            'sandbox webhook not acknowledged; will retry',
          );
        }
      }),
    );
    return due.length;
  }

  start(intervalMs: number): void {
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.deliverDue()
        .catch((err) => this.#log.error({ err }, 'sandbox webhook dispatcher failed'))
        .then(() => {
          this.#running = undefined;
        });
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}

// ── hosted pages ─────────────────────────────────────────────────────────

const STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef1f6;font:16px/1.5 system-ui,sans-serif;color:#1c2333}
main{width:min(420px,calc(100% - 32px));background:#fff;border-radius:14px;padding:28px;box-shadow:0 10px 30px rgb(20 30 60/12%)}
h1{font-size:1.3rem;margin:0 0 6px}.badge{display:inline-block;background:#ffe9a8;color:#6b4d05;border-radius:6px;padding:2px 8px;font-size:.75rem;font-weight:700;letter-spacing:.05em}
.amount{font-size:1.8rem;font-weight:800;margin:14px 0}label{display:grid;gap:4px;font-size:.85rem;color:#55607a;margin:10px 0}
input{height:44px;border:1px solid #cfd6e4;border-radius:8px;padding:0 12px;font:inherit}.row{display:grid;grid-template-columns:1fr 1fr;gap:10px}
button{width:100%;height:48px;border:0;border-radius:10px;background:#4a3aff;color:#fff;font:inherit;font-weight:700;margin-top:14px;cursor:pointer}
button.secondary{background:#e7eaf2;color:#1c2333}.hint{font-size:.8rem;color:#6b7590}.error{color:#c0243c;font-weight:600}a{color:#4a3aff}`;
export const SANDBOX_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function textsFor(locale: string) {
  return SANDBOX_TEXTS[isLocale(locale) ? locale : 'en'];
}

function page(locale: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(textsFor(locale).title ?? '')}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const TAGS: Record<Locale, string> = { ru: 'ru', en: 'en-US', kz: 'kk', br: 'pt-BR', hi: 'hi' };
function amountText(row: CheckoutRow): string {
  return formatMoney(BigInt(row.amount), row.currency, TAGS[isLocale(row.locale) ? row.locale : 'en']);
}

export function checkoutPage(row: CheckoutRow, action: string, error?: string): string {
  const t = textsFor(row.locale);
  return page(
    row.locale,
    `<span class="badge">SANDBOX</span><h1>${escapeHtml(t.title ?? '')}</h1><p class="hint">${escapeHtml(t.notice ?? '')}</p>
<p class="amount">${escapeHtml(amountText(row))}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>${escapeHtml(t.card ?? '')}<input name="card" inputmode="numeric" autocomplete="cc-number" required value="4242 4242 4242 4242"></label>
<div class="row"><label>${escapeHtml(t.expiry ?? '')}<input name="expiry" required value="12/30"></label><label>${escapeHtml(t.cvc ?? '')}<input name="cvc" inputmode="numeric" required value="123"></label></div>
<button type="submit">${escapeHtml(t.pay ?? '')} ${escapeHtml(amountText(row))}</button></form>
<p class="hint">${escapeHtml(t.cards ?? '')}</p>`,
  );
}

export function secureCodePage(row: CheckoutRow, action: string): string {
  const t = textsFor(row.locale);
  return page(
    row.locale,
    `<span class="badge">3-D SECURE</span><h1>${escapeHtml(t.secure ?? '')}</h1><p>${escapeHtml(t.secureText ?? '')}</p><p class="amount">${escapeHtml(amountText(row))}</p>
<form method="post" action="${escapeHtml(action)}"><button name="action" value="confirm" type="submit">${escapeHtml(t.confirm ?? '')}</button>
<button class="secondary" name="action" value="fail" type="submit">${escapeHtml(t.fail ?? '')}</button></form>`,
  );
}

export function closedPage(row: CheckoutRow): string {
  const t = textsFor(row.locale);
  return page(
    row.locale,
    `<h1>${escapeHtml(t.closed ?? '')}</h1><p><a href="${escapeHtml(row.return_url)}">${escapeHtml(t.back ?? '')}</a></p>`,
  );
}
