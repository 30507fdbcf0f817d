import type { LimitPeriod } from '../../../shared/api/responsible.ts';
import { errorMessage } from '../../../shared/error-codes.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { refuseExcluded } from './exclusions.ts';
import { PERIOD_MS } from './limits.ts';

/** A stake refused by the player's own loss or wager limit (the slot wallet answers it as disabled). */
export class PlayLimitReached extends DomainError {
  constructor(kind: 'loss' | 'wager', left: bigint) {
    super('invalid', { amount: [errorMessage(`${kind}_limit`, fromMinor(left > 0n ? left : 0n))] });
    this.name = 'PlayLimitReached';
  }
}

/** Each window in seconds, for the database's `make_interval`. */
const SECONDS = {
  day: PERIOD_MS.day / 1000,
  week: PERIOD_MS.week / 1000,
  month: PERIOD_MS.month / 1000,
};

/** What a player staked, and was paid back, in each window ending now (the database's clock). */
export interface StakeUsage {
  staked: Record<LimitPeriod, bigint>;
  /** Payouts of stakes settled in the window since counting began (a refunded stake: its stake). */
  returned: Record<LimitPeriod, bigint>;
}

/**
 * Reads the windows: the hours counted (the first, partial one whole) and the payouts of the
 * wager record since `since` (when the player's first loss or wager limit was made: stakes before
 * it were not counted, so neither are their payouts).
 */
export async function stakeUsage(db: Queryable, userId: string, since: Date): Promise<StakeUsage> {
  // Two scans: the player's counted hours, and their settled wagers, each window a filter.
  const [row] = await db.query<Record<string, string>>(
    `select s.day::text as staked_day, s.week::text as staked_week, s.month::text as staked_month,
            r.day::text as returned_day, r.week::text as returned_week, r.month::text as returned_month
       from (select coalesce(sum(staked) filter (where hour >= date_trunc('hour', now() - make_interval(secs => $3))), 0) as day,
                    coalesce(sum(staked) filter (where hour >= date_trunc('hour', now() - make_interval(secs => $4))), 0) as week,
                    coalesce(sum(staked), 0) as month
               from player_stakes
              where user_id = $1 and hour >= date_trunc('hour', now() - make_interval(secs => $5))) s,
            (select coalesce(sum(case when refunded then stake else payout end)
                               filter (where settled_at > now() - make_interval(secs => $3)), 0) as day,
                    coalesce(sum(case when refunded then stake else payout end)
                               filter (where settled_at > now() - make_interval(secs => $4)), 0) as week,
                    coalesce(sum(case when refunded then stake else payout end), 0) as month
               from wagers
              where user_id = $1 and settled_at >= greatest($2, now() - make_interval(secs => $5))) r`,
    [userId, since, SECONDS.day, SECONDS.week, SECONDS.month],
  );
  const r = row!;
  return {
    staked: { day: BigInt(r.staked_day!), week: BigInt(r.staked_week!), month: BigInt(r.staked_month!) },
    returned: {
      day: BigInt(r.returned_day!),
      week: BigInt(r.returned_week!),
      month: BigInt(r.returned_month!),
    },
  };
}

/** What a limit of `kind` has used of a window: the stakes, or the stakes less what came back. */
export const usedOf = (kind: 'loss' | 'wager', usage: StakeUsage, period: LimitPeriod): bigint =>
  kind === 'wager' ? usage.staked[period] : usage.staked[period] - usage.returned[period];

/**
 * The stake check, in the stake's own transaction before any money moves (the wallet's `stake`):
 * the player's loss and wager limits locked (their stakes check one after the other, each seeing
 * the one before), each window's use plus this stake against its limit, then the stake counted.
 * A player under an exclusion is refused (AccountExcluded). A player without limits or exclusions
 * costs one read of two indexes. A stake not yet settled counts as lost.
 */
export async function checkStake(tx: Queryable, userId: string, amount: bigint): Promise<void> {
  // One read decides the common case (no limit, no exclusion) and whether to look further.
  const [guard] = await tx.query<{ limited: boolean; excluded: boolean }>(
    `select exists (select 1 from player_limits where user_id = $1 and kind in ('loss', 'wager')) as limited,
            exists (select 1 from player_exclusions e
                     where e.user_id = $1 and e.lifted_at is null and exclusion_effect(e) is not null) as excluded`,
    [userId],
    'responsible_stake_guard',
  );
  if (guard!.excluded) await refuseExcluded(tx, userId);
  if (!guard!.limited) return;
  const limits = await tx.query<{
    kind: 'loss' | 'wager';
    period: LimitPeriod;
    amount: string;
    created_at: Date;
  }>(
    `select kind, period, amount::text, created_at from player_limits
      where user_id = $1 and kind in ('loss', 'wager') order by kind, period for update`,
    [userId],
    'responsible_stake_limits',
  );
  if (limits.length === 0) return;
  const since = new Date(Math.min(...limits.map((l) => l.created_at.getTime())));
  const usage = await stakeUsage(tx, userId, since);
  for (const l of limits) {
    const left = BigInt(l.amount) - usedOf(l.kind, usage, l.period);
    if (amount > left) throw new PlayLimitReached(l.kind, left);
  }
  await tx.query(
    `insert into player_stakes (user_id, hour, staked) values ($1, date_trunc('hour', now()), $2)
     on conflict (user_id, hour) do update set staked = player_stakes.staked + excluded.staked`,
    [userId, amount.toString()],
  );
}
