import { randomUUID } from 'node:crypto';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import { levelIndexOf, POINT_MINOR, pointsOf, VIP_LEVELS } from '../../../shared/vip.ts';
import type { Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { postWithin } from '../wallet/ledger.ts';
import {
  activeGrant,
  addSpent,
  type CampaignRow,
  fillDeposit,
  flaggedCampaign,
  type GrantRow,
  type GrantTerms,
  grantById,
  insertGrant,
  markActive,
  markClosed,
  type NewGrant,
  waitingForDeposit,
  withdrawalRule,
} from './repository.ts';
import { conversion, DEFAULT_WEIGHTS, depositMatch, edgeBpsOf, forfeiture, requirementOf } from './rules.ts';

/**
 * The bonus engine (docs/bonuses.md): grants move money only through the wallet's ledger, inside
 * the transaction of whatever causes them (the bet, the deposit, the withdrawal, the player's or
 * the operator's request). The operator's counter-account for every bonus cost is `bonuses`.
 */

/**
 * Games whose stakes a bonus may fund when the cash is short. Rooms are left out: a room stake can
 * be taken back while its round is open (the refund goes to cash, which would turn bonus money
 * into cash without wagering).
 */
const UNFUNDED_GAMES = new Set(['rooms']);

/**
 * The bet hook's one statement: VIP progress and the active bonus's wagering, with what the rest
 * needs. Plain updates (an upsert costs more on every bet); the first stake creates the row.
 */
const WAGER_SQL = `
with vip as (
  update vip_progress set wagered = wagered + $3::bigint, edge = edge + $3::bigint * $5
   where user_id = $1 and currency = $2 returning wagered
), bonus as (
  update bonus_grants g
     set wagered = case when g.max_bet > 0 and $3::bigint > g.max_bet then g.wagered
                   else g.wagered + $3::bigint * coalesce((g.weights->>$4)::int, (g.weights->>'default')::int, 100) / 100 end
   where g.user_id = $1 and g.currency = $2 and g.status = 'active' and g.expires_at > now()
  returning g.id::text, g.wagered::text, g.requirement::text, g.max_bet::text, (g.amount - g.spent)::text as held
)
select (select wagered::text from vip) as vip_wagered, b.id, b.wagered, b.requirement, b.max_bet, b.held,
       case when b.id is not null then
         (select balance::text from ledger_accounts where user_id = $1 and kind = 'cash' and currency = $2) end as cash
  from (select 1) one left join bonus b on true`;

interface WagerRow {
  vip_wagered: string | null;
  id: string | null;
  wagered: string | null;
  requirement: string | null;
  max_bet: string | null;
  held: string | null;
  cash: string | null;
}

/**
 * The bet hook: every game calls it at its stake debit, inside the bet's transaction, before the
 * money moves (`moveWithHouse`). One statement adds the stake to the player's VIP progress and,
 * when a bonus is active, to its wagering (stake × the game's weight). Only when a bonus is
 * active can more follow: a stake above its max bet is refused (422 `amount: bonus_max_bet`), a
 * stake the cash cannot cover is topped up from the bonus money (real first, then bonus), and the
 * stake that completes the wagering converts the bonus into cash. A level reached grants its bonus.
 */
export async function wagerStake(
  tx: Queryable,
  userId: string,
  currency: Currency,
  stake: bigint,
  game: string,
): Promise<void> {
  const [row] = await tx.query<WagerRow>(
    WAGER_SQL,
    [userId, currency, stake.toString(), game, edgeBpsOf(game).toString()],
    'bonus_wager_stake',
  );
  if (!row) throw new Error('wager statement returned nothing');
  // The player's first stake in this currency: no progress row to update yet.
  if (row.vip_wagered === null) row.vip_wagered = await firstProgress(tx, userId, currency, stake, game);
  if (row.id) {
    const maxBet = BigInt(row.max_bet!);
    if (maxBet > 0n && stake > maxBet) throw invalid('amount', 'bonus_max_bet', fromMinor(maxBet));
    const cash = BigInt(row.cash ?? '0');
    const held = BigInt(row.held!);
    if (cash < stake && !UNFUNDED_GAMES.has(game) && stake - cash <= held)
      await fundStake(tx, userId, currency, row.id, stake - cash);
    if (BigInt(row.wagered!) >= BigInt(row.requirement!)) await completeGrant(tx, row.id);
  }
  const after = BigInt(row.vip_wagered ?? '0');
  await levelUps(tx, userId, currency, after - stake, after);
}

/** Creates (or, after a concurrent first stake, updates) the player's VIP progress row. */
async function firstProgress(tx: Queryable, userId: string, currency: Currency, stake: bigint, game: string) {
  const [row] = await tx.query<{ wagered: string }>(
    `insert into vip_progress as v (user_id, currency, wagered, edge) values ($1, $2, $3, $3::bigint * $4)
     on conflict (user_id, currency) do update set wagered = v.wagered + excluded.wagered, edge = v.edge + excluded.edge
     returning v.wagered::text`,
    [userId, currency, stake.toString(), edgeBpsOf(game).toString()],
  );
  return row!.wagered;
}

/**
 * A stake handed back before it was played (a room left while its round is open): takes it out of
 * the VIP progress and the active bonus's wagering again, so joining and leaving wagers nothing.
 */
export async function unwagerStake(
  tx: Queryable,
  userId: string,
  currency: Currency,
  stake: bigint,
  game: string,
): Promise<void> {
  await tx.query(
    `with vip as (
       update vip_progress set wagered = greatest(wagered - $3::bigint, 0), edge = greatest(edge - $3::bigint * $5, 0)
        where user_id = $1 and currency = $2
     )
     update bonus_grants g
        set wagered = greatest(g.wagered - $3::bigint * coalesce((g.weights->>$4)::int, (g.weights->>'default')::int, 100) / 100, 0)
      where g.user_id = $1 and g.currency = $2 and g.status = 'active'`,
    [userId, currency, stake.toString(), game, edgeBpsOf(game).toString()],
    'bonus_unwager_stake',
  );
}

/** Moves `amount` of the active bonus into cash for a stake (ledger `bonus_stake`). */
async function fundStake(tx: Queryable, userId: string, currency: Currency, grantId: string, amount: bigint) {
  await postWithin(tx, {
    idempotencyKey: `bonus:stake:${grantId}:${randomUUID()}`,
    kind: 'bonus_stake',
    currency,
    request: { grant: grantId, amount },
    metadata: { grant: grantId },
    postings: [
      { account: { userId, kind: 'bonus' }, amount: -amount },
      { account: { userId, kind: 'cash' }, amount },
    ],
    answer: () => null,
  });
  await addSpent(tx, grantId, amount);
}

/** Postings that leave out zero legs (the ledger refuses a zero posting). */
function legs(
  ...postings: { account: Parameters<typeof postWithin>[1]['postings'][number]['account']; amount: bigint }[]
) {
  return postings.filter((p) => p.amount !== 0n);
}

/** The wagering is done: what is left of the bonus converts to cash (up to its cap), the rest is forfeited. */
export async function completeGrant(tx: Queryable, grantId: string): Promise<void> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (grant?.status !== 'active') return;
  const held = BigInt(grant.amount) - BigInt(grant.spent);
  const { convert, forfeit } = conversion(held, BigInt(grant.max_conversion));
  const currency = grant.currency as Currency;
  if (held > 0n)
    await postWithin(tx, {
      idempotencyKey: `bonus:complete:${grant.id}`,
      kind: 'bonus_convert',
      currency,
      request: { grant: grant.id },
      metadata: { grant: grant.id },
      postings: legs(
        { account: { userId: grant.user_id, kind: 'bonus' }, amount: -held },
        { account: { userId: grant.user_id, kind: 'cash' }, amount: convert },
        { account: { system: 'bonuses' }, amount: forfeit },
      ),
      answer: () => null,
    });
  await markClosed(tx, grant.id, {
    status: 'completed',
    reason: 'completed',
    converted: convert,
    forfeited: forfeit,
    reclaimed: 0n,
  });
}

/**
 * Ends a grant without conversion: an available one simply closes; an active one loses the bonus
 * money left and gives back from cash what the bonus put into stakes (`forfeiture`).
 */
export async function forfeitGrant(
  tx: Queryable,
  grantId: string,
  reason: string,
): Promise<GrantRow | undefined> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (!grant || grant.status === 'completed' || grant.status === 'forfeited') return grant;
  const currency = grant.currency as Currency;
  let result = { forfeit: 0n, reclaim: 0n };
  if (grant.status === 'active') {
    const [cashRow] = await tx.query<{ balance: string }>(
      `select balance::text from ledger_accounts where user_id = $1 and kind = 'cash' and currency = $2 for update`,
      [grant.user_id, currency],
    );
    result = forfeiture(
      BigInt(grant.amount) - BigInt(grant.spent),
      BigInt(grant.spent),
      BigInt(cashRow?.balance ?? '0'),
    );
    if (result.forfeit + result.reclaim > 0n)
      await postWithin(tx, {
        idempotencyKey: `bonus:forfeit:${grant.id}`,
        kind: 'bonus_forfeit',
        currency,
        request: { grant: grant.id },
        metadata: { grant: grant.id, reason },
        postings: legs(
          { account: { userId: grant.user_id, kind: 'bonus' }, amount: -result.forfeit },
          { account: { userId: grant.user_id, kind: 'cash' }, amount: -result.reclaim },
          { account: { system: 'bonuses' }, amount: result.forfeit + result.reclaim },
        ),
        answer: () => null,
      });
  }
  await markClosed(tx, grant.id, {
    status: 'forfeited',
    reason,
    converted: 0n,
    forfeited: result.forfeit,
    reclaimed: result.reclaim,
  });
  return grantById(tx, grant.id);
}

/**
 * Activates an available grant: its amount goes to the bonus account (ledger `bonus_activate`) and
 * its wagering deadline starts. One active bonus per currency (409 `bonus: bonus_already_active`).
 * A grant without wagering converts at once.
 */
export async function activateGrant(tx: Queryable, userId: string, grantId: string): Promise<GrantRow> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (!grant || grant.user_id !== userId) throw fail('not_found', 'bonus', 'not_found');
  if (grant.status !== 'available' || grant.expires_at <= new Date())
    throw fail('conflict', 'bonus', 'bonus_not_available');
  if (await activeGrant(tx, userId, grant.currency)) throw fail('conflict', 'bonus', 'bonus_already_active');
  await markActive(tx, grant.id, grant.terms.days);
  const amount = BigInt(grant.amount);
  if (amount > 0n)
    await postWithin(tx, {
      idempotencyKey: `bonus:activate:${grant.id}`,
      kind: 'bonus_activate',
      currency: grant.currency as Currency,
      request: { grant: grant.id },
      metadata: { grant: grant.id },
      postings: [
        { account: { system: 'bonuses' }, amount: -amount },
        { account: { userId, kind: 'bonus' }, amount },
      ],
      answer: () => null,
    });
  if (BigInt(grant.requirement) <= 0n) await completeGrant(tx, grant.id);
  return (await grantById(tx, grant.id))!;
}

/**
 * Inside a withdrawal's transaction, before the money is held: with an active bonus the operator's
 * rule applies, refuse (409 `bonus: bonus_withdrawal_refused`) or forfeit the bonus first.
 */
export async function beforeWithdrawal(tx: Queryable, userId: string, currency: string): Promise<void> {
  const active = await activeGrant(tx, userId, currency, { lock: true });
  if (!active || active.expires_at <= new Date()) return;
  if ((await withdrawalRule(tx)) === 'refuse') throw fail('conflict', 'bonus', 'bonus_withdrawal_refused');
  await forfeitGrant(tx, active.id, 'withdrawal');
}

/** A campaign's money term in `currency` (minor units), 0 when it names none. */
export function termIn(map: Record<string, string> | undefined, currency: string): bigint {
  return BigInt(map?.[currency] ?? '0');
}

/**
 * A grant of `campaign` for the player: its amount by kind (a deposit match waits for its deposit
 * unless `deposit` is given; cashback passes its computed `amount`), the campaign's terms copied.
 */
export function grantOf(
  campaign: CampaignRow,
  g: {
    userId: string;
    currency: string;
    source: string;
    sourceKey: string | null;
    deposit?: bigint;
    amount?: bigint;
  },
): NewGrant {
  const t = campaign.terms;
  const terms: GrantTerms = { wager: t.wager, days: t.days };
  let amount = g.amount ?? 0n;
  let maxBet = termIn(t.max_bet, g.currency);
  let weights = t.weights ?? DEFAULT_WEIGHTS;
  let status: NewGrant['status'] = 'available';
  if (campaign.kind === 'no_deposit') amount = termIn(t.amount, g.currency);
  if (campaign.kind === 'free_bets') {
    const stake = termIn(t.stake, g.currency);
    amount = stake * BigInt(t.count ?? 0);
    maxBet = stake;
    weights = { default: 0, [t.game ?? 'dice']: 100 };
    terms.free_bets = { game: t.game ?? 'dice', count: t.count ?? 0 };
  }
  if (campaign.kind === 'deposit_match') {
    terms.match = {
      percent: t.percent ?? 100,
      cap: termIn(t.cap, g.currency).toString(),
      min: termIn(t.min_deposit, g.currency).toString(),
    };
    if (g.deposit === undefined) status = 'waiting_deposit';
    else
      amount = depositMatch(g.deposit, {
        percent: terms.match.percent,
        cap: BigInt(terms.match.cap),
        min: BigInt(terms.match.min),
      });
  }
  return {
    userId: g.userId,
    campaignId: campaign.id,
    kind: campaign.kind,
    currency: g.currency,
    status,
    source: g.source,
    sourceKey: g.sourceKey,
    amount,
    requirement: requirementOf(amount, t.wager),
    maxBet,
    maxConversion: termIn(t.max_conversion, g.currency),
    weights,
    terms,
    claimSeconds: Math.round(t.claim_days * 86_400),
  };
}

/** Each VIP level crossed between `before` and `after` grants its level-up bonus; the top levels set premium. */
async function levelUps(tx: Queryable, userId: string, currency: Currency, before: bigint, after: bigint) {
  const from = levelIndexOf(pointsOf(before, currency));
  const to = levelIndexOf(pointsOf(after, currency));
  if (to <= from) return;
  for (let i = from + 1; i <= to; i += 1) {
    const level = VIP_LEVELS[i]!;
    const amount = BigInt(level.levelUpPoints) * POINT_MINOR[currency];
    await insertGrant(tx, {
      userId,
      campaignId: null,
      kind: 'no_deposit',
      currency,
      status: 'available',
      source: 'vip',
      sourceKey: `vip:level:${level.key}:${currency}`,
      amount,
      requirement: requirementOf(amount, VIP_REWARD_WAGER),
      maxBet: 0n,
      maxConversion: 0n,
      weights: { ...DEFAULT_WEIGHTS },
      terms: { wager: VIP_REWARD_WAGER, days: 7 },
      claimSeconds: 30 * 86_400,
    });
  }
  if (VIP_LEVELS[to]!.premium)
    await tx.query(
      `update users set premium_status = 'active' where id = $1 and premium_status <> 'active'`,
      [userId],
    );
}

/** VIP rewards granted as bonuses (level-up, weekly, monthly) ask this wagering multiplier. */
export const VIP_REWARD_WAGER = 3;

/** Whether a campaign applies to a currency and region (an empty list: all). */
export function appliesTo(
  campaign: Pick<CampaignRow, 'currencies' | 'regions'>,
  currency: string,
  region: string,
) {
  return (
    (campaign.currencies.length === 0 || campaign.currencies.includes(currency)) &&
    (campaign.regions.length === 0 || campaign.regions.includes(region))
  );
}

/**
 * Inside a deposit's credit transaction: the player's oldest deposit-match grant waiting for a
 * deposit this one qualifies for receives its amount; otherwise a first deposit of a player who
 * registered while the registration-and-first-deposit campaign runs is granted that bonus.
 */
export async function onDeposit(
  tx: Queryable,
  userId: string,
  currency: string,
  deposit: bigint,
): Promise<void> {
  for (const grant of await waitingForDeposit(tx, userId, currency)) {
    const match = grant.terms.match;
    if (!match) continue;
    const amount = depositMatch(deposit, {
      percent: match.percent,
      cap: BigInt(match.cap),
      min: BigInt(match.min),
    });
    if (amount === 0n) continue;
    await fillDeposit(tx, grant.id, amount, requirementOf(amount, grant.terms.wager));
    return;
  }
  const campaign = await flaggedCampaign(tx, 'reg_and_dep');
  if (campaign?.kind !== 'deposit_match') return;
  const [player] = await tx.query<{ region: string; fresh: boolean; deposits: number }>(
    `select u.region, u.created_at >= $2 as fresh,
            (select count(*)::int from payments p where p.user_id = u.id and p.direction = 'deposit' and p.status = 'succeeded') as deposits
       from users u where u.id = $1`,
    [userId, campaign.starts_at],
  );
  // The deposit being credited is already marked succeeded in this transaction: a first one counts 1.
  if (!player?.fresh || player.deposits > 1 || !appliesTo(campaign, currency, player.region)) return;
  const grant = grantOf(campaign, {
    userId,
    currency,
    source: 'deposit',
    sourceKey: `regdep:${campaign.id}`,
    deposit,
  });
  if (grant.amount > 0n) await insertGrant(tx, grant);
}
