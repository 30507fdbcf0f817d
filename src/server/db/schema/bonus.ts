import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Bonuses, promo codes, the VIP club and the operator's audit trail (src/server/modules/bonus, docs/bonuses.md). */

/**
 * A bonus offer the operator defines: its kind, the amounts per currency and the wagering terms
 * every grant of it copies (a grant keeps its own terms when the campaign changes later).
 */
export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Public slug (`GET /bonus-system/bonus/{name}`), unique. */
    name: text('name').notNull(),
    /** deposit_match | no_deposit | free_bets | cashback. */
    kind: text('kind').notNull(),
    /** Kind-specific amounts and terms (docs/bonuses.md "Campaigns"), validated by the module. */
    terms: jsonb('terms').notNull(),
    /** Currencies it applies to (empty: all) and regions (empty: all). */
    currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    /** Shown on /bonuses and granted by the registration-and-first-deposit flow. */
    isPublic: boolean('is_public').notNull().default(false),
    /** The registration-and-first-deposit bonus (`waiting-reg-and-dep`). */
    regAndDep: boolean('reg_and_dep').notNull().default(false),
    /** The `super_bonus` of the profile (docs/bonuses.md "super_bonus"). */
    isSuper: boolean('is_super').notNull().default(false),
    status: text('status').notNull().default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bonus_campaigns_name_key').on(t.name),
    check(
      'bonus_campaigns_kind_check',
      sql`${t.kind} IN ('deposit_match','no_deposit','free_bets','cashback')`,
    ),
    check('bonus_campaigns_status_check', sql`${t.status} IN ('active','paused','ended')`),
  ],
);

/**
 * One bonus of one player. Status moves forward only: waiting_deposit → available → active →
 * completed | forfeited (available → forfeited when it expires unused). Amounts in minor units:
 * `amount` credited to the bonus account at activation, `spent` staked from it, `won` its share of
 * those stakes' payouts, `converted` to cash at completion, `forfeited` taken back; a closed grant
 * has amount + won = spent + converted + forfeited (ledger:check).
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    campaignId: bigint('campaign_id', { mode: 'bigint' }).references(() => bonusCampaigns.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** Where it came from: promo | operator | deposit | cashback | super_bonus | vip. */
    source: text('source').notNull(),
    /** Identifies a grant that may exist once (a cashback period, a VIP level, a deposit). */
    sourceKey: text('source_key'),
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Wagering still to do is `requirement − wagered` (minor units of stake × contribution). */
    requirement: bigint('requirement', { mode: 'bigint' }).notNull().default(sql`0`),
    wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Largest stake while active (0: no limit). */
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Most that converts into cash (0: no cap). */
    maxConversion: bigint('max_conversion', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Contribution per game in percent; a game not listed contributes `weights.default`. */
    weights: jsonb('weights').notNull(),
    spent: bigint('spent', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What the stakes it paid for won back: the bonus's share of their payouts (stays bonus money). */
    won: bigint('won', { mode: 'bigint' }).notNull().default(sql`0`),
    converted: bigint('converted', { mode: 'bigint' }).notNull().default(sql`0`),
    forfeited: bigint('forfeited', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Taken back from cash at forfeiture: what the bonus had put into stakes, as far as cash held it. */
    reclaimed: bigint('reclaimed', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Wagering multiplier and the days an activated grant lasts. */
    terms: jsonb('terms').notNull(),
    /** Until when it can be activated (available) or must be wagered (active). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** completed | expired | cancelled | withdrawal | operator. */
    endReason: text('end_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // The bet hook finds the player's one active bonus by this index.
    uniqueIndex('bonus_grants_one_active').on(t.userId, t.currency).where(sql`${t.status} = 'active'`),
    uniqueIndex('bonus_grants_source_key').on(t.userId, t.sourceKey),
    index('bonus_grants_user_idx').on(t.userId, t.id),
    check(
      'bonus_grants_status_check',
      sql`${t.status} IN ('waiting_deposit','available','active','completed','forfeited')`,
    ),
    check(
      'bonus_grants_amounts_check',
      sql`${t.spent} + ${t.converted} + ${t.forfeited} <= ${t.amount} + ${t.won}`,
    ),
  ],
);

/** Operator-defined promo codes (stored upper-case) granting a campaign's bonus. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    code: text('code').notNull(),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => bonusCampaigns.id),
    maxUses: integer('max_uses').notNull(),
    maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    currency: text('currency'),
    region: text('region'),
    newPlayersOnly: boolean('new_players_only').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    check('promo_codes_uses_check', sql`${t.uses} <= ${t.maxUses}`),
  ],
);

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'bigint' })
      .notNull()
      .references(() => promoCodes.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    grantId: bigint('grant_id', { mode: 'bigint' }).references(() => bonusGrants.id),
    createdAt: createdAt(),
  },
  (t) => [index('promo_redemptions_code_user_idx').on(t.codeId, t.userId)],
);

/** Every operator change to campaigns, codes, grants, settings and VIP requests. */
export const bonusAudit = pgTable('bonus_audit', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  /** The request as sent and what it changed. */
  detail: jsonb('detail').notNull(),
  createdAt: createdAt(),
});

/**
 * A player's VIP progress per currency: stakes wagered (minor units) and the house edge of those
 * stakes (`edge`, minor units × 10⁻⁴, exact), of which `edge_claimed` was already paid as rakeback.
 */
export const vipProgress = pgTable(
  'vip_progress',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(sql`0`),
    edge: bigint('edge', { mode: 'bigint' }).notNull().default(sql`0`),
    edgeClaimed: bigint('edge_claimed', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [uniqueIndex('vip_progress_key').on(t.userId, t.currency)],
);

/** VIP join requests (docs/product-rules.md §6) for the operator, with their status. */
export const vipJoinRequests = pgTable(
  'vip_join_requests',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** vip_page | register_modal. */
    source: text('source').notNull(),
    contact: text('contact'),
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vip_join_requests_open').on(t.userId).where(sql`${t.status} IN ('new','contacted')`),
    check('vip_join_requests_status_check', sql`${t.status} IN ('new','contacted','accepted','declined')`),
  ],
);

/** Devices (the `super_bonus` cookie) and players that already took the super bonus. */
export const superBonusClaims = pgTable(
  'super_bonus_claims',
  {
    deviceId: text('device_id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    grantId: bigint('grant_id', { mode: 'bigint' }).references(() => bonusGrants.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('super_bonus_claims_user_key').on(t.userId)],
);
