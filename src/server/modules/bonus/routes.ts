import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/bonus-routes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import { CONTENT_TAGS } from '../../../shared/wire/site-content.ts';
import type { Database } from '../../db/client.ts';
import { fail } from '../../domain-error.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import type { WalletEvents } from '../ledger/events.ts';
import type { BonusOperator } from './operator.ts';
import {
  auditLog,
  type CampaignRow,
  type CampaignTerms,
  listCampaigns,
  listPromos,
  withdrawalRule,
} from './repository.ts';
import { type BonusService, grantView } from './service.ts';

interface Deps {
  database: Database;
  keys: TokenKeys;
  bonus: BonusService;
  operator: BonusOperator;
  events: WalletEvents;
  operatorScope?: ((scope: FastifyInstance) => void) | undefined;
}

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** Bonuses, promo codes and the VIP club (docs/bonuses.md), and their operator API. Under /api. */
export async function bonusRoutes(app: FastifyInstance, deps: Deps) {
  const { bonus, events } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireUser(deps.database, deps.keys);

  api.get(
    '/bonus-system/bonus-activation/waiting-reg-and-dep',
    { schema: declared('GET /bonus-system/bonus-activation/waiting-reg-and-dep') },
    async () => ({ data: (await bonus.waitingRegAndDep()) ?? null }),
  );
  api.get(
    '/bonus-system/bonus/:name',
    { schema: declared('GET /bonus-system/bonus/:name') },
    async (request) => {
      const found = await bonus.campaign(request.params.name, request.ip);
      if (!found) throw fail('not_found', 'bonus', 'not_found');
      return { data: found };
    },
  );
  api.get(
    '/bonus-system/campaigns',
    { schema: declared('GET /bonus-system/campaigns') },
    async (request) => ({
      data: await bonus.publicCampaigns(request.query.currency, request.query.region),
    }),
  );

  api.get(
    '/bonus/grants',
    { preValidation, schema: declared('GET /bonus/grants') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const b = await bonus.bonuses(request.auth!.user);
      return {
        data: {
          active: b.active && grantView(b.active),
          available: b.available.map(grantView),
          past: b.past.map(grantView),
          withdrawal_rule: b.withdrawal_rule,
        },
      };
    },
  );
  api.post(
    '/bonus/grants/:id/activate',
    { preValidation, schema: declared('POST /bonus/grants/:id/activate') },
    async (request) => {
      const grant = await bonus.activate(request.auth!.user, request.params.id);
      await events.balanceChanged(request.auth!.user.id);
      return { data: grantView(grant) };
    },
  );
  api.post(
    '/bonus/grants/:id/cancel',
    { preValidation, schema: declared('POST /bonus/grants/:id/cancel') },
    async (request) => {
      const grant = await bonus.cancel(request.auth!.user, request.params.id);
      await events.balanceChanged(request.auth!.user.id);
      return { data: grantView(grant) };
    },
  );
  api.post('/bonus/promo', { preValidation, schema: declared('POST /bonus/promo') }, async (request) => ({
    data: grantView(await bonus.redeem(request.auth!.user, request.body.code, request.ip)),
  }));

  api.get('/vip/status', { preValidation, schema: declared('GET /vip/status') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await bonus.vip(request.auth!.user) };
  });
  api.post(
    '/vip/rakeback/claim',
    { preValidation, schema: declared('POST /vip/rakeback/claim') },
    async (request) => {
      const amount = await bonus.claimRakeback(request.auth!.user);
      await events.balanceChanged(request.auth!.user.id);
      return { data: { amount } };
    },
  );
  api.post(
    '/vip/rewards/:kind/claim',
    { preValidation, schema: declared('POST /vip/rewards/:kind/claim') },
    async (request) => ({
      data: grantView(await bonus.claimPeriodic(request.auth!.user, request.params.kind)),
    }),
  );
  api.post(
    '/api/v2/vip/join',
    { preValidation, schema: declared('POST /api/v2/vip/join') },
    async (request) => ({
      success: true as const,
      data: await bonus.join(request.auth!.user, request.body.source, request.body.contact),
    }),
  );

  const { operatorScope, operator } = deps;
  if (!operatorScope) return;
  await app.register(async (scope) => {
    operatorScope(scope);
    const op = scope.withTypeProvider<ZodTypeProvider>();
    const db = deps.database;
    op.get('/operator/bonus/campaigns', { schema: declared('GET /operator/bonus/campaigns') }, async () => ({
      data: (await listCampaigns(db)).map(campaignOutput),
    }));
    op.post(
      '/operator/bonus/campaigns',
      { schema: declared('POST /operator/bonus/campaigns') },
      async (request) => {
        const saved = await operator.saveCampaign(null, campaignInput(request.body));
        await pagesShowCampaigns(app);
        return { data: campaignOutput(saved) };
      },
    );
    op.put(
      '/operator/bonus/campaigns/:id',
      { schema: declared('PUT /operator/bonus/campaigns/:id') },
      async (request) => {
        const saved = await operator.saveCampaign(request.params.id, campaignInput(request.body));
        await pagesShowCampaigns(app);
        return { data: campaignOutput(saved) };
      },
    );
    op.post(
      '/operator/bonus/campaigns/:id/cashback',
      { schema: declared('POST /operator/bonus/campaigns/:id/cashback') },
      async (request) => ({
        data: await operator.runCashback(request.params.id, request.body.from, request.body.to),
      }),
    );
    op.get(
      '/operator/bonus/promo-codes',
      { schema: declared('GET /operator/bonus/promo-codes') },
      async () => ({
        data: await listPromos(db),
      }),
    );
    op.post(
      '/operator/bonus/promo-codes',
      { schema: declared('POST /operator/bonus/promo-codes') },
      async (request) => ({ data: await operator.createPromo(request.body) }),
    );
    op.post(
      '/operator/bonus/grants',
      { schema: declared('POST /operator/bonus/grants') },
      async (request) => {
        const { user_id, campaign_id, note } = request.body;
        return { data: grantView(await operator.grant(user_id, campaign_id, note)) };
      },
    );
    op.post(
      '/operator/bonus/grants/:id/forfeit',
      { schema: declared('POST /operator/bonus/grants/:id/forfeit') },
      async (request) => {
        const grant = await operator.forfeit(request.params.id, request.body.note);
        await events.balanceChanged(grant.user_id);
        return { data: grantView(grant) };
      },
    );
    op.get('/operator/bonus/settings', { schema: declared('GET /operator/bonus/settings') }, async () => ({
      data: { withdrawal_rule: await withdrawalRule(db) },
    }));
    op.put(
      '/operator/bonus/settings',
      { schema: declared('PUT /operator/bonus/settings') },
      async (request) => {
        await operator.setWithdrawalRule(request.body.withdrawal_rule);
        return { success: true as const };
      },
    );
    op.get('/operator/bonus/audit', { schema: declared('GET /operator/bonus/audit') }, async (request) => ({
      data: await auditLog(db, request.query.limit),
    }));
    op.get(
      '/operator/vip/join-requests',
      { schema: declared('GET /operator/vip/join-requests') },
      async () => ({
        data: await db.query<{
          id: string;
          user_id: string;
          source: string;
          contact: string | null;
          status: string;
          created_at: Date;
        }>(
          'select id::text, user_id::text, source, contact, status, created_at from vip_join_requests order by vip_join_requests.id desc limit 500',
        ),
      }),
    );
    op.put(
      '/operator/vip/join-requests/:id',
      { schema: declared('PUT /operator/vip/join-requests/:id') },
      async (request) => {
        await operator.setJoinStatus(request.params.id, request.body.status);
        return { success: true as const };
      },
    );
  });
}

/**
 * A campaign changed: the cached pages that list campaigns (tag `bonuses`, in every locale) are
 * dropped on every instance, so the next visitor of any of them sees the change.
 */
async function pagesShowCampaigns(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('invalidatePages')) await app.invalidatePages([CONTENT_TAGS.bonuses]);
}

/** The money terms of a campaign: stored in minor units, given and shown in major units. */
const MONEY_TERMS = ['max_bet', 'max_conversion', 'amount', 'cap', 'min_deposit', 'stake'] as const;

/** A stored campaign in the shape and units of its body (docs/bonuses.md "Operator API"). */
function campaignOutput(c: CampaignRow) {
  const terms: Record<string, unknown> = { ...c.terms };
  for (const key of MONEY_TERMS) {
    const map = c.terms[key];
    if (map)
      terms[key] = Object.fromEntries(
        Object.entries(map).map(([code, minor]) => [code, fromMinor(BigInt(minor))]),
      );
  }
  const { terms: _stored, ...flags } = c;
  return { ...terms, ...flags } as Omit<CampaignRow, 'terms'> & CampaignTerms;
}

/** The operator's campaign body as stored: its terms apart from its flags. */
function campaignInput(body: import('../../../shared/api/bonus-routes.ts').CampaignBody) {
  const {
    name,
    kind,
    currencies,
    regions,
    is_public,
    reg_and_dep,
    is_super,
    status,
    starts_at,
    ends_at,
    ...terms
  } = body;
  return {
    name,
    kind,
    terms: terms as import('./repository.ts').CampaignTerms,
    currencies: currencies as Currency[],
    regions,
    is_public,
    reg_and_dep,
    is_super,
    status,
    starts_at,
    ends_at,
  };
}
