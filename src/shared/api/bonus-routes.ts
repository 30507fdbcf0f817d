import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { PLAYABLE_GAMES } from '../games.ts';
import { toMinor } from '../money.ts';
import { REGIONS } from '../region.ts';
import {
  bonusesResponse,
  grantResponse,
  publicCampaign,
  superBonus,
  VIP_REWARDS,
  vipStatus,
} from './bonus.ts';
import { decimal, success, timestamp } from './common.ts';
import { route } from './declare.ts';
import { boundedText, trimmedPattern, withinStoredYears } from './fields.ts';

// ── requests ──

/** An amount in major units ("150.50"), stored as minor units (a decimal string). */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const amount = z
  .string()
  .trim()
  .regex(AMOUNT, { error: 'invalid_amount' })
  .meta({ pattern: trimmedPattern(AMOUNT) })
  .transform((v) => toMinor(v).toString());
/** Amounts per currency: `{ "RUB": "500", "USD": "5" }`. */
const perCurrency = z.partialRecord(z.enum(CURRENCIES), amount);
const dateTime = z.iso
  .datetime({ offset: true, error: 'invalid_date' })
  .transform((v) => withinStoredYears(new Date(v)));

export const idPath = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'not_found' }) });
export const namePath = z.object({ name: boundedText({ max: 64 }) });

export const promoBody = z.object({
  code: boundedText({ max: 64 }).trim().min(1).meta({ pattern: '\\S' }),
});

export const joinBody = z.object({
  source: z.enum(['vip_page', 'register_modal']).default('vip_page'),
  contact: boundedText({ max: 200 }).trim().nullable().default(null),
});
export const rewardPath = z.object({ kind: z.enum(VIP_REWARDS) });

/** The fields of a campaign, each optional where some kind goes without it. */
const campaignFields = {
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{1,63}$/, { error: 'invalid_name' }),
  wager: z.number().int().min(0).max(200),
  days: z.number().int().min(1).max(365),
  claim_days: z.number().min(0.0001).max(365).default(7),
  weights: z.record(boundedText({ max: 20 }), z.number().int().min(0).max(100)).optional(),
  max_bet: perCurrency.optional(),
  max_conversion: perCurrency.optional(),
  amount: perCurrency.optional(),
  percent: z.number().int().min(1).max(1000).optional(),
  cap: perCurrency.optional(),
  min_deposit: perCurrency.optional(),
  game: z.enum(PLAYABLE_GAMES).optional(),
  count: z.number().int().min(1).max(1000).optional(),
  stake: perCurrency.optional(),
  currencies: z.array(z.enum(CURRENCIES)).default([]),
  regions: z.array(z.enum(REGIONS)).default([]),
  is_public: z.boolean().default(false),
  /** Only a deposit match can be the registration-and-deposit offer. */
  reg_and_dep: z.literal(false, { error: 'invalid_kind' }).default(false),
  is_super: z.boolean().default(false),
  status: z.enum(['active', 'paused', 'ended']).default('active'),
  starts_at: dateTime.nullable().default(null),
  ends_at: dateTime.nullable().default(null),
};

/**
 * A campaign as the operator defines it (docs/bonuses.md "Campaigns"), by `kind`: a deposit match
 * needs its `percent` (and may be the registration-and-deposit offer), a no-deposit bonus its
 * `amount`, free bets their `game`, `count` and `stake`, cashback its `percent`.
 */
export const campaignBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...campaignFields,
      kind: z.literal('deposit_match'),
      percent: campaignFields.percent.unwrap(),
      reg_and_dep: z.boolean().default(false),
    }),
    z.object({ ...campaignFields, kind: z.literal('no_deposit'), amount: perCurrency }),
    z.object({
      ...campaignFields,
      kind: z.literal('free_bets'),
      game: campaignFields.game.unwrap(),
      count: campaignFields.count.unwrap(),
      stake: perCurrency,
    }),
    z.object({ ...campaignFields, kind: z.literal('cashback'), percent: campaignFields.percent.unwrap() }),
  ],
  { error: 'invalid_kind' },
);
export type CampaignBody = z.output<typeof campaignBody>;

export const promoCodeBody = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{3,32}$/, { error: 'invalid_characters' }),
  campaign_id: z.string().regex(/^\d{1,18}$/),
  max_uses: z.number().int().min(1).max(10_000_000),
  max_uses_per_player: z.number().int().min(1).max(1000).default(1),
  currency: z.enum(CURRENCIES).nullable().default(null),
  region: z.enum(REGIONS).nullable().default(null),
  new_players_only: z.boolean().default(false),
  starts_at: dateTime.nullable().default(null),
  ends_at: dateTime.nullable().default(null),
});

export const grantBody = z.object({
  user_id: z.string().regex(/^\d{1,18}$/),
  campaign_id: z.string().regex(/^\d{1,18}$/),
  note: boundedText({ max: 500 }).nullable().default(null),
});
export const noteBody = z.object({ note: boundedText({ max: 500 }).nullable().default(null) });
export const settingsBody = z.object({ withdrawal_rule: z.enum(['refuse', 'forfeit']) });
export const cashbackBody = z.object({ from: dateTime, to: dateTime });
export const joinStatusBody = z.object({ status: z.enum(['new', 'contacted', 'accepted', 'declined']) });
export const auditQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

// ── answers ──

/** Amounts per currency in major units, as a campaign body gives them. */
const moneyMap = z.record(z.string(), decimal);

/**
 * A campaign in the shape and units of its body (major units), so the body of a GET sent back as a
 * PUT changes nothing.
 */
const campaignView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  wager: z.number().int(),
  days: z.number().int(),
  claim_days: z.number(),
  weights: z.record(z.string(), z.number()).optional(),
  max_bet: moneyMap.optional(),
  max_conversion: moneyMap.optional(),
  amount: moneyMap.optional(),
  percent: z.number().int().optional(),
  cap: moneyMap.optional(),
  min_deposit: moneyMap.optional(),
  game: z.string().optional(),
  count: z.number().int().optional(),
  stake: moneyMap.optional(),
  currencies: z.array(z.string()),
  regions: z.array(z.string()),
  is_public: z.boolean(),
  reg_and_dep: z.boolean(),
  is_super: z.boolean(),
  status: z.string(),
  starts_at: timestamp,
  ends_at: timestamp.nullable(),
  created_at: timestamp,
});
const promoView = z.object({
  id: z.string(),
  code: z.string(),
  campaign_id: z.string(),
  max_uses: z.number().int(),
  max_uses_per_player: z.number().int(),
  uses: z.number().int(),
  currency: z.string().nullable(),
  region: z.string().nullable(),
  new_players_only: z.boolean(),
  starts_at: timestamp,
  ends_at: timestamp.nullable(),
  created_at: timestamp,
});
const joinView = z.object({
  id: z.string(),
  user_id: z.string(),
  source: z.string(),
  contact: z.string().nullable(),
  status: z.string(),
  created_at: timestamp,
});

export { superBonus };

// ── routes (paths under /api) ──

export const ROUTES = {
  'GET /bonus-system/bonus-activation/waiting-reg-and-dep': route({
    summary: 'The bonus waiting for a visitor who registers and deposits before it expires (null when none)',
    response: {
      200: z.object({
        data: z.object({ name: z.string(), expires_in: z.number().int().nullable() }).nullable(),
      }),
    },
  }),
  'GET /bonus-system/bonus/:name': route({
    summary:
      'A running campaign’s public description, by its name or by a promo code that can be redeemed now (404 otherwise; misses limited per address)',
    params: namePath,
    response: {
      200: z.object({
        data: z.object({
          name: z.string(),
          expires_in: z.number().int().nullable(),
          region: z.array(z.string()),
        }),
      }),
    },
    errors: ['not_found', 'rate_limited'],
  }),
  'GET /bonus-system/campaigns': route({
    summary: 'Running public campaigns with their terms, amounts in the given currency',
    querystring: z.object({
      currency: z.enum(CURRENCIES).default('RUB'),
      region: z.enum(REGIONS).default('RU'),
    }),
    response: { 200: z.object({ data: z.array(publicCampaign) }) },
  }),
  'GET /bonus/grants': route({
    summary: 'The player’s active, available and past bonuses, and the withdrawal rule',
    auth: 'player',
    response: { 200: bonusesResponse },
  }),
  'POST /bonus/grants/:id/activate': route({
    summary: 'Activates an available bonus: its amount moves to the bonus balance and wagering starts',
    auth: 'player',
    params: idPath,
    response: { 200: grantResponse },
    errors: ['not_found', 'conflict'],
  }),
  'POST /bonus/grants/:id/cancel': route({
    summary: 'Gives a bonus up: the bonus money left and what it put into stakes are forfeited',
    auth: 'player',
    params: idPath,
    response: { 200: grantResponse },
    errors: ['not_found', 'conflict'],
  }),
  'POST /bonus/promo': route({
    summary: 'Redeems a promo code: its bonus becomes available (or waits for the deposit it matches)',
    description:
      'At most 5 tries a minute per player and 20 per address (429 `code: too_many_attempts:<seconds>`).',
    auth: 'player',
    body: promoBody,
    response: { 200: grantResponse },
    errors: ['rate_limited'],
  }),
  'GET /vip/status': route({
    summary: 'The player’s VIP level, progress, claimable rakeback and weekly/monthly bonuses',
    auth: 'player',
    response: { 200: z.object({ data: vipStatus }) },
  }),
  'POST /vip/rakeback/claim': route({
    summary: 'Pays the rakeback owed into the real balance',
    auth: 'player',
    response: { 200: z.object({ data: z.object({ amount: decimal }) }) },
    errors: ['conflict'],
  }),
  'POST /vip/rewards/:kind/claim': route({
    summary: 'Grants the weekly or monthly VIP bonus of the last completed period',
    auth: 'player',
    params: rewardPath,
    response: { 200: grantResponse },
    errors: ['conflict'],
  }),
  'POST /api/v2/vip/join': route({
    summary:
      'The VIP join request (docs/product-rules.md §6), stored for the operator; one open request per player',
    auth: 'player',
    body: joinBody,
    response: {
      200: z.object({
        success: z.literal(true),
        data: z.object({ id: z.string(), status: z.string(), created_at: timestamp }),
      }),
    },
  }),
  'GET /operator/bonus/campaigns': route({
    summary: 'Every campaign',
    auth: 'operator',
    response: { 200: z.object({ data: z.array(campaignView) }) },
  }),
  'POST /operator/bonus/campaigns': route({
    summary: 'Creates a campaign',
    auth: 'operator',
    body: campaignBody,
    response: { 200: z.object({ data: campaignView }) },
  }),
  'PUT /operator/bonus/campaigns/:id': route({
    summary: 'Replaces a campaign’s definition (grants already made keep their terms)',
    auth: 'operator',
    params: idPath,
    body: campaignBody,
    response: { 200: z.object({ data: campaignView }) },
    errors: ['not_found'],
  }),
  'POST /operator/bonus/campaigns/:id/cashback': route({
    summary: 'Grants a cashback campaign for a period to every player with a net loss in it',
    auth: 'operator',
    params: idPath,
    body: cashbackBody,
    response: { 200: z.object({ data: z.object({ granted: z.number().int() }) }) },
  }),
  'GET /operator/bonus/promo-codes': route({
    summary: 'Every promo code with its uses',
    auth: 'operator',
    response: { 200: z.object({ data: z.array(promoView) }) },
  }),
  'POST /operator/bonus/promo-codes': route({
    summary: 'Creates a promo code for a campaign',
    auth: 'operator',
    body: promoCodeBody,
    response: { 200: z.object({ data: promoView }) },
  }),
  'POST /operator/bonus/grants': route({
    summary: 'Grants a campaign’s bonus to one player',
    auth: 'operator',
    body: grantBody,
    response: { 200: grantResponse },
  }),
  'POST /operator/bonus/grants/:id/forfeit': route({
    summary: 'Forfeits a player’s bonus',
    auth: 'operator',
    params: idPath,
    body: noteBody,
    response: { 200: grantResponse },
    errors: ['not_found'],
  }),
  'GET /operator/bonus/settings': route({
    summary: 'What a withdrawal does while a bonus is active',
    auth: 'operator',
    response: { 200: z.object({ data: settingsBody }) },
  }),
  'PUT /operator/bonus/settings': route({
    summary: 'Sets the withdrawal rule: refuse, or forfeit the bonus first',
    auth: 'operator',
    body: settingsBody,
    response: { 200: success },
  }),
  'GET /operator/bonus/audit': route({
    summary: 'The latest operator changes to bonuses, newest first',
    auth: 'operator',
    querystring: auditQuery,
    response: {
      200: z.object({
        data: z.array(
          z.object({
            id: z.string(),
            actor: z.string(),
            action: z.string(),
            target: z.string(),
            detail: z.unknown(),
            created_at: timestamp,
          }),
        ),
      }),
    },
  }),
  'GET /operator/vip/join-requests': route({
    summary: 'VIP join requests, newest first',
    auth: 'operator',
    response: { 200: z.object({ data: z.array(joinView) }) },
  }),
  'PUT /operator/vip/join-requests/:id': route({
    summary: 'Sets a VIP join request’s status',
    auth: 'operator',
    params: idPath,
    body: joinStatusBody,
    response: { 200: success },
    errors: ['not_found', 'conflict'],
  }),
};
