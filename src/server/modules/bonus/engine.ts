import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import { levelIndexOf, POINT_MINOR, pointsOf, VIP_LEVELS } from '../../../shared/vip.ts';
import type { Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { playerBalances } from '../wallet/balances.ts';
import { type Posting, postWithin } from '../wallet/ledger.ts';
import {
  activeGrant,
  addEnded,
  addSpent,
  addWon,
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
import { conversion, DEFAULT_WEIGHTS, depositMatch, edgeBpsOf, isPotGame, requirementOf } from './rules.ts';

/**
 * The bonus engine (docs/bonuses.md): grants move money only through the wallet's ledger, inside
 * the transaction of whatever causes them (the bet, the deposit, the withdrawal, the player's or
 * the operator's request). The operator's counter-account for every bonus cost is `bonuses`.
 */

/**
 * The order every transaction takes its locks in, so none can wait on another in a circle: the
 * player's VIP progress row, then bonus grants (by id), then ledger accounts (cash, bonus, house).
 * The one-statement instant bet (drizzle/0015_bet_function.sql) keeps it too.
 */

/** What pays a stake (docs/bonuses.md "Bonus money"): real money first, then the active bonus. */
export interface Funding {
  /** The bonus money's part of the stake; 0 when real money pays it all. */
  bonus: bigint;
  /** The grant whose money that is; null when `bonus` is 0. */
  grantId: string | null;
}

const REAL_MONEY: Funding = { bonus: 0n, grantId: null };

/**
 * At a stake, inside its transaction and before the money moves: with an active bonus, a stake
 * above its max bet is refused (422 `amount: bonus_max_bet`), and what the cash does not cover is
 * paid from the bonus balance (recorded as the grant's `spent`). A pot game's stake (rooms) is never
 * paid with bonus money: it could be handed back while its round is open. Takes the locks of the
 * order above; the caller's money move takes the accounts.
 */
export async function fundStake(
  tx: Queryable,
  userId: string,
  currency: Currency,
  stake: bigint,
  game: string,
): Promise<Funding> {
  if (isPotGame(game)) return REAL_MONEY;
  await tx.query('select 1 from vip_progress where user_id = $1 and currency = $2 for update', [
    userId,
    currency,
  ]);
  const grant = await activeGrant(tx, userId, currency, { lock: true });
  if (!grant || grant.expires_at <= new Date()) return REAL_MONEY;
  const maxBet = BigInt(grant.max_bet);
  if (maxBet > 0n && stake > maxBet) throw invalid('amount', 'bonus_max_bet', fromMinor(maxBet));
  const { cash, bonus } = await playerBalances(tx, userId, currency);
  if (cash >= stake) return REAL_MONEY;
  const part = stake - (cash > 0n ? cash : 0n);
  // Not enough money in both: the money move refuses the stake (422 insufficient_funds).
  if (part > bonus) return REAL_MONEY;
  await addSpent(tx, grant.id, part);
  return { bonus: part, grantId: grant.id };
}

/** A settled stake, as the bonus engine counts it (docs/bonuses.md "Settled stakes"). */
export interface SettledStake {
  userId: string;
  currency: Currency;
  game: string;
  stake: bigint;
  /** The bonus money's part of the stake and its grant (0 and null: real money only). */
  bonusStake: bigint;
  grantId: string | null;
}

/** A settlement under way: what `finishSettlement` completes once the payouts have moved. */
export interface Settling {
  /** Active grants whose wagering these stakes completed. */
  completed: string[];
}

/**
 * Counts settled stakes, inside the transaction that settles them and before their payouts move:
 * each adds to its player's VIP progress (and, for its real-money part, to the house edge that
 * rakeback pays a share of), and to the player's active bonus's wagering at the game's weight
 * (nothing above its max bet); a VIP level reached grants its bonus. Locks in the order above, the
 * grants that paid for these stakes included. Only settled stakes count: a stake handed back
 * before it was played (a room left) never reaches here, so it has nothing to take back.
 */
export async function countSettled(tx: Queryable, stakes: readonly SettledStake[]): Promise<Settling> {
  if (stakes.length === 0) return { completed: [] };
  const rows = await tx.query<{ kind: 'vip' | 'grant'; id: string; currency: string | null; value: string }>(
    COUNT_SQL,
    [
      stakes.map((s) => s.userId),
      stakes.map((s) => s.currency),
      stakes.map((s) => s.game),
      stakes.map((s) => s.stake.toString()),
      stakes.map((s) => ((s.stake - s.bonusStake) * edgeBpsOf(s.game)).toString()),
      stakes.map((s) => isPotGame(s.game)),
      [...new Set(stakes.flatMap((s) => (s.grantId ? [s.grantId] : [])))],
    ],
    'bonus_count_settled',
  );
  const completed: string[] = [];
  for (const row of rows) {
    if (row.kind === 'grant') {
      if (row.value === 'done') completed.push(row.id);
      continue;
    }
    const currency = row.currency as Currency;
    const after = BigInt(row.value);
    const added = stakes
      .filter((s) => s.userId === row.id && s.currency === currency)
      .reduce((sum, s) => sum + s.stake, 0n);
    await levelUps(tx, row.id, currency, after - added, after);
  }
  return { completed };
}

/**
 * The statement of `countSettled`: the VIP rows (created by a first stake) in key order, then the
 * grants (the players' active ones, and those that paid for the stakes) locked in id order, then
 * the active grants' wagering. Answers each VIP row's new total and each active grant's state.
 */
const COUNT_SQL = `
with input as (
  select * from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::boolean[])
    as i(user_id, currency, game, stake, edge, pot)
), vip as (
  insert into vip_progress as v (user_id, currency, wagered, edge)
  select user_id, currency, sum(stake), sum(edge) from input group by user_id, currency order by user_id, currency
  on conflict (user_id, currency) do update set wagered = v.wagered + excluded.wagered, edge = v.edge + excluded.edge
  returning v.user_id, v.currency, v.wagered
), locked as (
  select g.id from bonus_grants g
   where exists (select 1 from vip)
     and (g.id = any($7::bigint[])
          or (g.status = 'active' and (g.user_id, g.currency) in (select user_id, currency from input)))
   order by g.id for update
), wagering as (
  update bonus_grants g set wagered = g.wagered + c.total
    from (select g2.id,
                 sum(case when g2.max_bet > 0 and i.stake > g2.max_bet then 0
                     else i.stake * coalesce((g2.weights->>i.game)::int, case when i.pot then 0 end,
                                             (g2.weights->>'default')::int, 100) / 100 end) as total
            from input i join bonus_grants g2 on g2.user_id = i.user_id and g2.currency = i.currency
           where g2.status = 'active' and g2.expires_at > now() and g2.id in (select id from locked)
           group by g2.id) c
   where g.id = c.id
  returning g.id, g.wagered >= g.requirement as done
)
select 'vip' as kind, user_id::text as id, currency, wagered::text as value from vip
union all
select 'grant', id::text, null, case when done then 'done' else 'open' end from wagering`;

/** A stake's payout share that belongs to the bonus which paid for it, already in its bonus account. */
export interface BonusShare {
  grantId: string;
  userId: string;
  currency: Currency;
  /** Minor units the payout's bonus share credited to the player's bonus account. */
  amount: bigint;
  /** Names the stake (`bet:<id>`, `crash:<id>`), for the ledger key of a late conversion. */
  ref: string;
}

/**
 * After the payouts of `countSettled`'s stakes have moved (their bonus shares to the bonus
 * account): each share is recorded as the grant's `won`; a grant that ended while its stake was
 * open takes its share out again at once, converted into cash as far as its cap leaves room if it
 * completed, forfeited otherwise. Then the grants whose wagering is done complete. Answers the
 * players whose balances this moved (their money move's answer is stale).
 */
export async function finishSettlement(
  tx: Queryable,
  settling: Settling,
  shares: readonly BonusShare[],
): Promise<Set<string>> {
  // The players whose balances moved again here: what the money move answered is stale for them.
  const moved = new Set<string>();
  for (const share of shares) if (await settleShare(tx, share)) moved.add(share.userId);
  for (const id of settling.completed) {
    const owner = await completeGrant(tx, id);
    if (owner) moved.add(owner);
  }
  return moved;
}

/** Records a share; true when it left the bonus balance again (its bonus had ended). */
async function settleShare(tx: Queryable, share: BonusShare): Promise<boolean> {
  const grant = await grantById(tx, share.grantId, { lock: true });
  if (!grant) throw new Error(`grant ${share.grantId} vanished`);
  if (share.amount === 0n) return false;
  await addWon(tx, grant.id, share.amount);
  if (grant.status === 'active') return false;
  const { convert, forfeit } =
    grant.status === 'completed'
      ? conversion(share.amount, BigInt(grant.max_conversion), BigInt(grant.converted))
      : { convert: 0n, forfeit: share.amount };
  await postForGrant(tx, grant, {
    key: `bonus:late:${grant.id}:${share.ref}`,
    kind: convert > 0n ? 'bonus_convert' : 'bonus_forfeit',
    request: { ref: share.ref },
    metadata: { reason: 'settled_after_end' },
    postings: [
      { account: { userId: share.userId, kind: 'bonus' }, amount: -share.amount },
      { account: { userId: share.userId, kind: 'cash' }, amount: convert },
      { account: { system: 'bonuses' }, amount: forfeit },
    ],
  });
  await addEnded(tx, grant.id, convert, forfeit);
  return true;
}

/** Posts a grant's own ledger transaction (metadata `grant`, which ledger:check reads). */
function postForGrant(
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
export async function activateGrant(tx: Queryable, userId: string, grantId: string): Promise<GrantRow> {
  const grant = await grantById(tx, grantId, { lock: true });
  if (!grant || grant.user_id !== userId) throw fail('not_found', 'bonus', 'not_found');
  if (grant.status !== 'available' || grant.expires_at <= new Date())
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
