import { createHmac, type KeyObject } from 'node:crypto';
import type { Currency } from '../../../shared/currencies.ts';
import { sanitiseDisplayName } from '../../../shared/display-name.ts';
import { fromMinor } from '../../../shared/money.ts';
import { FEED_CHANNELS, type FeedItem, type FeedKind } from '../../../shared/wire/bets.ts';
import type { Database } from '../../db/client.ts';
import { realtimePublishFailures } from '../../metrics.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import type { UserRow } from '../auth/repository.ts';
import { type FeedRow, latestSettled } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';

/** Stakes from which a bet also goes to the "high rollers" feed (minor units). */
export const HIGH_ROLLER_STAKE: Record<Currency, bigint> = {
  RUB: 100_000n,
  USD: 1_000n,
  EUR: 1_000n,
  KZT: 500_000n,
  INR: 100_000n,
};

/**
 * The name public feeds show: null for a player who hides statistics, the display name, else a
 * stable alias `#` + 6 hex digits of HMAC(aliasKey, user id): unlinkable to the id without the key.
 * The name is sanitised again here: names stored before display names were validated may hold
 * bidi overrides or invisible characters (src/shared/display-name.ts).
 */
export function playerName(
  user: Pick<UserRow, 'id' | 'name' | 'is_statistics_hidden'>,
  aliasKey: KeyObject,
): string | null {
  if (user.is_statistics_hidden) return null;
  const name = sanitiseDisplayName(user.name);
  if (name) return name;
  return `#${createHmac('sha256', aliasKey).update(`player:${user.id}`).digest('hex').slice(0, 6).toUpperCase()}`;
}

/** What a feed item shows of a settled bet. */
type FeedBet = Omit<FeedRow, 'user_id' | 'name' | 'is_statistics_hidden'>;

function feedItem(row: FeedBet, player: string | null) {
  const item: FeedItem = {
    id: row.id,
    game: row.game,
    player,
    currency: row.currency,
    amount: fromMinor(BigInt(row.amount)),
    multiplier: row.multiplier,
    payout: fromMinor(BigInt(row.payout)),
    created_at: row.created_at.toISOString(),
  };
  return item;
}

/** Feed events that could not be published since the process started (src/server/metrics.ts). */
export function feedPublishFailures(): number {
  return realtimePublishFailures.value;
}

/**
 * Publishes a settled bet to `feed:bets` (and `feed:high-rollers` for big stakes). The bet is
 * committed already, so a failed publish does not fail the request: it is logged with the bet and
 * counted (`feedPublishFailures`).
 */
export function announce(
  deps: Pick<GamesDeps, 'bus' | 'aliasKey' | 'log'>,
  user: Pick<UserRow, 'id' | 'name' | 'is_statistics_hidden'>,
  row: FeedBet,
): void {
  const item = feedItem(row, playerName(user, deps.aliasKey));
  // Feed versions order nothing (the client dedupes by id): the bet's number, or the time for crash and rooms.
  const version = /^\d+$/.test(row.id) ? Number(row.id) : Date.now();
  const highRoller = BigInt(row.amount) >= HIGH_ROLLER_STAKE[row.currency];
  const publish = async () => {
    await publishEvent(deps.bus, FEED_CHANNELS.all, version, item);
    if (highRoller) await publishEvent(deps.bus, FEED_CHANNELS['high-rollers'], version, item);
  };
  publish().catch((error: unknown) => {
    const failures = realtimePublishFailures.inc();
    deps.log.error({ err: error, bet: row.id, game: row.game, highRoller, failures }, 'feed publish failed');
  });
}

/** The latest settled bets for a feed's first paint (then live over `/ws`). */
export async function recentFeed(
  database: Database,
  kind: FeedKind,
  aliasKey: KeyObject,
): Promise<FeedItem[]> {
  const rows = await latestSettled(database, kind === 'high-rollers' ? HIGH_ROLLER_STAKE : null);
  return rows.map((row) =>
    feedItem(
      row,
      playerName(
        { id: row.user_id, name: row.name, is_statistics_hidden: row.is_statistics_hidden },
        aliasKey,
      ),
    ),
  );
}
