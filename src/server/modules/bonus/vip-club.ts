import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import { levelIndexOf, pointsOf, VIP_LEVELS } from '../../../shared/vip.ts';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { postWithin } from '../ledger/ledger.ts';
import { refuseExcluded } from '../responsible/exclusions.ts';
import { vipReward } from './engine.ts';
import { type GrantRow, insertGrant } from './repository.ts';
import { rakebackOf, shareOf } from './rules.ts';

/** The Monday (UTC) that starts the week before the one holding `now`, and the first of last month. */
export function previousPeriods(now: Date) {
  const day = (now.getUTCDay() + 6) % 7; // Monday 0
  const thisWeek = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day);
  const lastWeek = new Date(thisWeek - 7 * 86_400_000);
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return {
    weekly: { key: lastWeek.toISOString().slice(0, 10), from: lastWeek, to: new Date(thisWeek) },
    monthly: { key: lastMonth.toISOString().slice(0, 7), from: lastMonth, to: thisMonth },
  };
}

/**
 * The VIP club (docs/bonuses.md): the level from the progress the wallet counts, rakeback, the
 * weekly and monthly rewards from the wager record, join requests.
 */
export class VipClub {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(database: Database, clock: Clock = systemClock) {
    this.#db = database;
    this.#clock = clock;
  }

  async status(user: UserRow) {
    const currency = (user.currency ?? 'RUB') as Currency;
    const [progress] = await this.#db.query<{ wagered: string; edge: string; edge_claimed: string }>(
      'select wagered::text, edge::text, edge_claimed::text from vip_progress where user_id = $1 and currency = $2',
      [user.id, currency],
    );
    const wagered = BigInt(progress?.wagered ?? '0');
    const points = pointsOf(wagered, currency);
    const level = levelIndexOf(points);
    const next = VIP_LEVELS[level + 1];
    const floor = level >= 0 ? BigInt(VIP_LEVELS[level]!.points) : 0n;
    const progressPercent = next ? Number(((points - floor) * 100n) / (BigInt(next.points) - floor)) : 100;
    const unclaimed = BigInt(progress?.edge ?? '0') - BigInt(progress?.edge_claimed ?? '0');
    const rakeback = level >= 0 ? rakebackOf(unclaimed, VIP_LEVELS[level]!.rakebackPercent) : 0n;
    const periods = previousPeriods(this.#clock.date());
    const periodic = async (kind: 'weekly' | 'monthly') => {
      const p = periods[kind];
      const amount = level >= 0 ? await this.#periodicAmount(user.id, currency, kind, level, p) : 0n;
      const [claim] = await this.#db.query(
        'select 1 from bonus_grants where user_id = $1 and source_key = $2',
        [user.id, `vip:${kind}:${p.key}:${currency}`],
      );
      return { amount: fromMinor(amount), claimed: claim !== undefined, period: p.key };
    };
    const [request] = await this.#db.query<{ status: string; created_at: Date }>(
      'select status, created_at from vip_join_requests where user_id = $1 order by vip_join_requests.id desc limit 1',
      [user.id],
    );
    return {
      level,
      points: points.toString(),
      next_points: next ? String(next.points) : null,
      progress: Math.min(100, Math.max(0, progressPercent)),
      wagered: fromMinor(wagered),
      rakeback: fromMinor(rakeback),
      weekly: await periodic('weekly'),
      monthly: await periodic('monthly'),
      premium: level >= 0 && VIP_LEVELS[level]!.premium,
      join_request: request ?? null,
    };
  }

  async #periodicAmount(
    userId: string,
    currency: Currency,
    kind: 'weekly' | 'monthly',
    level: number,
    period: { from: Date; to: Date },
  ): Promise<bigint> {
    // Every product's stakes settled in the period: the wager record (docs/bonuses.md "Settled stakes").
    const [row] = await this.#db.query<{ stakes: string }>(
      `select coalesce(sum(stake), 0)::text as stakes from wagers
        where user_id = $1 and currency = $2 and settled_at >= $3 and settled_at < $4`,
      [userId, currency, period.from, period.to],
    );
    const l = VIP_LEVELS[level]!;
    return shareOf(BigInt(row?.stakes ?? '0'), kind === 'weekly' ? l.weeklyPercent : l.monthlyPercent);
  }

  /**
   * Pays the rakeback owed at the player's level into cash (ledger `rakeback`). The progress row is
   * locked first: two claims at once pay once, the second finds nothing to claim.
   */
  async claimRakeback(user: UserRow): Promise<string> {
    const currency = user.currency as Currency | null;
    if (!currency) throw invalid('currency', 'currency_not_set');
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<{ wagered: string; edge: string; edge_claimed: string }>(
        `select wagered::text, edge::text, edge_claimed::text from vip_progress where user_id = $1 and currency = $2 for update`,
        [user.id, currency],
      );
      const level = levelIndexOf(pointsOf(BigInt(row?.wagered ?? '0'), currency));
      const amount =
        row && level >= 0
          ? rakebackOf(BigInt(row.edge) - BigInt(row.edge_claimed), VIP_LEVELS[level]!.rakebackPercent)
          : 0n;
      if (amount <= 0n) throw fail('conflict', 'rakeback', 'nothing_to_claim');
      await tx.query('update vip_progress set edge_claimed = edge where user_id = $1 and currency = $2', [
        user.id,
        currency,
      ]);
      await postWithin(tx, {
        idempotencyKey: `rakeback:${user.id}:${currency}:${row!.edge}`,
        kind: 'rakeback',
        currency,
        request: { user: user.id, edge: row!.edge },
        postings: [
          { account: { system: 'bonuses' }, amount: -amount },
          { account: { userId: user.id, kind: 'cash' }, amount },
        ],
        answer: () => null,
      });
      return fromMinor(amount);
    });
  }

  /** The weekly or monthly VIP bonus of the last completed period, granted once as an available bonus. */
  async claimPeriodic(user: UserRow, kind: 'weekly' | 'monthly'): Promise<GrantRow> {
    const currency = user.currency as Currency | null;
    if (!currency) throw invalid('currency', 'currency_not_set');
    await refuseExcluded(this.#db, user.id);
    const [progress] = await this.#db.query<{ wagered: string }>(
      'select wagered::text from vip_progress where user_id = $1 and currency = $2',
      [user.id, currency],
    );
    const level = levelIndexOf(pointsOf(BigInt(progress?.wagered ?? '0'), currency));
    const period = previousPeriods(this.#clock.date())[kind];
    const amount = level >= 0 ? await this.#periodicAmount(user.id, currency, kind, level, period) : 0n;
    if (amount <= 0n) throw fail('conflict', 'reward', 'nothing_to_claim');
    const grant = await insertGrant(
      this.#db,
      vipReward(user.id, currency, `vip:${kind}:${period.key}:${currency}`, amount),
    );
    if (!grant) throw fail('conflict', 'reward', 'already_claimed');
    return grant;
  }

  /** `POST /api/v2/vip/join` (docs/product-rules.md §6): one open request per player; asking again answers the open one. */
  async join(user: UserRow, source: 'vip_page' | 'register_modal', contact: string | null) {
    await this.#db.query(
      `insert into vip_join_requests (user_id, source, contact) values ($1, $2, $3)
       on conflict (user_id) where status in ('new','contacted') do nothing`,
      [user.id, source, contact],
    );
    const [row] = await this.#db.query<{ id: string; status: string; created_at: Date }>(
      `select id::text, status, created_at from vip_join_requests where user_id = $1 order by vip_join_requests.id desc limit 1`,
      [user.id],
    );
    return row!;
  }
}
