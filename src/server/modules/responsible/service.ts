import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsResponse,
  type PlayerLimit,
} from '../../../shared/api/responsible.ts';
import { type Currency, isCurrency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { refuseExcluded } from './exclusions.ts';
import { changeOf, confirmableAt, type LimitState, PERIOD_MS } from './limits.ts';
import { stakeUsage, usedOf } from './stakes.ts';

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string;
  set_at: Date;
  created_at: Date;
  pending_amount: string | null;
  pending_removal: boolean;
  pending_since: Date | null;
}

const stateOf = (row: LimitRow): LimitState => ({
  amount: BigInt(row.amount),
  pendingAmount: row.pending_amount === null ? null : BigInt(row.pending_amount),
  pendingRemoval: row.pending_removal,
  pendingSince: row.pending_since,
});

const COLUMNS =
  'kind, period, amount::text, set_at, created_at, pending_amount::text, pending_removal, pending_since';
const ORDER = `order by array_position(array['deposit', 'loss', 'wager'], kind),
                      array_position(array['day', 'week', 'month'], period)`;

/** Milliseconds of each period, as SQL intervals (the database's clock decides what a window holds). */
const WINDOW_SQL = Object.fromEntries(
  LIMIT_PERIODS.map((p) => [p, `${PERIOD_MS[p] / 1000} seconds`]),
) as Record<LimitPeriod, string>;

/** Deposits a window holds: created in it and not failed, expired or cancelled. */
const DEPOSIT_USAGE = `
  select coalesce(sum(amount) filter (where created_at > now() - $2::interval), 0)::text as day,
         coalesce(sum(amount) filter (where created_at > now() - $3::interval), 0)::text as week,
         coalesce(sum(amount) filter (where created_at > now() - $4::interval), 0)::text as month
    from payments
   where user_id = $1 and direction = 'deposit' and created_at > now() - $4::interval
     and (status = 'succeeded' or (status in ('created', 'pending') and expires_at > now()))`;

type Usage = Record<LimitPeriod, bigint>;

async function depositUsage(db: Queryable, userId: string): Promise<Usage> {
  const [row] = await db.query<Record<LimitPeriod, string>>(DEPOSIT_USAGE, [
    userId,
    WINDOW_SQL.day,
    WINDOW_SQL.week,
    WINDOW_SQL.month,
  ]);
  return { day: BigInt(row!.day), week: BigInt(row!.week), month: BigInt(row!.month) };
}

function currencyOf(user: Pick<UserRow, 'currency'>): Currency {
  if (!isCurrency(user.currency)) throw invalid('currency', 'currency_not_set');
  return user.currency;
}

/**
 * A player's own financial limits (docs/responsible-gambling.md): what the profile shows and
 * changes, and the check a deposit makes in its own transaction.
 */
export class ResponsibleLimits {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { database: Database; clock: Clock }) {
    this.#db = deps.database;
    this.#clock = deps.clock;
  }

  /** `GET /responsible/limits`. */
  async view(
    user: Pick<UserRow, 'id' | 'currency'>,
    db: Queryable = this.#db,
  ): Promise<LimitsResponse['data']> {
    const currency = currencyOf(user);
    const rows = await db.query<LimitRow>(
      `select ${COLUMNS} from player_limits where user_id = $1 ${ORDER}`,
      [user.id],
    );
    const deposits = rows.some((r) => r.kind === 'deposit') ? await depositUsage(db, user.id) : null;
    const staking = rows.filter((r) => r.kind !== 'deposit');
    const stakes =
      staking.length > 0
        ? await stakeUsage(db, user.id, new Date(Math.min(...staking.map((r) => r.created_at.getTime()))))
        : null;
    const now = this.#clock.now();
    const limits: PlayerLimit[] = rows
      .filter((r) => (LIMIT_KINDS as readonly string[]).includes(r.kind))
      .map((r) => {
        const state = stateOf(r);
        const used =
          r.kind === 'deposit'
            ? (deposits?.[r.period] ?? 0n)
            : stakes
              ? usedOf(r.kind, stakes, r.period)
              : 0n;
        const left = state.amount - used;
        const at = confirmableAt(state);
        return {
          kind: r.kind,
          period: r.period,
          amount: fromMinor(state.amount),
          used: fromMinor(used),
          remaining: fromMinor(left > 0n ? left : 0n),
          set_at: r.set_at.toISOString(),
          pending:
            at && r.pending_since
              ? {
                  amount: state.pendingAmount === null ? null : fromMinor(state.pendingAmount),
                  since: r.pending_since.toISOString(),
                  confirmable_at: at.toISOString(),
                  confirmable: at.getTime() <= now,
                }
              : null,
        };
      });
    return { currency, limits };
  }

  /**
   * `PUT /responsible/limits`: a new or lower limit in force at once; a higher one or a removal
   * waiting for the cooling-off and a confirmation (the limit in force stays until then).
   */
  async set(user: UserRow, kind: LimitKind, period: LimitPeriod, amount: bigint | null) {
    currencyOf(user);
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<LimitRow>(
        `select ${COLUMNS} from player_limits where user_id = $1 and kind = $2 and period = $3 for update`,
        [user.id, kind, period],
      );
      const now = this.#clock.date();
      const change = changeOf(row ? stateOf(row) : null, amount, now);
      if (change.kind === 'apply')
        await tx.query(
          // On the database's clock, as the stakes and deposits the limits count are.
          `insert into player_limits (user_id, kind, period, amount, set_at) values ($1, $2, $3, $4, now())
           on conflict (user_id, kind, period) do update
             set amount = excluded.amount, set_at = excluded.set_at,
                 pending_amount = null, pending_removal = false, pending_since = null`,
          [user.id, kind, period, change.amount.toString()],
        );
      else if (change.kind === 'wait')
        await tx.query(
          `update player_limits set pending_amount = $4, pending_removal = $5, pending_since = $6
            where user_id = $1 and kind = $2 and period = $3`,
          [user.id, kind, period, change.amount?.toString() ?? null, change.amount === null, change.since],
        );
      return this.view(user, tx);
    });
  }

  /** `POST /responsible/limits/confirm`: a waiting change, once its cooling-off has passed, in force. */
  async confirm(user: UserRow, kind: LimitKind, period: LimitPeriod) {
    currencyOf(user);
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<LimitRow>(
        `select ${COLUMNS} from player_limits where user_id = $1 and kind = $2 and period = $3 for update`,
        [user.id, kind, period],
      );
      const at = row ? confirmableAt(stateOf(row)) : null;
      if (!row || !at) throw fail('conflict', 'limit', 'limit_nothing_pending');
      if (at.getTime() > this.#clock.now())
        throw fail('conflict', 'limit', 'limit_cooling_off', at.toISOString());
      if (row.pending_removal)
        await tx.query('delete from player_limits where user_id = $1 and kind = $2 and period = $3', [
          user.id,
          kind,
          period,
        ]);
      else
        await tx.query(
          `update player_limits set amount = pending_amount, set_at = now(),
                  pending_amount = null, pending_removal = false, pending_since = null
            where user_id = $1 and kind = $2 and period = $3`,
          [user.id, kind, period],
        );
      return this.view(user, tx);
    });
  }

  /**
   * The deposit check, in the transaction that creates the deposit, before the provider is
   * called: the player's deposit limits locked (two deposits of one player check one after the
   * other, the second seeing the first), then each window's deposits plus this one against its
   * limit. A retry of a deposit made already (its idempotency key taken) is not checked again.
   * Throws the amount's error naming what the tightest window leaves, or the exclusion in force
   * (AccountExcluded); nothing is written.
   */
  async checkDeposit(tx: Queryable, userId: string, amount: bigint, idempotencyKey: string): Promise<void> {
    await refuseExcluded(tx, userId);
    const rows = await tx.query<{ period: LimitPeriod; amount: string }>(
      `select period, amount::text from player_limits where user_id = $1 and kind = 'deposit'
        order by period for update`,
      [userId],
    );
    if (rows.length === 0) return;
    const [retry] = await tx.query('select 1 from payments where user_id = $1 and idempotency_key = $2', [
      userId,
      idempotencyKey,
    ]);
    if (retry) return;
    const usage = await depositUsage(tx, userId);
    let left: bigint | null = null;
    for (const r of rows) {
      const room = BigInt(r.amount) - usage[r.period];
      if (left === null || room < left) left = room;
    }
    if (left !== null && amount > left)
      throw invalid('amount', 'deposit_limit', fromMinor(left > 0n ? left : 0n));
  }
}
