import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Product } from '../../../shared/products.ts';
import { levelIndexOf, POINT_MINOR, pointsOf, VIP_LEVELS } from '../../../shared/vip.ts';
import type { Queryable } from '../../db/client.ts';
import { invalid } from '../../domain-error.ts';
import { playerBalances } from '../ledger/balances.ts';
import { completeGrant, postForGrant, vipReward } from './engine.ts';
import { activeGrant, addEnded, addSpent, addWon, grantById, insertGrant } from './repository.ts';
import { conversion, edgeBpsOf, isPotGame } from './rules.ts';

/**
 * The bonus engine's hooks on stakes (docs/bonuses.md "Bonus money", "Settled stakes"): what pays a
 * stake, the counters a settled stake moves, and what a settlement completes. Only the wallet calls
 * them (src/server/modules/wallet/stakes.ts), inside the transaction that moves the money.
 *
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
  product: Product;
  game: string;
  /** The game's house edge in basis points when the registry does not know it (an aggregator's game). */
  edgeBps?: bigint;
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
      stakes.map((s) => ((s.stake - s.bonusStake) * (s.edgeBps ?? edgeBpsOf(s.game))).toString()),
      stakes.map((s) => isPotGame(s.game)),
      [...new Set(stakes.flatMap((s) => (s.grantId ? [s.grantId] : [])))],
      stakes.map((s) => (s.product === 'originals' ? null : s.product)),
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
  select * from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::boolean[],
                       $8::text[])
    as i(user_id, currency, game, stake, edge, pot, product)
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
                     else i.stake * coalesce((g2.weights->>i.game)::int, (g2.weights->>i.product)::int,
                                             case when i.pot then 0 end, (g2.weights->>'default')::int,
                                             100) / 100 end) as total
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

/** Each VIP level crossed between `before` and `after` grants its level-up bonus; the top levels set premium. */
async function levelUps(tx: Queryable, userId: string, currency: Currency, before: bigint, after: bigint) {
  const from = levelIndexOf(pointsOf(before, currency));
  const to = levelIndexOf(pointsOf(after, currency));
  if (to <= from) return;
  for (let i = from + 1; i <= to; i += 1) {
    const level = VIP_LEVELS[i]!;
    const amount = BigInt(level.levelUpPoints) * POINT_MINOR[currency];
    await insertGrant(tx, vipReward(userId, currency, `vip:level:${level.key}:${currency}`, amount));
  }
  if (VIP_LEVELS[to]!.premium)
    await tx.query(
      `update users set premium_status = 'active' where id = $1 and premium_status <> 'active'`,
      [userId],
    );
}
