import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea, createdAt } from './columns.ts';

/** The edge (docs/edge.md): single sign-on codes across mirrors and affiliate attribution. */

/**
 * One-time sign-in codes (docs/edge.md "Single sign-on across mirrors"), each exchanged once,
 * within seconds, for a session on one host: `mirror` codes the main host hands a mirror in the
 * return address, `login` codes a login on a mirror hands the main host, `link` codes of a
 * simple-auth link. Only hashes are kept.
 */
export const ssoCodes = pgTable(
  'sso_codes',
  {
    codeHash: bytea('code_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The only host (`host[:port]`, lower-case, without `api.`) that may exchange it. */
    targetHost: text('target_host').notNull(),
    /** `mirror`, `login` or `link`: the exchange that accepts it. */
    purpose: text('purpose').notNull(),
    /**
     * The hash of the state value of the browser the code was made for (a `mirror` code: the
     * mirror page's `ssoState` cookie; a `login` code: the main host's `sso_browser` cookie); the
     * exchange must present the same value. Null for `link` codes.
     */
    stateHash: bytea('state_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sso_codes_expires_idx').on(t.expiresAt)],
);

/** A visit that arrived with attribution parameters (UTM or partner ones): the report's "visits". */
export const attributionTouches = pgTable(
  'attribution_touches',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** The advertising id handed to the browser (the `advId` cookie), linking a later player. */
    visitor: text('visitor').notNull(),
    partner: text('partner'),
    campaign: text('campaign'),
    source: text('source'),
    medium: text('medium'),
    clickUrl: text('click_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('attribution_touches_created_idx').on(t.createdAt),
    index('attribution_touches_visitor_idx').on(t.visitor),
  ],
);

/** Each player's first and last touch (partner, campaign, click), for paying affiliates. */
export const playerTouches = pgTable('player_touches', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstPartner: text('first_partner'),
  firstCampaign: text('first_campaign'),
  firstClick: text('first_click'),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastPartner: text('last_partner'),
  lastCampaign: text('last_campaign'),
  lastClick: text('last_click'),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});
