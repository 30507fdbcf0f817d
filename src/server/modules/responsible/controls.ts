import {
  type ExclusionEffect,
  type ExclusionKind,
  type ExclusionView,
  REVIEW_EVERY_DAYS,
  type StatusResponse,
} from '../../../shared/api/responsible.ts';
import { isCurrency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { fail } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { revokeSessions } from '../auth/session-repository.ts';
import type { Sessions } from '../auth/sessions.ts';
import { AccountExcluded, type ExclusionRow, exclusionInForce } from './exclusions.ts';

type Status = StatusResponse['data'];

/** An exclusion as the operator lists it. */
interface OperatorExclusionRow {
  id: string;
  kind: ExclusionKind;
  effect: ExclusionEffect | null;
  starts_at: Date;
  ends_at: Date | null;
  reason: string | null;
  created_by: 'player' | 'operator';
  reopen_requested_at: Date | null;
  lifted_at: Date | null;
  lift_reason: string | null;
}

const OPERATOR_COLUMNS = `id::text, kind, exclusion_effect(e) as effect, starts_at, ends_at, reason, created_by,
  reopen_requested_at, lifted_at, lift_reason`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const operatorExclusionOf = (r: OperatorExclusionRow) => ({
  id: r.id,
  kind: r.kind,
  effect: r.effect,
  since: r.starts_at.toISOString(),
  until: iso(r.ends_at),
  reason: r.reason,
  created_by: r.created_by,
  reopen_requested_at: iso(r.reopen_requested_at),
  lifted_at: iso(r.lifted_at),
  lift_reason: r.lift_reason,
});

function viewOf(row: ExclusionRow): ExclusionView {
  const ended = row.kind === 'self_exclusion' && row.effect === 'restricted';
  return {
    kind: row.kind,
    effect: row.effect,
    since: row.starts_at.toISOString(),
    until: iso(row.ends_at),
    opens_at:
      ended && row.reopen_requested_at
        ? new Date(row.reopen_requested_at.getTime() + 24 * 3600_000).toISOString()
        : null,
    can_reopen: ended && row.reopen_requested_at === null,
  };
}

/**
 * The player's controls over their own play (docs/responsible-gambling.md): time-outs,
 * self-exclusion, closure, reality checks and the session time limit, the prompts; and the
 * operator's exclusions. Every exclusion is decided on the database's clock (`exclusion_effect`).
 */
export class PlayerControls {
  readonly #db: Database;
  readonly #sessions: Sessions;

  constructor(deps: { database: Database; sessions: Sessions }) {
    this.#db = deps.database;
    this.#sessions = deps.sessions;
  }

  /** `GET /responsible/status` for the session `sessionId`. */
  async status(user: UserRow, sessionId: string, db: Queryable = this.#db): Promise<Status> {
    const [row] = await db.query<{
      started_at: Date;
      ends_at: Date | null;
      reality_check_minutes: number | null;
      session_limit_minutes: number | null;
      staked: string;
      returned: string;
      bets: number;
      deposit_limit: boolean;
      review: boolean;
    }>(
      `select s.created_at as started_at,
              s.created_at + make_interval(mins => r.session_limit_minutes) as ends_at,
              r.reality_check_minutes, r.session_limit_minutes,
              coalesce(w.staked, 0)::text as staked, coalesce(w.returned, 0)::text as returned,
              coalesce(w.bets, 0)::int as bets,
              (r.deposit_prompt_at is null
                and not exists (select 1 from player_limits where user_id = $1 and kind = 'deposit')) as deposit_limit,
              coalesce(greatest(r.reviewed_at, (select max(set_at) from player_limits where user_id = $1))
                         < now() - make_interval(days => $3), false) as review
         from sessions s
         left join player_rg_settings r on r.user_id = s.user_id
         left join lateral (
           select sum(stake) as staked, sum(case when refunded then stake else payout end) as returned,
                  count(*) as bets
             from wagers where user_id = $1 and settled_at >= s.created_at) w on true
        where s.id = $2 and s.user_id = $1`,
      [user.id, sessionId, REVIEW_EVERY_DAYS],
    );
    if (!row) throw fail('unauthenticated', 'session', 'unauthorized');
    const exclusion = await exclusionInForce(db, user.id);
    const staked = BigInt(row.staked);
    const returned = BigInt(row.returned);
    return {
      currency: isCurrency(user.currency) ? user.currency : null,
      exclusion: exclusion ? viewOf(exclusion) : null,
      settings: {
        reality_check_minutes: row.reality_check_minutes,
        session_limit_minutes: row.session_limit_minutes,
      },
      session: {
        started_at: row.started_at.toISOString(),
        ends_at: iso(row.ends_at),
        staked: fromMinor(staked),
        returned: fromMinor(returned),
        net: fromMinor(returned - staked),
        bets: row.bets,
      },
      prompts: { deposit_limit: row.deposit_limit, review: row.review },
    };
  }

  /** `PUT /responsible/session`: the reality-check interval and the session time limit. */
  async setSession(
    user: UserRow,
    sessionId: string,
    settings: { reality_check_minutes: number | null; session_limit_minutes: number | null },
  ): Promise<Status> {
    await this.#db.query(
      `insert into player_rg_settings (user_id, reality_check_minutes, session_limit_minutes)
       values ($1, $2, $3)
       on conflict (user_id) do update
         set reality_check_minutes = excluded.reality_check_minutes,
             session_limit_minutes = excluded.session_limit_minutes, updated_at = now()`,
      [user.id, settings.reality_check_minutes, settings.session_limit_minutes],
    );
    return this.status(user, sessionId);
  }

  /** `POST /responsible/prompts`: the deposit-limit question answered, or the limits reviewed. */
  async answered(user: UserRow, sessionId: string, prompt: 'deposit_limit' | 'review'): Promise<Status> {
    const column = prompt === 'deposit_limit' ? 'deposit_prompt_at' : 'reviewed_at';
    await this.#db.query(
      `insert into player_rg_settings (user_id, ${column}) values ($1, now())
       on conflict (user_id) do update set ${column} = now(), updated_at = now()`,
      [user.id],
    );
    return this.status(user, sessionId);
  }

  /**
   * `POST /responsible/time-out`: only withdrawals and history for `days`. A time-out in force is
   * never shortened: a new one must end later. Sessions stay.
   */
  async timeOut(user: UserRow, sessionId: string, days: number): Promise<Status> {
    return this.#db.transaction(async (tx) => {
      await lockPlayer(tx, user.id);
      const current = await exclusionInForce(tx, user.id);
      if (current?.kind === 'time_out' || current?.kind === 'self_exclusion') {
        const [later] = await tx.query<{ later: boolean }>(
          `select ($1::timestamptz is null or now() + make_interval(days => $2) > $1::timestamptz) as later`,
          [current.ends_at, days],
        );
        // A self-exclusion past its end (restricted) may be followed by a time-out; one running may not.
        if (current.kind === 'self_exclusion' && current.effect === 'blocked')
          throw new AccountExcluded(current);
        if (current.kind === 'time_out' && !later!.later)
          throw fail('conflict', 'days', 'exclusion_shorter', current.ends_at!.toISOString());
      }
      await tx.query(
        `insert into player_exclusions (user_id, kind, ends_at, created_by)
         values ($1, 'time_out', now() + make_interval(days => $2), 'player')`,
        [user.id, days],
      );
      return this.status(user, sessionId, tx);
    });
  }

  /**
   * `POST /responsible/self-exclusion` (`months` null: indefinite) and `POST /responsible/close`:
   * the exclusion written and every session of the player revoked in one transaction, then every
   * instance told (their sockets and session caches drop at once).
   */
  async exclude(
    user: UserRow,
    kind: 'self_exclusion' | 'closure',
    months: number | null,
    reason: string | null,
  ) {
    const revoked = await this.#db.transaction(async (tx) => {
      await lockPlayer(tx, user.id);
      const [row] = await tx.query<{ ends_at: Date | null }>(
        `insert into player_exclusions (user_id, kind, ends_at, reason, created_by)
         values ($1, $2, case when $3::int is null then null else now() + make_interval(months => $3::int) end, $4, 'player')
         returning ends_at`,
        [user.id, kind, months, reason],
      );
      return { until: row!.ends_at, sessions: await revokeSessions(tx, { userId: user.id }, kind) };
    });
    await this.#sessions.announceRevoked(revoked.sessions);
    return { success: true as const, revoked: revoked.sessions.length, until: iso(revoked.until) };
  }

  /**
   * `POST /responsible/reopen`: after a self-exclusion has ended the account stays closed until
   * the player asks; it opens 24 hours after they do.
   */
  async reopen(user: UserRow, sessionId: string): Promise<Status> {
    return this.#db.transaction(async (tx) => {
      await lockPlayer(tx, user.id);
      const rows = await tx.query(
        `update player_exclusions e set reopen_requested_at = now()
          where user_id = $1 and kind = 'self_exclusion' and lifted_at is null and reopen_requested_at is null
            and exclusion_effect(e) = 'restricted'
        returning id`,
        [user.id],
      );
      if (rows.length === 0) throw fail('conflict', 'account', 'nothing_to_reopen');
      return this.status(user, sessionId, tx);
    });
  }

  // ── the operator's ──

  /** `GET /operator/players/:userId/responsible`; undefined for an unknown player. */
  async operatorView(userId: string) {
    const [player] = await this.#db.query<{ currency: string | null }>(
      'select currency from users where id = $1',
      [userId],
    );
    if (!player) return undefined;
    const exclusions = await this.#db.query<OperatorExclusionRow>(
      `select ${OPERATOR_COLUMNS} from player_exclusions e where user_id = $1 order by starts_at desc, id desc`,
      [userId],
    );
    const [settings] = await this.#db.query<{
      reality_check_minutes: number | null;
      session_limit_minutes: number | null;
      reviewed_at: Date | null;
    }>(
      'select reality_check_minutes, session_limit_minutes, reviewed_at from player_rg_settings where user_id = $1',
      [userId],
    );
    return {
      currency: player.currency,
      exclusions: exclusions.map(operatorExclusionOf),
      settings: {
        reality_check_minutes: settings?.reality_check_minutes ?? null,
        session_limit_minutes: settings?.session_limit_minutes ?? null,
        reviewed_at: iso(settings?.reviewed_at ?? null),
      },
    };
  }

  /** `POST /operator/players/:userId/exclusions`: every session revoked; written to the audit log. */
  async operatorExclude(userId: string, reason: string, until: Date | null) {
    const result = await this.#db.transaction(async (tx) => {
      if (!(await lockPlayer(tx, userId))) return undefined;
      const [row] = await tx.query<OperatorExclusionRow>(
        `insert into player_exclusions as e (user_id, kind, starts_at, ends_at, reason, created_by)
         values ($1, 'operator', now(), $2, $3, 'operator')
         returning ${OPERATOR_COLUMNS}`,
        [userId, until, reason],
      );
      await tx.query(
        `insert into bonus_audit (actor, action, target, detail) values ('operator', 'player_exclusion', $1, $2)`,
        [`user:${userId}`, JSON.stringify({ exclusion: row!.id, reason, until: iso(until) })],
      );
      return { row: row!, revoked: await revokeSessions(tx, { userId }, 'operator_exclusion') };
    });
    if (!result) return undefined;
    await this.#sessions.announceRevoked(result.revoked);
    return operatorExclusionOf(result.row);
  }

  /**
   * `POST /operator/players/:userId/exclusions/:id/lift`: an operator's exclusion or a closure
   * lifted, with a reason. A player's own time-out or self-exclusion is never lifted early.
   */
  async operatorLift(userId: string, exclusionId: string, reason: string) {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<{ kind: ExclusionKind; lifted_at: Date | null }>(
        'select kind, lifted_at from player_exclusions where id = $1 and user_id = $2 for update',
        [exclusionId, userId],
      );
      if (!row) return undefined;
      if (row.kind === 'time_out' || row.kind === 'self_exclusion')
        throw fail('conflict', 'exclusion', 'not_liftable');
      if (row.lifted_at) throw fail('conflict', 'exclusion', 'already_decided');
      const [lifted] = await tx.query<OperatorExclusionRow>(
        `update player_exclusions e set lifted_at = now(), lift_reason = $2 where id = $1 returning ${OPERATOR_COLUMNS}`,
        [exclusionId, reason],
      );
      await tx.query(
        `insert into bonus_audit (actor, action, target, detail) values ('operator', 'player_exclusion_lift', $1, $2)`,
        [`user:${userId}`, JSON.stringify({ exclusion: exclusionId, reason })],
      );
      return operatorExclusionOf(lifted!);
    });
  }
}

/** Takes the player's row lock: one exclusion change of a player at a time. False: no such player. */
async function lockPlayer(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query('select 1 from users where id = $1 for no key update', [userId]);
  return rows.length > 0;
}
