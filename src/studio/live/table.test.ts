/**
 * A table's leadership (docs/live-casino.md "Several instances") with a lock the test hands out:
 * only while it holds the lock does the table move its rounds on; it tries again every
 * `leaderRetryMs`, and stops at once when the lock is lost.
 */
import { describe, expect, test, vi } from 'vitest';
import { type HeldLock, pgliteDb } from '../db.ts';
import type { WalletClient } from '../wallet.ts';
import { CHAIN_SCHEMA } from './chain.ts';
import { LIVE_SCHEMA, LiveTable } from './table.ts';
import { LIVE_TABLES } from './tables.ts';

describe('a live table shared by instances', () => {
  test('leads only while it holds the lock, tries again on its own, stops when the lock is lost', async () => {
    const db = await pgliteDb();
    await db.exec(CHAIN_SCHEMA + LIVE_SCHEMA);
    let now = Date.parse('2026-05-01T12:00:00Z');
    let free = false;
    let lose = () => {};
    const lock = async (): Promise<HeldLock | null> =>
      free
        ? {
            lost: new Promise<void>((resolve) => {
              lose = resolve;
            }),
            release: async () => {},
          }
        : null;
    const table = new LiveTable(LIVE_TABLES[0]!, {
      query: db.query,
      // No bets here: the wallet is never called.
      wallet: {} as WalletClient,
      clock: { now: () => now },
      moveDemoBalance: async () => undefined,
      chainLength: 10,
      lock,
      leaderRetryMs: 10,
    });
    await table.start({ schedule: false });
    expect(table.leading).toBe(false);
    await table.tick();
    expect(await table.round()).toBeNull();

    free = true;
    await vi.waitFor(() => expect(table.leading).toBe(true), { interval: 5, timeout: 20_000 });
    expect(await table.round()).toMatchObject({ round: 1, phase: 'betting' });

    free = false;
    lose();
    await vi.waitFor(() => expect(table.leading).toBe(false), { interval: 5, timeout: 20_000 });
    now += 60_000;
    await table.tick();
    expect(await table.round()).toMatchObject({ round: 1, phase: 'betting' });

    // Taken again, the table voids the round it cannot know was finished and opens the next.
    free = true;
    // Its own retry may be on the way with the answer of before: asked until it leads.
    await vi.waitFor(async () => expect(await table.tryLead()).toBe(true), { interval: 5, timeout: 20_000 });
    expect(await db.query('select round, phase from live_rounds order by round')).toEqual([
      { round: 1, phase: 'void' },
      { round: 2, phase: 'betting' },
    ]);
    await table.stop();
    await db.close();
    // PGlite's start and the chain take seconds on a loaded machine: the steps wait on conditions.
  }, 120_000);
});
