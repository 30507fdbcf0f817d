import { type BalanceEvent, isBalanceEvent, type UserChannel, userChannel } from '../shared/wire/realtime.ts';
import { $user, setUser, type User } from '../stores/user.ts';
import { realtime } from './realtime.ts';
import { refreshProfile } from './session.ts';

/**
 * Live balance over `/ws` (docs/api-money.md) for a logged-in player: the tab's socket
 * (src/client/realtime.ts) joins the player's channel, and each `balance` event updates `$user`,
 * so the header shows the new amount without a reload. Joining (again) reloads the profile, which
 * carries whatever changed while the channel was not joined.
 */

/**
 * The user after one `/ws` message, or null when it changes nothing: only balance events newer
 * than the last applied version count (events may arrive out of order after a reconnect).
 */
export function applyBalanceEvent(
  user: User | null,
  message: unknown,
  lastVersion: number,
): { user: User; version: number } | null {
  if (!user || !message || typeof message !== 'object') return null;
  const m = message as { type?: unknown; version?: unknown; data?: unknown };
  if (m.type !== 'event' || typeof m.version !== 'number' || !isBalanceEvent(m.data)) return null;
  if (m.version < lastVersion) return null;
  if (m.data.currency && user.currency && m.data.currency !== user.currency) return null;
  return {
    user: {
      ...user,
      balance: m.data.balance,
      bonus_balance: m.data.bonus_balance,
      total_balance: m.data.total_balance,
    },
    version: m.version,
  };
}

let lastVersion = 0;
let holds = 0;
let deferred: unknown = null;

function apply(message: unknown): void {
  const next = applyBalanceEvent($user.get(), message, lastVersion);
  if (next) {
    lastVersion = next.version;
    setUser(next.user);
  }
}

function onBalance(data: BalanceEvent, version: number): void {
  const message = { type: 'event', version, data };
  if (holds > 0) deferred = message;
  else apply(message);
}

/**
 * Holds back balance events while a game shows a bet's outcome (the header must not tell the
 * result before the dice stop); the returned release applies the latest one held.
 */
export function holdLiveBalance(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0 && deferred !== null) {
      const message = deferred;
      deferred = null;
      apply(message);
    }
  };
}

let started = false;

/** Starts following `$user`: the player's channel is joined while logged in, left after a logout. */
export function startLiveBalance(): void {
  if (started) return;
  started = true;
  let joined: { channel: UserChannel; leave: () => void } | null = null;
  $user.subscribe((user) => {
    const channel = user ? userChannel(user.id) : null;
    if (joined?.channel === channel) return;
    joined?.leave();
    joined = null;
    lastVersion = 0;
    if (!channel) return;
    joined = {
      channel,
      leave: realtime.subscribe(channel, {
        event: onBalance,
        // Changes made before the socket joined the channel (while it connected, or while it was
        // down) sent no event here: the profile, read now, carries them.
        gap: () => void refreshProfile().catch(() => undefined),
        gapOnFirstJoin: true,
      }),
    };
  });
}
