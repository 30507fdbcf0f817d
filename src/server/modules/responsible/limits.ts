import { COOLING_OFF_HOURS, type LimitPeriod } from '../../../shared/api/responsible.ts';

/**
 * The rules of a player's own limits (docs/responsible-gambling.md), pure: the windows, and what
 * a requested change does. Tightening is immediate; loosening waits.
 */

const HOUR = 3_600_000;

/** Each period as a rolling window ending now, in milliseconds. */
export const PERIOD_MS: Readonly<Record<LimitPeriod, number>> = {
  day: 24 * HOUR,
  week: 7 * 24 * HOUR,
  month: 30 * 24 * HOUR,
};

/** The cooling-off of an increase or a removal. */
export const COOLING_OFF_MS = COOLING_OFF_HOURS * HOUR;

/** A limit as stored. */
export interface LimitState {
  amount: bigint;
  pendingAmount: bigint | null;
  pendingRemoval: boolean;
  pendingSince: Date | null;
}

/** What a requested change does to a limit (none yet: `current` null). */
export type LimitChange =
  /** In force at once: a new limit, a lower or equal one (any waiting change is dropped). */
  | { kind: 'apply'; amount: bigint }
  /** A higher limit or a removal, waiting since `since` (kept when the same change is asked again). */
  | { kind: 'wait'; amount: bigint | null; since: Date }
  /** Nothing to do: removing a limit that does not exist. */
  | { kind: 'none' };

export function changeOf(current: LimitState | null, requested: bigint | null, now: Date): LimitChange {
  if (requested === null) {
    if (!current) return { kind: 'none' };
    return { kind: 'wait', amount: null, since: current.pendingRemoval ? current.pendingSince! : now };
  }
  if (!current || requested <= current.amount) return { kind: 'apply', amount: requested };
  const same = current.pendingAmount === requested;
  return { kind: 'wait', amount: requested, since: same ? current.pendingSince! : now };
}

/** When a waiting change may be confirmed, or null when none waits. */
export function confirmableAt(state: LimitState): Date | null {
  if (!state.pendingSince) return null;
  return new Date(state.pendingSince.getTime() + COOLING_OFF_MS);
}
