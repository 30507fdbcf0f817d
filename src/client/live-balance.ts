import { $user, setUser, type User } from '../stores/user.ts';
import { refreshProfile } from './session.ts';
import { onTokenWritten, readToken } from './token.ts';

/**
 * Live balance over `/ws` (docs/api-money.md) for a logged-in player: the socket authenticates
 * with the access token, again after every token refresh and every reconnect (with backoff), and
 * each `balance` event updates `$user`, so the header shows the new amount without a reload.
 */

interface BalanceData {
  type: 'balance';
  balance: string;
  bonus_balance: string;
  total_balance: string;
  currency?: string;
}

type Incoming =
  | { type: 'authenticated'; channel: string }
  | { type: 'event'; channel: string; version: number; data: unknown }
  | { type: 'error'; code: string }
  | { type: string };

function isBalance(data: unknown): data is BalanceData {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'balance' &&
    typeof d.balance === 'string' &&
    typeof d.bonus_balance === 'string' &&
    typeof d.total_balance === 'string'
  );
}

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
  if (m.type !== 'event' || typeof m.version !== 'number' || !isBalance(m.data)) return null;
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

/** Reconnect delay: 0.5 s doubling up to 30 s, with jitter so tabs do not reconnect together. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + random() * 0.5));
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

let socket: WebSocket | null = null;
let attempts = 0;
let lastVersion = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let refreshAsked = false;

function sendAuth(): void {
  const token = readToken();
  if (token && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'auth', token }));
}

function onMessage(event: MessageEvent): void {
  let message: Incoming;
  try {
    message = JSON.parse(String(event.data)) as Incoming;
  } catch {
    return;
  }
  if (message.type === 'authenticated') {
    refreshAsked = false;
    // Changes made before the socket joined the channel (while it connected, or while it was
    // down) sent no event here: the profile, read now, carries them.
    void refreshProfile().catch(() => undefined);
    return;
  }
  if (message.type === 'error' && 'code' in message && message.code === 'unauthorized') {
    // The access token expired: any API call refreshes it, and the new token is sent again.
    if (!refreshAsked) {
      refreshAsked = true;
      void refreshProfile().catch(() => undefined);
    }
    return;
  }
  if (holds > 0) {
    deferred = message;
    return;
  }
  apply(message);
}

function apply(message: unknown): void {
  const next = applyBalanceEvent($user.get(), message, lastVersion);
  if (next) {
    lastVersion = next.version;
    setUser(next.user);
  }
}

let holds = 0;
let deferred: unknown = null;

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

function connect(): void {
  if (socket || !$user.get()) return;
  const ws = new WebSocket(socketUrl(window.location));
  socket = ws;
  ws.addEventListener('open', () => {
    attempts = 0;
    sendAuth();
  });
  ws.addEventListener('message', onMessage);
  ws.addEventListener('close', () => {
    if (socket !== ws) return;
    socket = null;
    scheduleReconnect();
  });
}

function scheduleReconnect(): void {
  clearTimeout(reconnectTimer);
  if (!$user.get()) return;
  reconnectTimer = setTimeout(connect, backoffMs(attempts++));
}

function disconnect(): void {
  clearTimeout(reconnectTimer);
  const ws = socket;
  socket = null;
  lastVersion = 0;
  ws?.close(1000);
}

let started = false;

/** Starts following `$user`: connected while logged in, closed after a logout. */
export function startLiveBalance(): void {
  if (started) return;
  started = true;
  $user.subscribe((user) => {
    if (user) connect();
    else disconnect();
  });
  onTokenWritten(() => sendAuth());
  window.addEventListener('online', () => {
    if (!socket && $user.get()) {
      attempts = 0;
      connect();
    }
  });
}
