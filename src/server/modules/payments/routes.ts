import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyKey as idempotencyKeyField, ROUTES } from '../../../shared/api/payments-routes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { requireTrustedHost } from '../../http/request-origin.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requestMeta, requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { paymentNotFound } from './common.ts';
import { depositMethods, publicMethod } from './methods.ts';
import { publicPayment, publicWebhook } from './present.ts';
import type { SandboxProvider } from './sandbox.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import type { PaymentsService } from './service.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  keys: TokenKeys;
  payments: PaymentsService;
  sandbox: SandboxProvider;
  /** Guards the operator routes; absent when no OPERATOR_API_TOKEN is configured. */
  operatorScope?: ((scope: FastifyInstance) => void) | undefined;
}

/** A route's declaration (ROUTES in src/shared/api/payments-routes.ts) as its `schema` option. */
const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** `Idempotency-Key` header (required on every money-moving request), checked after the body. */
function idempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKeyField.safeParse(request.headers['idempotency-key']);
  if (!key.success) throw invalid('idempotency_key', 'required');
  return key.data;
}

/** Player payments, the sandbox provider's pages, its webhook, and the operator API. Under /api. */
export async function paymentRoutes(
  app: FastifyInstance,
  { config, database, keys, payments, sandbox, operatorScope }: Deps,
) {
  const env = config.env;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run before validation: a call without a token (or to an untrusted host) is refused
  // whatever its body.
  const authenticated = requireUser(database, keys);

  api.get(
    '/payments/methods',
    { preValidation: authenticated, schema: declared('GET /payments/methods') },
    async (request) => {
      const currency = request.auth!.user.currency;
      if (!currency) throw invalid('currency', 'currency_not_set');
      return { data: depositMethods(currency as Currency).map(publicMethod) };
    },
  );

  // The checkout returns the player to the trusted site origin; the webhook target is configuration.
  api.post(
    '/payments/deposits',
    { preValidation: [requireTrustedHost, authenticated], schema: declared('POST /payments/deposits') },
    async (request) => {
      const { body } = request;
      const meta = requestMeta(request, env);
      const { payment, redirectUrl } = await payments.deposits.create(request.auth!.user, {
        amount: body.amount,
        method: body.method,
        idempotencyKey: idempotencyKey(request),
        returnUrl: `${meta.siteUrl}${body.return_path ?? '/'}`,
        locale: meta.locale,
      });
      return { data: { ...publicPayment(payment), redirect_url: redirectUrl } };
    },
  );

  api.get(
    '/payments/:id',
    { preValidation: authenticated, schema: declared('GET /payments/:id') },
    async (request) => {
      const payment = await payments.paymentOf(request.auth!.user.id, request.params.id);
      if (!payment) throw paymentNotFound();
      return { data: publicPayment(payment) };
    },
  );

  api.post(
    '/payments/withdrawals',
    { preValidation: authenticated, schema: declared('POST /payments/withdrawals') },
    async (request) => {
      const payment = await payments.withdrawals.request(request.auth!.user, {
        ...request.body,
        idempotencyKey: idempotencyKey(request),
      });
      return { data: publicPayment(payment) };
    },
  );

  // The provider calls this; the signature covers the exact bytes, so the body stays a string.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    hooks.post(
      '/payments/webhooks/sandbox',
      // The provider's servers call it, from wherever they are: no geo check (docs/edge.md "Geo").
      { config: { geo: 'open' }, schema: declared('POST /payments/webhooks/sandbox') },
      async (request) =>
        payments.webhooks.handleSandbox(request.body ?? '', request.headers['x-sandbox-signature']),
    );
  });

  await app.register(sandboxRoutes, { sandbox });

  if (!operatorScope) return;
  await app.register(async (scope) => {
    operatorScope(scope);
    const operator = scope.withTypeProvider<ZodTypeProvider>();
    operator.get(
      '/operator/withdrawals',
      { schema: declared('GET /operator/withdrawals') },
      async (request) => {
        // Read as sent (schema.withdrawalsQuery): a status no withdrawal has lists nothing.
        const { status } = request.query as { status?: string };
        const held = await payments.withdrawals.list(status ?? 'held');
        return { data: held.map((p) => ({ ...publicPayment(p), user_id: p.user_id })) };
      },
    );
    operator.post(
      '/operator/withdrawals/:id/approve',
      { schema: declared('POST /operator/withdrawals/:id/approve') },
      async (request) => {
        const { id } = request.params;
        request.log.info({ withdrawal: id }, 'operator approves withdrawal');
        return { data: publicPayment(await payments.withdrawals.approve(id)) };
      },
    );
    operator.post(
      '/operator/withdrawals/:id/reject',
      { schema: declared('POST /operator/withdrawals/:id/reject') },
      async (request) => {
        const { id } = request.params;
        request.log.info({ withdrawal: id }, 'operator rejects withdrawal');
        return { data: publicPayment(await payments.withdrawals.reject(id, request.body.reason)) };
      },
    );
    // The sandbox's webhook deliveries: failed ones stop retrying until an operator re-drives them.
    operator.get(
      '/operator/sandbox/webhooks',
      { schema: declared('GET /operator/sandbox/webhooks') },
      async (request) => ({
        data: (await sandbox.listWebhooks(request.query.status)).map(publicWebhook),
      }),
    );
    operator.post(
      '/operator/sandbox/webhooks/:id/retry',
      { schema: declared('POST /operator/sandbox/webhooks/:id/retry') },
      async (request) => {
        const row = await sandbox.redrive(request.params.id);
        if (!row) throw fail('not_found', 'webhook', 'not_found');
        request.log.info({ webhook: row.id }, 'operator re-drives a failed sandbox webhook');
        return { data: publicWebhook(row) };
      },
    );
  });
}
