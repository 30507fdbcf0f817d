import type { KeyObject } from 'node:crypto';
import type {
  TournamentBoard,
  TournamentCard,
  TournamentDetail,
  TournamentMe,
  TournamentStanding,
  TournamentWinner,
} from '../../../shared/api/tournaments.ts';
import type { OperatorTournamentBody } from '../../../shared/api/tournaments-routes.ts';
import { CURRENCIES, type Currency } from '../../../shared/currencies.ts';
import type { Locale } from '../../../shared/locales.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';
import { levelIndexOf, pointsOf as vipPointsOf } from '../../../shared/vip.ts';
import { tournamentChannel } from '../../../shared/wire/realtime.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { Bus } from '../../realtime/bus.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import type { UserRow } from '../auth/repository.ts';
import { insertGrant } from '../bonus/repository.ts';
import { requirementOf } from '../bonus/rules.ts';
import { playerName } from '../games/feed.ts';
import { postWithin } from '../ledger/ledger.ts';
import { refuseExcluded } from '../responsible/exclusions.ts';
import {
  FOLD_LOCK,
  fold,
  payoutsOf,
  placeOf,
  pointsAt,
  SCORING_LOCK,
  standings,
  type Totals,
  type TournamentRow,
  totalsOf,
  tournamentById,
  tournamentsOf,
} from './store.ts';
import {
  checkPrizes,
  defaultRates,
  placesPaid,
  pointsText,
  poolOf,
  prizeOf,
  RATE_SCALE,
  rateFromText,
  rateText,
  tablePays,
  toPlayer,
} from './terms.ts';

/** How many places the boards show. */
export const BOARD_SIZE = 100;

export interface TournamentDeps {
  database: Database;
  clock: Clock;
  bus: Bus;
  aliasKey: KeyObject;
  log: { warn: (obj: object, msg?: string) => void };
  /** Pushes a player's balances after a prize or a refund reached their cash. */
  balanceChanged: (userId: string) => Promise<void>;
  /** Drops the rendered tournament pages (the lists, a tournament, the winners) on every instance. */
  pagesChanged: () => Promise<void>;
}

/** A prize paid when a tournament finished (for the announcement). */
export interface Winner {
  userId: string;
  tournamentId: string;
  place: number;
  kind: 'cash' | 'bonus';
  amount: bigint;
  currency: Currency;
}

const text = (map: Record<string, string>, locale: Locale) => map[locale] ?? map.en ?? '';

/** The stored terms of the operator's body, checked (a field message when they do not hold). */
function termsOf(body: OperatorTournamentBody, now: number) {
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  if (endsAt <= startsAt) throw invalid('ends_at', 'tournament_window');
  if (endsAt.getTime() <= now) throw invalid('ends_at', 'tournament_window');
  if (body.entry === 'auto' && body.buy_in && Object.keys(body.buy_in).length > 0)
    throw invalid('buy_in', 'tournament_buy_in_opt_in');
  if (body.entry === 'auto' && body.min_vip_level !== null)
    throw invalid('min_vip_level', 'tournament_vip_opt_in');
  const prizes = checkPrizes(body.prizes);
  if (typeof prizes === 'string') throw invalid('prizes', prizes as 'prize_places');
  const rates = defaultRates(body.currency);
  for (const [c, r] of Object.entries(body.rates ?? {})) {
    const rate = rateFromText(r);
    if (rate <= 0n) throw invalid(`rates.${c}`, 'invalid_rate');
    rates[c as Currency] = rate;
  }
  rates[body.currency] = RATE_SCALE;
  const keys = new Set<string>();
  for (const g of body.games) {
    const key = `${g.product}|${g.game}`;
    if (keys.has(key)) throw invalid('games', 'duplicate_game');
    keys.add(key);
  }
  return {
    startsAt,
    endsAt,
    prizes,
    rates: Object.fromEntries(Object.entries(rates).map(([c, r]) => [c, Number(r)])),
    buyIns: Object.fromEntries(Object.entries(body.buy_in ?? {}).map(([c, a]) => [c, toMinor(a).toString()])),
    minStake: body.min_stake && body.kind === 'multiplier' ? toMinor(body.min_stake) : 0n,
  };
}

/**
 * Tournaments (docs/tournaments.md): what the pages and the API show, joining, the operator's
 * terms, and the end (standings frozen, prizes paid once). Scores are the database's: each
 * settled stake writes an event to the scoring outbox and `fold` adds them up
 * (drizzle/0027_tournament_outbox.sql); nothing here computes points.
 */
export class Tournaments {
  readonly #d: TournamentDeps;
  /** Told of the prizes each run of `payPrizes` paid (the plugin mails the winners). */
  onPaid: ((paid: readonly Winner[]) => Promise<void>) | null = null;

  constructor(deps: TournamentDeps) {
    this.#d = deps;
  }

  /** The status a player sees: a stored `upcoming` whose start passed is running already. */
  #shownStatus(row: TournamentRow, now: number): TournamentCard['status'] {
    if (row.status === 'upcoming' && row.starts_at.getTime() <= now) return 'active';
    return row.status;
  }

  /** The pool the table's shares are taken of (fixed when it finished). */
  #pool(row: TournamentRow, totals: Totals): bigint {
    if (row.final_pool !== null) return BigInt(row.final_pool);
    return poolOf({
      basePool: BigInt(row.base_pool),
      buyInTotal: totals.buyIns,
      poolBuyInBps: row.pool_buy_in_bps,
      turnover: totals.turnover,
      poolTurnoverBps: row.pool_turnover_bps,
    });
  }

  #card(
    row: TournamentRow,
    totals: Totals,
    locale: Locale,
    user: UserRow | null,
    joined: boolean | null,
  ): TournamentCard {
    const pool = this.#pool(row, totals);
    const currency = (user?.currency as Currency | null) ?? row.currency;
    const buyIn = row.buy_ins[currency] ?? (user ? undefined : Object.values(row.buy_ins)[0]);
    const buyInCurrency =
      row.buy_ins[currency] !== undefined ? currency : (Object.keys(row.buy_ins)[0] as Currency);
    return {
      id: row.id,
      name: text(row.name, locale),
      description: text(row.description, locale),
      kind: row.kind,
      status: this.#shownStatus(row, this.#d.clock.now()),
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
      currency: row.currency,
      prize_pool: fromMinor(tablePays(row.prizes, pool)),
      places_paid: placesPaid(row.prizes),
      entry: row.entry,
      buy_in: buyIn !== undefined ? { amount: fromMinor(BigInt(buyIn)), currency: buyInCurrency } : null,
      participants: totals.participants,
      games: row.games as TournamentCard['games'],
      joined,
    };
  }

  async #joined(userId: string, ids: readonly string[]): Promise<Set<string>> {
    const rows = await this.#d.database.query<{ id: string }>(
      'select tournament_id::text as id from tournament_players where user_id = $1 and tournament_id = any($2::bigint[])',
      [userId, ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** `GET /tournaments`: one list, as cards. */
  async list(status: 'active' | 'upcoming' | 'finished', locale: Locale, user: UserRow | null, limit = 30) {
    const rows = await tournamentsOf(this.#d.database, status, this.#d.clock.date(), limit);
    const ids = rows.map((r) => r.id);
    const [totals, joined] = await Promise.all([
      totalsOf(this.#d.database, ids),
      user ? this.#joined(user.id, ids) : Promise.resolve(null),
    ]);
    return rows.map((row) =>
      this.#card(row, totals.get(row.id)!, locale, user, joined ? joined.has(row.id) : null),
    );
  }

  async #row(id: string): Promise<TournamentRow> {
    const row = await tournamentById(this.#d.database, id);
    if (!row) throw fail('not_found', 'tournament', 'tournament_not_found');
    return row;
  }

  /** `GET /tournaments/:id`: rules, prize table, the board and the caller's own place. */
  async detail(id: string, locale: Locale, user: UserRow | null): Promise<TournamentDetail> {
    const row = await this.#row(id);
    const totals = (await totalsOf(this.#d.database, [id])).get(id)!;
    const pool = this.#pool(row, totals);
    const [board, me] = await Promise.all([
      this.#board(row, totals, user?.id ?? null),
      user ? this.#me(row, user, pool) : Promise.resolve(null),
    ]);
    return {
      ...this.#card(row, totals, locale, user, me ? me.joined : null),
      rules: {
        min_stake: row.kind === 'multiplier' ? fromMinor(BigInt(row.min_stake)) : null,
        currencies: row.currencies,
        regions: row.regions,
        min_vip_level: row.min_vip_level,
        rates: Object.fromEntries(CURRENCIES.map((c) => [c, rateText(BigInt(row.rates[c]))])),
        pool_buy_in_bps: row.pool_buy_in_bps,
        pool_turnover_bps: row.pool_turnover_bps,
      },
      prizes: row.prizes.map((p) => ({
        from: p.from,
        to: p.to,
        kind: p.kind,
        amount: fromMinor(prizeOf(row.prizes, p.from, pool)?.amount ?? 0n),
        share_bps: p.share_bps ?? null,
        wager: p.kind === 'bonus' ? p.wager : null,
      })),
      board,
      me,
    };
  }

  /**
   * `GET /tournaments/winners` and the lobby's "latest winners": the prizes paid, the tournament
   * that finished last first (its places in order), each player named as the boards name them.
   */
  async winners(locale: Locale, limit: number): Promise<TournamentWinner[]> {
    const rows = await this.#d.database.query<{
      tournament_id: string;
      name: Record<string, string>;
      place: number;
      user_id: string;
      user_name: string | null;
      is_statistics_hidden: boolean;
      kind: 'cash' | 'bonus';
      amount: string;
      currency: Currency;
      paid_at: Date;
    }>(
      `select p.tournament_id::text, t.name, p.place, p.user_id::text, u.name as user_name, u.is_statistics_hidden,
              p.kind, p.amount::text, p.currency, p.paid_at
         from tournament_payouts p
         join tournaments t on t.id = p.tournament_id
         join users u on u.id = p.user_id
        where p.paid_at is not null
        order by t.finished_at desc, p.tournament_id desc, p.place
        limit $1`,
      [limit],
    );
    return rows.map((r) => ({
      tournament_id: r.tournament_id,
      tournament: text(r.name, locale),
      place: r.place,
      player: playerName(
        { id: r.user_id, name: r.user_name, is_statistics_hidden: r.is_statistics_hidden },
        this.#d.aliasKey,
      ),
      kind: r.kind,
      amount: fromMinor(BigInt(r.amount)),
      currency: r.currency,
      paid_at: r.paid_at.toISOString(),
    }));
  }

  /** `GET /tournaments/:id/board` and what `/ws` pushes. */
  async board(id: string): Promise<TournamentBoard> {
    const row = await this.#row(id);
    const totals = (await totalsOf(this.#d.database, [id])).get(id)!;
    return this.#board(row, totals, null);
  }

  async #board(row: TournamentRow, totals: Totals, userId: string | null): Promise<TournamentBoard> {
    const pool = this.#pool(row, totals);
    const top = await standings(this.#d.database, row.id, BOARD_SIZE);
    const paid =
      row.status === 'finished'
        ? new Map((await payoutsOf(this.#d.database, row.id)).map((p) => [p.place, p]))
        : null;
    const rows: TournamentStanding[] = top.map((s, i) => {
      const place = i + 1;
      const points = BigInt(s.points);
      // What the place wins: paid, once finished (in the tournament's currency), else as it stands.
      const prize =
        row.status === 'cancelled'
          ? null
          : paid
            ? paid.has(place)
              ? (prizeOf(row.prizes, place, pool)?.amount ?? null)
              : null
            : points > 0n
              ? (prizeOf(row.prizes, place, pool)?.amount ?? null)
              : null;
      return {
        rank: place,
        player: playerName(
          { id: s.user_id, name: s.name, is_statistics_hidden: s.is_statistics_hidden },
          this.#d.aliasKey,
        ),
        points: pointsText(row.kind, points),
        prize: prize === null ? null : fromMinor(prize),
        me: s.user_id === userId,
      };
    });
    return {
      id: row.id,
      status: this.#shownStatus(row, this.#d.clock.now()),
      prize_pool: fromMinor(tablePays(row.prizes, pool)),
      participants: totals.participants,
      standings: rows,
      // A wire version in real time (the `time` order of src/shared/wire/realtime.ts): a test's
      // stopped clock would give two boards one version.
      version: Date.now(),
    };
  }

  /** Why `user` may not take part, as a key under `tournaments.refusals` (null: they may). */
  async #refusal(
    row: TournamentRow,
    user: UserRow,
    db: Queryable = this.#d.database,
  ): Promise<string | null> {
    const currency = user.currency as Currency | null;
    if (row.status === 'cancelled') return 'cancelled';
    if (row.status === 'finished' || row.ends_at.getTime() <= this.#d.clock.now()) return 'finished';
    if (!currency || (row.currencies.length > 0 && !row.currencies.includes(currency)))
      return 'not_eligible_currency';
    if (row.regions.length > 0 && !row.regions.includes(user.region)) return 'not_eligible_region';
    if (row.min_vip_level !== null) {
      const [progress] = await db.query<{ wagered: string }>(
        'select wagered::text from vip_progress where user_id = $1 and currency = $2',
        [user.id, currency],
      );
      if (levelIndexOf(vipPointsOf(BigInt(progress?.wagered ?? '0'), currency)) < row.min_vip_level)
        return 'not_eligible_vip';
    }
    return null;
  }

  async #me(row: TournamentRow, user: UserRow, pool: bigint): Promise<TournamentMe> {
    const place = await placeOf(this.#d.database, row.id, user.id);
    const refusal = place ? null : await this.#refusal(row, user);
    if (!place)
      return { joined: false, rank: null, points: pointsText(row.kind, 0n), prize: null, gap: null, refusal };
    const paid = placesPaid(row.prizes);
    const prize = place.points > 0n ? prizeOf(row.prizes, place.rank, pool) : null;
    let gap: string | null = null;
    if (!prize && row.status !== 'finished' && row.status !== 'cancelled') {
      // Ties go to whoever reached the score first: the last paid place's points plus the least unit.
      const last = paid > 0 ? await pointsAt(this.#d.database, row.id, paid) : undefined;
      const target = last === undefined || last < 1n ? 1n : last + 1n;
      const short = target - place.points;
      gap = row.kind === 'multiplier' ? fromMinor((short + 99n) / 100n) : fromMinor(short);
    }
    return {
      joined: true,
      rank: place.rank,
      points: pointsText(row.kind, place.points),
      prize: prize ? fromMinor(prize.amount) : null,
      gap,
      refusal: null,
    };
  }

  /** `GET /tournaments/:id/me`. */
  async me(id: string, user: UserRow): Promise<TournamentMe> {
    const row = await this.#row(id);
    const totals = (await totalsOf(this.#d.database, [id])).get(id)!;
    return this.#me(row, user, this.#pool(row, totals));
  }

  /**
   * `POST /tournaments/:id/join`: an opt-in tournament, before its end, for an eligible player;
   * the buy-in (if any) leaves their cash in the same transaction. Joining again answers the same.
   */
  async join(id: string, user: UserRow): Promise<TournamentMe> {
    const joined = await this.#d.database.transaction(async (tx) => {
      // Shared: joins run side by side, the end (which locks it for update) waits for them.
      const [row] = await tx.query<{ id: string }>(
        'select id::text from tournaments where id = $1 for share',
        [id],
      );
      if (!row) throw fail('not_found', 'tournament', 'tournament_not_found');
      const t = (await tournamentById(tx, id))!;
      if (t.entry !== 'opt_in') throw fail('conflict', 'tournament', 'tournament_auto_entry');
      const [existing] = await tx.query(
        'select 1 from tournament_players where tournament_id = $1 and user_id = $2',
        [id, user.id],
      );
      if (existing) return false;
      // A player under an exclusion (a time-out, a self-exclusion) joins nothing.
      await refuseExcluded(tx, user.id);
      const refusal = await this.#refusal(t, user, tx);
      if (refusal === 'finished' || refusal === 'cancelled')
        throw fail('conflict', 'tournament', 'tournament_closed');
      if (refusal)
        throw fail('forbidden', 'tournament', `tournament_${refusal}` as 'tournament_not_eligible_region');
      const currency = user.currency as Currency;
      const buyIn = t.buy_ins[currency] !== undefined ? BigInt(t.buy_ins[currency]) : 0n;
      // Two joins at once: the second waits on the first's row and then inserts nothing.
      const inserted = await tx.query(
        `insert into tournament_players (tournament_id, user_id, joined_at, buy_in, buy_in_currency)
         values ($1, $2, $3, $4, $5) on conflict (tournament_id, user_id) do nothing returning 1`,
        [id, user.id, this.#d.clock.date(), buyIn.toString(), buyIn > 0n ? currency : null],
      );
      if (inserted.length === 0) return false;
      if (buyIn > 0n)
        await postWithin(tx, {
          idempotencyKey: `tournament:${id}:buy-in:${user.id}`,
          kind: 'tournament_buy_in',
          currency,
          request: { tournament: id, user: user.id },
          metadata: { tournament: id },
          postings: [
            { account: { userId: user.id, kind: 'cash' }, amount: -buyIn },
            { account: { system: 'house' }, amount: buyIn },
          ],
          answer: () => null,
        });
      // Last, after the player's account: a fold (which may hold this row) never waits on a join
      // that waits on a stake.
      await tx.query(
        `insert into tournament_totals as x (tournament_id, participants, buy_ins)
         values ($1, 1, $2) on conflict (tournament_id) do update
           set participants = x.participants + 1, buy_ins = x.buy_ins + excluded.buy_ins`,
        [id, ((buyIn * BigInt(t.rates[currency])) / RATE_SCALE).toString()],
      );
      return buyIn > 0n;
    });
    if (joined) await this.#d.balanceChanged(user.id);
    return this.me(id, user);
  }

  // ───────────────────────────── the operator ─────────────────────────────

  async #writeGames(tx: Queryable, id: string, body: OperatorTournamentBody) {
    await tx.query('delete from tournament_games where tournament_id = $1', [id]);
    await tx.query(
      `insert into tournament_games (tournament_id, product, game, weight)
       select $1, unnest($2::text[]), unnest($3::text[]), unnest($4::int[])`,
      [id, body.games.map((g) => g.product), body.games.map((g) => g.game), body.games.map((g) => g.weight)],
    );
  }

  #values(body: OperatorTournamentBody, terms: ReturnType<typeof termsOf>) {
    return [
      JSON.stringify(body.name),
      JSON.stringify(body.description ?? {}),
      body.kind,
      terms.startsAt,
      terms.endsAt,
      body.currency,
      body.entry,
      JSON.stringify(terms.buyIns),
      terms.minStake.toString(),
      body.currencies,
      body.regions,
      body.min_vip_level,
      JSON.stringify(terms.rates),
      toMinor(body.base_pool).toString(),
      body.pool_buy_in_bps,
      body.pool_turnover_bps,
      JSON.stringify(terms.prizes),
    ];
  }

  async create(body: OperatorTournamentBody): Promise<string> {
    const terms = termsOf(body, this.#d.clock.now());
    const id = await this.#d.database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into tournaments (name, description, kind, starts_at, ends_at, currency, entry, buy_ins, min_stake,
                                  currencies, regions, min_vip_level, rates, base_pool, pool_buy_in_bps,
                                  pool_turnover_bps, prizes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning id::text`,
        this.#values(body, terms),
      );
      await this.#writeGames(tx, row!.id, body);
      await tx.query('insert into tournament_totals (tournament_id) values ($1)', [row!.id]);
      return row!.id;
    });
    await this.#d.pagesChanged();
    return id;
  }

  /** Replaces the terms of a tournament that has not started (nothing has counted yet). */
  async update(id: string, body: OperatorTournamentBody): Promise<void> {
    const terms = termsOf(body, this.#d.clock.now());
    await this.#d.database.transaction(async (tx) => {
      const row = await tournamentById(tx, id, { lock: true });
      if (!row) throw fail('not_found', 'tournament', 'tournament_not_found');
      if (row.status !== 'upcoming' || row.starts_at.getTime() <= this.#d.clock.now())
        throw fail('conflict', 'tournament', 'tournament_started');
      if (terms.startsAt.getTime() <= this.#d.clock.now()) throw invalid('starts_at', 'tournament_window');
      await tx.query(
        `update tournaments set name = $2, description = $3, kind = $4, starts_at = $5, ends_at = $6, currency = $7,
                entry = $8, buy_ins = $9, min_stake = $10, currencies = $11, regions = $12, min_vip_level = $13,
                rates = $14, base_pool = $15, pool_buy_in_bps = $16, pool_turnover_bps = $17, prizes = $18
          where id = $1`,
        [id, ...this.#values(body, terms)],
      );
      await this.#writeGames(tx, id, body);
    });
    await this.#d.pagesChanged();
  }

  /** Cancels a tournament that has not finished: no prizes, every buy-in back to its player's cash. */
  async cancel(id: string): Promise<void> {
    const refunded = await this.#d.database.transaction(async (tx) => {
      const row = await tournamentById(tx, id, { lock: true });
      if (!row) throw fail('not_found', 'tournament', 'tournament_not_found');
      if (row.status === 'finished' || row.status === 'cancelled')
        throw fail('conflict', 'tournament', 'tournament_closed');
      await tx.query(`update tournaments set status = 'cancelled', finished_at = $2 where id = $1`, [
        id,
        this.#d.clock.date(),
      ]);
      const buyIns = await tx.query<{ user_id: string; buy_in: string; buy_in_currency: Currency }>(
        `select user_id::text, buy_in::text, buy_in_currency from tournament_players
          where tournament_id = $1 and buy_in > 0 order by user_id`,
        [id],
      );
      for (const b of buyIns) {
        const amount = BigInt(b.buy_in);
        await postWithin(tx, {
          idempotencyKey: `tournament:${id}:refund:${b.user_id}`,
          kind: 'tournament_refund',
          currency: b.buy_in_currency,
          request: { tournament: id, user: b.user_id },
          metadata: { tournament: id },
          postings: [
            { account: { system: 'house' }, amount: -amount },
            { account: { userId: b.user_id, kind: 'cash' }, amount },
          ],
          answer: () => null,
        });
      }
      return buyIns.map((b) => b.user_id);
    });
    for (const userId of refunded) await this.#d.balanceChanged(userId);
    await this.#d.pagesChanged();
    await this.publish(id);
  }

  /**
   * Adds the scoring outbox's events to the standings (the leader does every second; tests call
   * it before they read a score). Answers how many it took.
   */
  fold(): Promise<number> {
    return fold(this.#d.database);
  }

  /**
   * Finishes a tournament whose end has come, once, in one transaction: the fold's lock, the row
   * locked for update, then the scoring lock taken exclusively, which waits for every stake in
   * flight (each holds it shared while it writes its event; the next ones find it finished), the
   * outbox folded, the standings read and each paid place's prize decided in its player's
   * currency, the status set. A restart or a second instance finds it finished or finishes it
   * whole. The prizes are paid after it (`payPrizes`): a player's account is never locked while
   * the tournament is, as a stake holds its account before the scoring lock. Answers whether it
   * finished it.
   */
  async finish(id: string, { early = false } = {}): Promise<boolean> {
    return this.#d.database.transaction(async (tx) => {
      // Folds take their lock before any row; so does this, so the two never wait on each other.
      await tx.query('select pg_advisory_xact_lock($1)', [FOLD_LOCK]);
      const row = await tournamentById(tx, id, { lock: true });
      if (!row || (row.status !== 'upcoming' && row.status !== 'active')) return false;
      const now = this.#d.clock.date();
      const endedEarly = early && row.starts_at <= now && now < row.ends_at;
      if (!endedEarly && row.ends_at > now) return false;
      // Every stake that wrote its event has committed, and no other can write one until this
      // commits: what the fold takes is exactly what counts.
      await tx.query('select pg_advisory_xact_lock($1)', [SCORING_LOCK]);
      await fold(tx);
      if (endedEarly) {
        // Ended by the operator: the window closes now (a stake waiting on the scoring lock
        // writes its event after this commits, and the fold drops it: the tournament is over).
        await tx.query('update tournaments set ends_at = $2 where id = $1', [id, now]);
        row.ends_at = now;
      }
      const totals = (await totalsOf(tx, [id])).get(id)!;
      const pool = this.#pool(row, totals);
      const places = placesPaid(row.prizes);
      const top = places > 0 ? await standings(tx, id, places) : [];
      for (const [i, s] of top.entries()) {
        const place = i + 1;
        const prize = BigInt(s.points) > 0n ? prizeOf(row.prizes, place, pool) : null;
        if (!prize || !s.currency) continue;
        const amount = toPlayer(prize.amount, BigInt(row.rates[s.currency]));
        if (amount <= 0n) continue;
        await tx.query(
          `insert into tournament_payouts (tournament_id, place, user_id, points, kind, amount, currency, wager)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, place, s.user_id, s.points, prize.kind, amount.toString(), s.currency, prize.wager],
        );
      }
      await tx.query(
        `update tournaments set status = 'finished', final_pool = $2, finished_at = $3 where id = $1`,
        [id, pool.toString(), now],
      );
      return true;
    });
  }

  /**
   * Pays the decided prizes not yet paid, each in its own transaction under its own key (cash
   * through the ledger, a bonus through the bonus engine), marked paid in the same transaction: a
   * crash between two leaves the rest for the next run, and two instances never pay one twice
   * (the row is taken with `skip locked`, the key is unique). Answers the prizes it paid.
   */
  async payPrizes(): Promise<Winner[]> {
    const due = await this.#d.database.query<{ tournament_id: string; place: number }>(
      `select tournament_id::text, place from tournament_payouts where paid_at is null order by tournament_id, place`,
    );
    const paid: Winner[] = [];
    for (const { tournament_id: id, place } of due) {
      const winner = await this.#d.database.transaction(async (tx) => {
        const [p] = await tx.query<{
          user_id: string;
          kind: 'cash' | 'bonus';
          amount: string;
          currency: Currency;
          wager: number;
        }>(
          `select user_id::text, kind, amount::text, currency, wager from tournament_payouts
            where tournament_id = $1 and place = $2 and paid_at is null for update skip locked`,
          [id, place],
        );
        if (!p) return null;
        const amount = BigInt(p.amount);
        const key = `tournament:${id}:place:${place}`;
        let grantId: string | null = null;
        if (p.kind === 'cash') {
          await postWithin(tx, {
            idempotencyKey: key,
            kind: 'tournament_prize',
            currency: p.currency,
            request: { tournament: id, place },
            metadata: { tournament: id, place },
            postings: [
              { account: { system: 'bonuses' }, amount: -amount },
              { account: { userId: p.user_id, kind: 'cash' }, amount },
            ],
            answer: () => null,
          });
        } else {
          const grant = await insertGrant(tx, {
            userId: p.user_id,
            campaignId: null,
            kind: 'no_deposit',
            currency: p.currency,
            status: 'available',
            source: 'tournament',
            sourceKey: key,
            amount,
            requirement: requirementOf(amount, p.wager),
            maxBet: 0n,
            maxConversion: 0n,
            weights: { default: 100 },
            terms: { wager: p.wager, days: 7 },
            claimSeconds: 30 * 86_400,
          });
          grantId = grant?.id ?? null;
        }
        await tx.query(
          'update tournament_payouts set paid_at = $3, grant_id = $4 where tournament_id = $1 and place = $2',
          [id, place, this.#d.clock.date(), grantId],
        );
        return { userId: p.user_id, tournamentId: id, place, kind: p.kind, amount, currency: p.currency };
      });
      if (!winner) continue;
      paid.push(winner);
      if (winner.kind === 'cash') await this.#d.balanceChanged(winner.userId);
    }
    if (paid.length > 0) {
      await this.#d.pagesChanged();
      await this.onPaid?.(paid);
    }
    return paid;
  }

  /** The operator's "end now": a running tournament finished at once and its prizes paid. */
  async endNow(id: string): Promise<void> {
    await this.#row(id);
    if (!(await this.finish(id, { early: true })))
      throw fail('conflict', 'tournament', 'tournament_not_running');
    await this.#d.pagesChanged();
    await this.payPrizes();
    await this.publish(id);
  }

  /**
   * Moves tournaments on: those whose start came are marked running, those whose end came are
   * finished (each once, whichever instance gets there first) and their prizes paid. Answers
   * which it finished and the prizes it paid.
   */
  async advance(): Promise<{ finished: string[]; paid: Winner[] }> {
    const now = this.#d.clock.date();
    const started = await this.#d.database.query<{ id: string }>(
      `update tournaments set status = 'active' where status = 'upcoming' and starts_at <= $1 and ends_at > $1
       returning id::text`,
      [now],
    );
    const due = await this.#d.database.query<{ id: string }>(
      `select id::text from tournaments where status in ('upcoming', 'active') and ends_at <= $1 order by ends_at, id`,
      [now],
    );
    const finished: string[] = [];
    for (const { id } of due) if (await this.finish(id)) finished.push(id);
    if (finished.length > 0 || started.length > 0) await this.#d.pagesChanged();
    const paid = await this.payPrizes();
    for (const id of new Set([...finished, ...paid.map((w) => w.tournamentId), ...started.map((r) => r.id)]))
      await this.publish(id);
    return { finished, paid };
  }

  /** The last board pushed per tournament (without its version), to push only changes. */
  readonly #pushed = new Map<string, string>();

  /** Pushes a tournament's board to `tournament:<id>` when it changed since the last push. */
  async publish(id: string): Promise<boolean> {
    const board = await this.board(id);
    const { version, ...content } = board;
    const same = JSON.stringify(content);
    if (this.#pushed.get(id) === same) return false;
    this.#pushed.set(id, same);
    await publishEvent(this.#d.bus, tournamentChannel(id), version, { type: 'tournament', board });
    return true;
  }

  /** Pushes the boards of the running tournaments that changed (the leader's loop, plugin.ts). */
  async publishRunning(): Promise<number> {
    const rows = await this.#d.database.query<{ id: string }>(
      `select id::text from tournaments where status in ('upcoming', 'active') and starts_at <= $1`,
      [this.#d.clock.date()],
    );
    let pushed = 0;
    for (const { id } of rows) if (await this.publish(id)) pushed += 1;
    return pushed;
  }

  // ───────────────────────────── the operator's views ─────────────────────────────

  async operatorView(row: TournamentRow, totals: Totals) {
    const detail = await this.detail(row.id, 'en', null);
    return {
      ...detail,
      name_i18n: row.name,
      description_i18n: row.description,
      buy_ins: Object.fromEntries(Object.entries(row.buy_ins).map(([c, a]) => [c, fromMinor(BigInt(a))])),
      base_pool: fromMinor(BigInt(row.base_pool)),
      prize_pool: fromMinor(tablePays(row.prizes, this.#pool(row, totals))),
    };
  }

  async operatorList(status: TournamentRow['status'] | undefined, limit: number) {
    const rows = (await tournamentsOf(this.#d.database, 'all', this.#d.clock.date(), 500))
      .filter((r) => !status || r.status === status)
      .slice(0, limit);
    const totals = await totalsOf(
      this.#d.database,
      rows.map((r) => r.id),
    );
    return Promise.all(rows.map((r) => this.operatorView(r, totals.get(r.id)!)));
  }

  async operatorOne(id: string) {
    const row = await this.#row(id);
    const totals = (await totalsOf(this.#d.database, [id])).get(id)!;
    return this.operatorView(row, totals);
  }

  /** The whole standings by player id and the payouts, for the operator. */
  async operatorStandings(id: string) {
    const row = await this.#row(id);
    const totals = (await totalsOf(this.#d.database, [id])).get(id)!;
    const pool = this.#pool(row, totals);
    const all = await standings(this.#d.database, id, 100_000);
    return {
      tournament: await this.operatorView(row, totals),
      standings: all.map((s, i) => {
        const points = BigInt(s.points);
        const prize = points > 0n && row.status !== 'cancelled' ? prizeOf(row.prizes, i + 1, pool) : null;
        return {
          rank: i + 1,
          user_id: s.user_id,
          points: pointsText(row.kind, points),
          prize: prize ? fromMinor(prize.amount) : null,
        };
      }),
      payouts: (await payoutsOf(this.#d.database, id)).map((p) => ({
        ...p,
        points: pointsText(row.kind, BigInt(p.points)),
        amount: fromMinor(BigInt(p.amount)),
      })),
    };
  }
}
