import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/payments-routes.ts';
import { fail } from '../../domain-error.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { SandboxProvider } from './sandbox.ts';
import {
  checkoutPage,
  closedPage,
  returnUrl,
  SANDBOX_STYLE_HASH,
  secureCodePage,
  textsFor,
} from './sandbox-pages.ts';

/**
 * A field of a posted form (cardForm, secureCodeForm in src/shared/api/payments-routes.ts, documented only). Read as
 * leniently as a provider's page would: any other body simply lacks the field.
 */
function formField(body: unknown, name: string): unknown {
  return (body as Record<string, unknown> | null | undefined)?.[name];
}

/** The sandbox provider's hosted checkout (its own site in a real deployment). Under /api. */
export async function sandboxRoutes(scope: FastifyInstance, { sandbox }: { sandbox: SandboxProvider }) {
  const pages = scope.withTypeProvider<ZodTypeProvider>();
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
  const load = async (id: string) => {
    const row = await sandbox.checkout(id);
    if (!row) throw fail('not_found', 'checkout', 'not_found');
    return row;
  };
  const formAction = (id: string) => `/api/sandbox/checkout/${id}`;

  pages.get(
    '/sandbox/checkout/:id',
    { schema: routeSchema(ROUTES['GET /sandbox/checkout/:id']) },
    async (request, reply) => {
      const row = await load(request.params.id);
      reply.type('text/html; charset=utf-8');
      if (row.status === 'requires_action')
        return secureCodePage(row, `${formAction(row.id)}/3ds`, sandbox.clock.now());
      return row.status === 'open'
        ? checkoutPage(row, formAction(row.id), undefined, sandbox.clock.now())
        : closedPage(row);
    },
  );
  pages.post(
    '/sandbox/checkout/:id',
    { schema: routeSchema(ROUTES['POST /sandbox/checkout/:id']) },
    async (request, reply) => {
      const row = await load(request.params.id);
      const outcome = await sandbox.pay(row.id, String(formField(request.body, 'card') ?? ''));
      reply.type('text/html; charset=utf-8');
      // The form again, as a 422 page: described by the route, not declared (422 is `{ errors }`).
      if (outcome === 'invalid_card')
        return (reply as FastifyReply)
          .code(422)
          .send(checkoutPage(row, formAction(row.id), textsFor(row.locale).invalid, sandbox.clock.now()));
      if (outcome === 'requires_action')
        return secureCodePage(row, `${formAction(row.id)}/3ds`, sandbox.clock.now());
      // Paid, failed or expired meanwhile: the page says which.
      if (outcome === 'closed') return closedPage(await load(row.id));
      return reply.redirect(returnUrl(row, outcome), 303);
    },
  );
  pages.post(
    '/sandbox/checkout/:id/3ds',
    { schema: routeSchema(ROUTES['POST /sandbox/checkout/:id/3ds']) },
    async (request, reply) => {
      const row = await load(request.params.id);
      const outcome = await sandbox.authenticate(row.id, formField(request.body, 'action') === 'confirm');
      if (outcome === 'closed')
        return reply.type('text/html; charset=utf-8').send(closedPage(await load(row.id)));
      return reply.redirect(returnUrl(row, outcome), 303);
    },
  );
}
