import type { Queryable } from '../../db/client.ts';

/** The bonus tables: every statement on them but the bet hook's lives here (src/server/db/schema/bonus.ts). */

export type GrantStatus = 'waiting_deposit' | 'available' | 'active' | 'completed' | 'forfeited';

/** A grant as stored; amounts are decimal strings of minor units (bigint as PostgreSQL sends it). */
export interface GrantRow {
  id: string;
  user_id: string;
  campaign_id: string | null;
  campaign_name: string | null;
  kind: string;
  currency: string;
  status: GrantStatus;
  source: string;
  amount: string;
  requirement: string;
  wagered: string;
  max_bet: string;
  max_conversion: string;
  weights: Record<string, number>;
  spent: string;
  won: string;
  converted: string;
  forfeited: string;
  reclaimed: string;
  terms: GrantTerms;
  expires_at: Date;
  activated_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
  created_at: Date;
}

/** What a grant keeps of its campaign's terms. */
export interface GrantTerms {
  /** Wagering multiplier of the amount. */
  wager: number;
  /** Days an activated grant lasts. */
  days: number;
  /** deposit_match while waiting for the deposit: percent, cap and minimum (minor units as strings). */
  match?: { percent: number; cap: string; min: string };
  /** free_bets: the game and the number of bets. */
  free_bets?: { game: string; count: number };
}

const GRANT_SELECT = `select g.id::text, g.user_id::text, g.campaign_id::text, c.name as campaign_name, g.kind,
  g.currency, g.status, g.source, g.amount::text, g.requirement::text, g.wagered::text, g.max_bet::text,
  g.max_conversion::text, g.weights, g.spent::text, g.won::text, g.converted::text, g.forfeited::text, g.reclaimed::text,
  g.terms, g.expires_at, g.activated_at, g.ended_at, g.end_reason, g.created_at
  from bonus_grants g left join bonus_campaigns c on c.id = g.campaign_id`;

export interface NewGrant {
  userId: string;
  campaignId: string | null;
  kind: string;
  currency: string;
  status: 'waiting_deposit' | 'available';
  source: string;
  sourceKey: string | null;
  amount: bigint;
  requirement: bigint;
  maxBet: bigint;
  maxConversion: bigint;
  weights: Record<string, number>;
  terms: GrantTerms;
  /** Seconds it may wait to be activated (or for its deposit). */
  claimSeconds: number;
}

/**
 * Inserts a grant; undefined when its source key exists already (granted once), or when the player
 * is under an exclusion (a time-out, a self-exclusion, a closure: no bonuses, docs/responsible-gambling.md).
 */
export async function insertGrant(tx: Queryable, g: NewGrant): Promise<GrantRow | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `insert into bonus_grants (user_id, campaign_id, kind, currency, status, source, source_key, amount, requirement,
                               max_bet, max_conversion, weights, terms, expires_at)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now() + make_interval(secs => $14)
      where not player_excluded($1)
     on conflict (user_id, source_key) do nothing returning id::text`,
    [
      g.userId,
      g.campaignId,
      g.kind,
      g.currency,
      g.status,
      g.source,
      g.sourceKey,
      g.amount.toString(),
      g.requirement.toString(),
      g.maxBet.toString(),
      g.maxConversion.toString(),
      JSON.stringify(g.weights),
      JSON.stringify(g.terms),
      g.claimSeconds,
    ],
  );
  return row ? grantById(tx, row.id) : undefined;
}

export async function grantById(
  db: Queryable,
  id: string,
  { lock = false } = {},
): Promise<GrantRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await db.query<GrantRow>(`${GRANT_SELECT} where g.id = $1${lock ? ' for update of g' : ''}`, [
    id,
  ]);
  return row;
}

export async function grantsOf(db: Queryable, userId: string, limit = 50): Promise<GrantRow[]> {
  return db.query<GrantRow>(`${GRANT_SELECT} where g.user_id = $1 order by g.id desc limit $2`, [
    userId,
    limit,
  ]);
}

/** The player's active grant in `currency`, optionally locked. */
export async function activeGrant(
  db: Queryable,
  userId: string,
  currency: string,
  { lock = false } = {},
): Promise<GrantRow | undefined> {
  const [row] = await db.query<GrantRow>(
    `${GRANT_SELECT} where g.user_id = $1 and g.currency = $2 and g.status = 'active'${lock ? ' for update of g' : ''}`,
    [userId, currency],
  );
  return row;
}

/** Grants of the player (or of everyone) past their expiry and not yet closed. */
export async function dueGrants(db: Queryable, userId: string | null, limit = 200): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id::text from bonus_grants
      where status in ('waiting_deposit','available','active') and expires_at <= now()
        and ($1::bigint is null or user_id = $1) order by bonus_grants.id limit $2`,
    [userId, limit],
  );
  return rows.map((r) => r.id);
}

/** Moves a locked grant to `active` with its wagering deadline. */
export async function markActive(tx: Queryable, id: string, days: number): Promise<void> {
  await tx.query(
    `update bonus_grants set status = 'active', activated_at = now(), expires_at = now() + make_interval(days => $2)
      where id = $1`,
    [id, days],
  );
}

export async function markClosed(
  tx: Queryable,
  id: string,
  end: {
    status: 'completed' | 'forfeited';
    reason: string;
    converted: bigint;
    forfeited: bigint;
    reclaimed: bigint;
  },
): Promise<void> {
  await tx.query(
    `update bonus_grants set status = $2, end_reason = $3, converted = $4, forfeited = $5, reclaimed = $6, ended_at = now()
      where id = $1`,
    [
      id,
      end.status,
      end.reason,
      end.converted.toString(),
      end.forfeited.toString(),
      end.reclaimed.toString(),
    ],
  );
}

export async function addSpent(tx: Queryable, id: string, amount: bigint): Promise<void> {
  await tx.query('update bonus_grants set spent = spent + $2 where id = $1', [id, amount.toString()]);
}

/** The bonus's share of a settled stake's payout. */
export async function addWon(tx: Queryable, id: string, amount: bigint): Promise<void> {
  await tx.query('update bonus_grants set won = won + $2 where id = $1', [id, amount.toString()]);
}

/** A closed grant's share that settled late: what of it converted and what was forfeited. */
export async function addEnded(tx: Queryable, id: string, converted: bigint, forfeited: bigint) {
  await tx.query(
    'update bonus_grants set converted = converted + $2, forfeited = forfeited + $3 where id = $1',
    [id, converted.toString(), forfeited.toString()],
  );
}

/** A waiting deposit-match grant receives its deposit: its amount and wagering, and it becomes available. */
export async function fillDeposit(
  tx: Queryable,
  id: string,
  amount: bigint,
  requirement: bigint,
): Promise<void> {
  await tx.query(
    `update bonus_grants set status = 'available', amount = $2, requirement = $3 where id = $1 and status = 'waiting_deposit'`,
    [id, amount.toString(), requirement.toString()],
  );
}

/** The oldest waiting deposit-match grants of the player in `currency`, locked. */
export async function waitingForDeposit(
  tx: Queryable,
  userId: string,
  currency: string,
): Promise<GrantRow[]> {
  return tx.query<GrantRow>(
    `${GRANT_SELECT} where g.user_id = $1 and g.currency = $2 and g.status = 'waiting_deposit' and g.expires_at > now()
      order by g.id for update of g`,
    [userId, currency],
  );
}

// ── campaigns ──

export interface CampaignRow {
  id: string;
  name: string;
  kind: 'deposit_match' | 'no_deposit' | 'free_bets' | 'cashback';
  terms: CampaignTerms;
  currencies: string[];
  regions: string[];
  is_public: boolean;
  reg_and_dep: boolean;
  is_super: boolean;
  status: 'active' | 'paused' | 'ended';
  starts_at: Date;
  ends_at: Date | null;
  created_at: Date;
}

/** A campaign's terms (docs/bonuses.md "Campaigns"); money maps are currency → minor units as strings. */
export type CampaignTerms = {
  wager: number;
  days: number;
  claim_days: number;
  weights?: Record<string, number>;
  max_bet?: Record<string, string>;
  max_conversion?: Record<string, string>;
  amount?: Record<string, string>;
  percent?: number;
  cap?: Record<string, string>;
  min_deposit?: Record<string, string>;
  game?: string;
  count?: number;
  stake?: Record<string, string>;
};

const CAMPAIGN_SELECT = `select id::text, name, kind, terms, currencies, regions, is_public, reg_and_dep, is_super,
  status, starts_at, ends_at, created_at from bonus_campaigns`;

/** Campaigns that are running now (active, started, not ended). */
const RUNNING = `status = 'active' and starts_at <= now() and (ends_at is null or ends_at > now())`;

export async function campaignById(db: Queryable, id: string): Promise<CampaignRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await db.query<CampaignRow>(`${CAMPAIGN_SELECT} where id = $1`, [id]);
  return row;
}

export async function campaignByName(db: Queryable, name: string, { running = false } = {}) {
  const [row] = await db.query<CampaignRow>(
    `${CAMPAIGN_SELECT} where name = $1${running ? ` and ${RUNNING}` : ''}`,
    [name],
  );
  return row;
}

export async function listCampaigns(db: Queryable, filter: 'all' | 'public' = 'all'): Promise<CampaignRow[]> {
  return db.query<CampaignRow>(
    `${CAMPAIGN_SELECT}${filter === 'public' ? ` where is_public and ${RUNNING}` : ''} order by bonus_campaigns.id desc limit 200`,
  );
}

/** The running campaign flagged `reg_and_dep` (or `is_super`), newest first. */
export async function flaggedCampaign(db: Queryable, flag: 'reg_and_dep' | 'is_super') {
  const [row] = await db.query<CampaignRow>(
    `${CAMPAIGN_SELECT} where ${flag} and ${RUNNING} order by bonus_campaigns.id desc limit 1`,
  );
  return row;
}

export interface CampaignInput {
  name: string;
  kind: CampaignRow['kind'];
  terms: CampaignTerms;
  currencies: string[];
  regions: string[];
  is_public: boolean;
  reg_and_dep: boolean;
  is_super: boolean;
  status: CampaignRow['status'];
  starts_at: Date | null;
  ends_at: Date | null;
}

export async function upsertCampaign(
  tx: Queryable,
  id: string | null,
  c: CampaignInput,
): Promise<CampaignRow> {
  const args = [
    c.name,
    c.kind,
    JSON.stringify(c.terms),
    c.currencies,
    c.regions,
    c.is_public,
    c.reg_and_dep,
    c.is_super,
    c.status,
    c.starts_at,
    c.ends_at,
  ];
  const [row] = id
    ? await tx.query<{ id: string }>(
        `update bonus_campaigns set name = $1, kind = $2, terms = $3, currencies = $4, regions = $5, is_public = $6,
                reg_and_dep = $7, is_super = $8, status = $9, starts_at = coalesce($10, starts_at), ends_at = $11
          where id = $12 returning id::text`,
        [...args, id],
      )
    : await tx.query<{ id: string }>(
        `insert into bonus_campaigns (name, kind, terms, currencies, regions, is_public, reg_and_dep, is_super, status,
                                      starts_at, ends_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now()), $11) returning id::text`,
        args,
      );
  if (!row) throw new Error(`campaign ${id} vanished`);
  return (await campaignById(tx, row.id))!;
}

// ── promo codes (promo-repository.ts) ──

export * from './promo-repository.ts';

// ── audit and settings ──

export async function audit(tx: Queryable, action: string, target: string, detail: unknown): Promise<void> {
  await tx.query('insert into bonus_audit (actor, action, target, detail) values ($1, $2, $3, $4)', [
    'operator',
    action,
    target,
    JSON.stringify(detail, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
  ]);
}

export async function auditLog(db: Queryable, limit: number) {
  return db.query<{
    id: string;
    actor: string;
    action: string;
    target: string;
    detail: unknown;
    created_at: Date;
  }>(
    'select id::text, actor, action, target, detail, created_at from bonus_audit order by bonus_audit.id desc limit $1',
    [limit],
  );
}

export type WithdrawalRule = 'refuse' | 'forfeit';
const RULE_KEY = 'bonus_withdrawal_rule';

/** What a withdrawal does while a bonus is active (docs/bonuses.md "Withdrawals"); `refuse` until set. */
export async function withdrawalRule(db: Queryable): Promise<WithdrawalRule> {
  const [row] = await db.query<{ value: unknown }>('select value from settings where key = $1', [RULE_KEY]);
  return row?.value === 'forfeit' ? 'forfeit' : 'refuse';
}

export async function setWithdrawalRule(tx: Queryable, rule: WithdrawalRule): Promise<void> {
  await tx.query(
    `insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = $2, updated_at = now()`,
    [RULE_KEY, JSON.stringify(rule)],
  );
}
