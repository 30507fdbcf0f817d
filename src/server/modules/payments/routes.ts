import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toMinor } from '../../../shared/money.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import { requestMeta, requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { depositMethods, publicMethod } from './methods.ts';
import {
  checkoutPage,
  closedPage,
  SANDBOX_STYLE_HASH,
  type SandboxProvider,
  secureCodePage,
  textsFor,
} from './sandbox.ts';
import { type PaymentsService, publicPayment } from './service.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  keys: TokenKeys;
  payments: PaymentsService;
  sandbox: SandboxProvider;
  /** Guards the operator routes; absent when no OPERATOR_API_TOKEN is configured. */
  operatorScope?: ((scope: FastifyInstance) => void) | undefined;
}

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'invalid_amount' })
  .transform((v) => toMinor(v));
const depositBody = z.object({
  amount,
  method: z.string().max(40),
  return_path: z
    .string()
    .regex(/^\/[^/\\]/)
    .max(300)
    .optional(),
});
const withdrawalBody = z.object({
  amount,
  method: z.string().max(40),
  details: z.record(z.string().max(40), z.string().max(200)).default({}),
});

/** `Idempotency-Key` header (required on every money-moving request). */
function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\w.:-]{8,200}$/.test(key)) throw invalid('idempotency_key', 'required');
  return key;
}

/** Player payments, the sandbox provider's pages, its webhook, and the operator API. Under /api. */
export async function paymentRoutes(
  app: FastifyInstance,
  { config, database, keys, payments, sandbox, operatorScope }: Deps,
) {
  const env = config.env;
  const authenticated = { preHandler: requireUser(database, keys) };

  app.get('/payments/methods', authenticated, async (request) => {
    const currency = request.auth!.user.currency;
    if (!currency) throw invalid('currency', 'currency_not_set');
    return { data: depositMethods(currency as Parameters<typeof depositMethods>[0]).map(publicMethod) };
  });

  app.post('/payments/deposits', authenticated, async (request) => {
    const body = depositBody.parse(request.body);
    const meta = requestMeta(request, env);
    const { payment, redirectUrl } = await payments.createDeposit(request.auth!.user, {
      amount: body.amount,
      method: body.method,
      idempotencyKey: idempotencyKey(request),
      returnUrl: `${meta.siteUrl}${body.return_path ?? '/'}`,
      webhookUrl: env.SANDBOX_WEBHOOK_URL ?? `${meta.siteUrl}/api/payments/webhooks/sandbox`,
      locale: meta.locale,
    });
    return { data: { ...publicPayment(payment), redirect_url: redirectUrl } };
  });

  app.get<{ Params: { id: string } }>('/payments/:id', authenticated, async (request) => {
    const payment = await payments.paymentOf(request.auth!.user.id, request.params.id);
    if (!payment) throw new ApiError(404, { payment: ['not_found'] });
    return { data: publicPayment(payment) };
  });

  app.post('/payments/withdrawals', authenticated, async (request) => {
    const body = withdrawalBody.parse(request.body);
    const payment = await payments.requestWithdrawal(request.auth!.user, {
      ...body,
      idempotencyKey: idempotencyKey(request),
    });
    return { data: publicPayment(payment) };
  });

  // The provider calls this; the signature covers the exact bytes, so the body stays a string.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    hooks.post('/payments/webhooks/sandbox', async (request) => {
      const signature = request.headers['x-sandbox-signature'];
      return payments.handleSandboxWebhook(
        String(request.body ?? ''),
        typeof signature === 'string' ? signature : undefined,
      );
    });
  });

  // The sandbox provider's hosted checkout (its own site in a real deployment).
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    pages.addHook('onSend', async (_request, reply) => {
      reply.header(
        'content-security-policy',
        `default-src 'none'; style-src '${SANDBOX_STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'`,
      );
      reply.header('cache-control', 'no-store');
    });
    type Params = { Params: { id: string } };
    const load = async (id: string) => {
      const row = await sandbox.checkout(id);
      if (!row) throw new ApiError(404, { checkout: ['not_found'] });
      return row;
    };
    const finish = (row: { return_url: string }, status: string, paymentId: string) => {
      const url = new URL(row.return_url);
      url.searchParams.set('payment', paymentId);
      url.searchParams.set('payment_status', status);
      return url.href;
    };
    pages.get<Params>('/sandbox/checkout/:id', async (request, reply) => {
      const row = await load(request.params.id);
      reply.type('text/html; charset=utf-8');
      if (row.status === 'requires_action') return secureCodePage(row, `/api/sandbox/checkout/${row.id}/3ds`);
      return row.status === 'open' ? checkoutPage(row, `/api/sandbox/checkout/${row.id}`) : closedPage(row);
    });
    pages.post<Params & { Body: { card?: string } }>('/sandbox/checkout/:id', async (request, reply) => {
      const row = await load(request.params.id);
      const outcome = await sandbox.pay(row.id, String(request.body?.card ?? ''));
      reply.type('text/html; charset=utf-8');
      if (outcome === 'invalid_card')
        return reply
          .code(422)
          .send(checkoutPage(row, `/api/sandbox/checkout/${row.id}`, textsFor(row.locale).invalid));
      if (outcome === 'requires_action') return secureCodePage(row, `/api/sandbox/checkout/${row.id}/3ds`);
      if (outcome === 'closed') return closedPage(row);
      return reply.redirect(finish(row, outcome, row.merchant_ref), 303);
    });
    pages.post<Params & { Body: { action?: string } }>(
      '/sandbox/checkout/:id/3ds',
      async (request, reply) => {
        const row = await load(request.params.id);
        const outcome = await sandbox.authenticate(row.id, request.body?.action === 'confirm');
        if (outcome === 'closed') return reply.type('text/html; charset=utf-8').send(closedPage(row));
        return reply.redirect(finish(row, outcome, row.merchant_ref), 303);
      },
    );
  });

  if (operatorScope) {
    await app.register(async (operator) => {
      operatorScope(operator);
      operator.get<{ Querystring: { status?: string } }>('/operator/withdrawals', async (request) => ({
        data: (await payments.listWithdrawals(request.query.status ?? 'held')).map((p) => ({
          ...publicPayment(p),
          user_id: p.user_id,
        })),
      }));
      operator.post<{ Params: { id: string } }>('/operator/withdrawals/:id/approve', async (request) => {
        request.log.info({ withdrawal: request.params.id }, 'operator approves withdrawal');
        return { data: publicPayment(await payments.approveWithdrawal(request.params.id)) };
      });
      operator.post<{ Params: { id: string }; Body: { reason?: string } }>(
        '/operator/withdrawals/:id/reject',
        async (request) => {
          const reason = z
            .object({ reason: z.string().trim().min(1).max(500) })
            .parse(request.body ?? {}).reason;
          request.log.info({ withdrawal: request.params.id }, 'operator rejects withdrawal');
          return { data: publicPayment(await payments.rejectWithdrawal(request.params.id, reason)) };
        },
      );
    });
  }
}
