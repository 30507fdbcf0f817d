import type { ExclusionEffect, ExclusionKind } from '../../../shared/api/responsible.ts';
import { errorMessage } from '../../../shared/error-codes.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';

/** An exclusion in force, as the database's `exclusion_effect` sees it now. */
export interface ExclusionRow {
  id: string;
  kind: ExclusionKind;
  effect: ExclusionEffect;
  starts_at: Date;
  ends_at: Date | null;
  reopen_requested_at: Date | null;
}

/** The exclusion in force that weighs most: a blocking one first, then the one ending last. */
export const EXCLUSION_IN_FORCE = `
  select id::text, kind, exclusion_effect(e) as effect, starts_at, ends_at, reopen_requested_at
    from player_exclusions e
   where user_id = $1 and lifted_at is null and exclusion_effect(e) is not null
   order by exclusion_effect(e) = 'blocked' desc, ends_at desc nulls first
   limit 1`;

export async function exclusionInForce(db: Queryable, userId: string): Promise<ExclusionRow | undefined> {
  const [row] = await db.query<ExclusionRow>(EXCLUSION_IN_FORCE, [userId], 'responsible_exclusion');
  return row;
}

/**
 * A player kept from playing, depositing or logging in by an exclusion (the slot wallet answers it
 * as a disabled player). The account field names it: a time-out with its end, a self-exclusion
 * with its end (or "indefinite"), a closure, an operator's exclusion.
 */
export class AccountExcluded extends DomainError {
  readonly exclusion: ExclusionRow;

  constructor(row: ExclusionRow) {
    super('forbidden', { account: [messageOf(row)] });
    this.name = 'AccountExcluded';
    this.exclusion = row;
  }
}

function messageOf(row: ExclusionRow) {
  const until = row.ends_at?.toISOString() ?? 'indefinite';
  switch (row.kind) {
    case 'time_out':
      return errorMessage('timed_out', until);
    case 'self_exclusion':
      return errorMessage('self_excluded', until);
    case 'closure':
      return errorMessage('account_closed');
    case 'operator':
      return errorMessage('account_excluded');
  }
}

/** Refuses a player under any exclusion (play, deposits, tournaments); in the caller's transaction. */
export async function refuseExcluded(db: Queryable, userId: string): Promise<void> {
  const row = await exclusionInForce(db, userId);
  if (row) throw new AccountExcluded(row);
}

/**
 * The check every session makes to start and to be refreshed (auth's `Sessions.addCheck`): a
 * blocking exclusion refuses it; a refresh past the player's session time limit is refused too.
 */
export async function sessionCheck(
  db: Queryable,
  owner: { userId: string; sessionId: string | null },
): Promise<void> {
  const row = await exclusionInForce(db, owner.userId);
  if (row?.effect === 'blocked') throw new AccountExcluded(row);
  if (!owner.sessionId) return;
  const [over] = await db.query(
    `select 1 from sessions s join player_rg_settings r on r.user_id = s.user_id
      where s.id = $1 and r.session_limit_minutes is not null
        and s.created_at + make_interval(mins => r.session_limit_minutes) <= now()`,
    [owner.sessionId],
  );
  if (over) throw new DomainError('unauthenticated', { session: [errorMessage('unauthorized')] });
}
