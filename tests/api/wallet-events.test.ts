import { describe, expect, test } from 'vitest';
import { realtimePublishFailures } from '../../src/server/metrics.ts';
import { WalletEvents } from '../../src/server/modules/ledger/events.ts';
import type { Bus } from '../../src/server/realtime/bus.ts';
import { appForFile } from '../helpers/app.ts';
import { credit, newPlayer } from '../helpers/players.ts';

const t = appForFile();

/** A bus that refuses every publish, as Redis does while it is unreachable. */
const refusingBus: Bus = {
  kind: 'redis',
  publish: async () => {
    throw new Error('Connection is closed.');
  },
  subscribe: async () => async () => {},
  ping: async () => {},
  close: async () => {},
};

describe('balance events', () => {
  test('a balance the bus refuses is logged and counted, and the committed change still succeeds', async () => {
    const player = await newPlayer(t, { currency: 'RUB' });
    await credit(t, player.id, 500n);
    const warnings: Array<Record<string, unknown>> = [];
    const events = new WalletEvents(t.database, refusingBus, {
      warn: (obj) => void warnings.push(obj as Record<string, unknown>),
    });
    const before = realtimePublishFailures.value;
    await expect(events.balanceChanged(player.id)).resolves.toBeUndefined();
    events.publishBalances(player.id, 'RUB', 500n, 0n);
    await expect.poll(() => realtimePublishFailures.value).toBe(before + 2);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({
      userId: player.id,
      channel: `user:${player.id}`,
      failures: before + 1,
    });
  });
});
