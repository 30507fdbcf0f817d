import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../domain-error.ts';
import { type Posting, postWithin } from '../ledger/ledger.ts';
import {
  activeGrant,
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
import { conversion, DEFAULT_WEIGHTS, depositMatch, requirementOf } from './rules.ts';

/**
 * The bonus engine (docs/bonuses.md): grants move money only through the wallet's ledger, inside
 * the transaction of whatever causes them (the bet, the deposit, the withdrawal, the player's or
 * the operator's request). The operator's counter-account for every bonus cost is `bonuses`.
 */

/** Posts a grant's own ledger transaction (metadata `grant`, which ledger:check reads). */
export function postForGrant(
  tx: Queryable,
  grant: { id: string; currency: string },
  entry: { key: string; kind: string; postings: Posting[]; request?: object; metadata?: object },
) {
  return postWithin(tx, {
    idempotencyKey: entry.key,
    kind: entry.kind,
    currency: grant.currency as Currency,
    request: { grant: grant.id, ...entry.request },
    metadata: { grant: grant.id, ...entry.metadata },
    postings: entry.postings.filter((p) => p.amount !== 0n),
    answer: () => null,
  });
}

/** The bonus money a grant holds now: its amount, less what it staked, plus what those stakes won. */
const heldBy = (grant: GrantRow) => BigInt(grant.amount) - BigInt(grant.spent) + BigInt(grant.won);

/** The wagering is done: what is left of the bonus converts to cash (up to its cap), the rest is forfeited. */
export async function completeGrant(tx: Queryable, grantId: string): Promise<string | null> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (grant?.status !== 'active') return null;
  const held = heldBy(grant);
  const { convert, forfeit } = conversion(held, BigInt(grant.max_conversion));
  if (held > 0n)
    await postForGrant(tx, grant, {
      key: `bonus:complete:${grant.id}`,
      kind: 'bonus_convert',
      postings: [
        { account: { userId: grant.user_id, kind: 'bonus' }, amount: -held },
        { account: { userId: grant.user_id, kind: 'cash' }, amount: convert },
        { account: { system: 'bonuses' }, amount: forfeit },
      ],
    });
  await markClosed(tx, grant.id, {
    status: 'completed',
    reason: 'completed',
    converted: convert,
    forfeited: forfeit,
    reclaimed: 0n,
  });
  return grant.user_id;
}

/**
 * Ends a grant without conversion: an available one simply closes; an active one loses the bonus
 * money it holds. Money it has in stakes still open stays the bonus's: what they win is forfeited
 * when they settle (`finishSettlement`), so no bonus money reaches cash this way.
 */
export async function forfeitGrant(
  tx: Queryable,
  grantId: string,
  reason: string,
): Promise<GrantRow | undefined> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (!grant || grant.status === 'completed' || grant.status === 'forfeited') return grant;
  const held = grant.status === 'active' ? heldBy(grant) : 0n;
  if (held > 0n)
    await postForGrant(tx, grant, {
      key: `bonus:forfeit:${grant.id}`,
      kind: 'bonus_forfeit',
      metadata: { reason },
      postings: [
        { account: { userId: grant.user_id, kind: 'bonus' }, amount: -held },
        { account: { system: 'bonuses' }, amount: held },
      ],
    });
  await markClosed(tx, grant.id, {
    status: 'forfeited',
    reason,
    converted: 0n,
    forfeited: held,
    reclaimed: 0n,
  });
  return grantById(tx, grant.id);
}

/**
 * Activates an available grant: its amount goes to the bonus account (ledger `bonus_activate`) and
 * its wagering deadline starts. One active bonus per currency (409 `bonus: bonus_already_active`).
 * A grant without wagering converts at once.
 */
export async function activateGrant(
  tx: Queryable,
  userId: string,
  grantId: string,
  /** The server's clock's time (src/server/clock.ts). */
  now: Date,
): Promise<GrantRow> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (!grant || grant.user_id !== userId) throw fail('not_found', 'bonus', 'not_found');
  if (grant.status !== 'available' || grant.expires_at <= now)
    throw fail('conflict', 'bonus', 'bonus_not_available');
  if (await activeGrant(tx, userId, grant.currency)) throw fail('conflict', 'bonus', 'bonus_already_active');
  await markActive(tx, grant.id, grant.terms.days);
  const amount = BigInt(grant.amount);
  if (amount > 0n)
    await postForGrant(tx, grant, {
      key: `bonus:activate:${grant.id}`,
      kind: 'bonus_activate',
      postings: [
        { account: { system: 'bonuses' }, amount: -amount },
        { account: { userId, kind: 'bonus' }, amount },
      ],
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
  if (!active) return;
  // Past its deadline it is over, swept or not: it expires here, in the withdrawal's transaction.
  if (active.expires_at <= new Date()) {
    await forfeitGrant(tx, active.id, 'expired');
    return;
  }
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

/** VIP rewards granted as bonuses (level-up, weekly, monthly) ask this wagering multiplier. */
export const VIP_REWARD_WAGER = 3;

/** A VIP reward granted as a bonus (level-up, weekly, monthly): available for 30 days, wagered ×3. */
export function vipReward(userId: string, currency: string, sourceKey: string, amount: bigint): NewGrant {
  return {
    userId,
    campaignId: null,
    kind: 'no_deposit',
    currency,
    status: 'available',
    source: 'vip',
    sourceKey,
    amount,
    requirement: requirementOf(amount, VIP_REWARD_WAGER),
    maxBet: 0n,
    maxConversion: 0n,
    weights: { ...DEFAULT_WEIGHTS },
    terms: { wager: VIP_REWARD_WAGER, days: 7 },
    claimSeconds: 30 * 86_400,
  };
}

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
