import { describe, expect, test } from 'vitest';
import type { CrashRound, CrashState } from '../../src/shared/api/crash.ts';
import type { RoomRound } from '../../src/shared/api/rooms.ts';
import { independentCrashPoint, waitForState } from '../helpers/crash.ts';
import { gamesBench } from '../helpers/games.ts';
import { independentDraw, sha256 } from '../helpers/rooms.ts';

/**
 * The test-only scripted outcomes (env.ts refuses them unless NODE_ENV=test, as the test app
 * runs): the first crash rounds end at TEST_CRASH_POINTS, in order, then at the chain's own; every
 * rooms draw lands on TEST_ROOMS_WINNER_SEAT, its revealed seed matching its commitment.
 */
const g = gamesBench({
  CRASH_DRIVER: 'true',
  CRASH_BETTING_MS: '100',
  CRASH_PAUSE_MS: '20',
  TEST_CRASH_POINTS: '1.00,1.05',
  ROOMS_COUNTDOWN_MS: '200',
  TEST_ROOMS_WINNER_SEAT: '1',
  // The test polls the crash state every 30 ms while the third round flies at its own, unscripted
  // point (real time, up to a minute and more): the API's per-address limit would refuse the polls
  // (and then the rooms test's sign-ups) long before.
  RATE_LIMIT_API_PER_MINUTE: '1000000',
});

const stateOf = async (): Promise<CrashState> =>
  (await g.t.app.inject({ url: '/api/games/crash' })).json().data;
const crashRound = async (id: number): Promise<CrashRound> =>
  (await g.t.app.inject({ url: `/api/games/crash/rounds/${id}` })).json().data;

describe('scripted outcomes', () => {
  test('crash: the first rounds end at the scripted points, the next one at its hash’s', async () => {
    // The third round ends at its hash's point: above 5× one time in five, about 27 s of flight.
    const state = await waitForState(stateOf, (s) => s.history.some((h) => h.id === 3), 100_000);
    const [first, second, third] = await Promise.all([1, 2, 3].map(crashRound));
    expect([first?.crash_point, second?.crash_point]).toEqual(['1.00', '1.05']);
    const natural = independentCrashPoint(third!.hash!, state.chain!.salt);
    expect(third?.crash_point).toBe((natural / 100).toFixed(2));
  }, 110_000);

  test('rooms: every draw lands on the scripted seat, and its seed verifies', async () => {
    for (let round = 0; round < 2; round += 1) {
      const [a, b] = [await g.player(1_000_00n), await g.player(1_000_00n)];
      const joined = await g.call(a, 'POST', '/games/rooms/red/join', { amount: '30' });
      expect(joined.statusCode, joined.body).toBe(200);
      const roundId = joined.json().data.round.id as string;
      expect((await g.call(b, 'POST', '/games/rooms/red/join', { amount: '10' })).statusCode).toBe(200);
      let drawn: RoomRound | undefined;
      await expect
        .poll(
          async () => {
            const res = await g.t.app.inject({ url: '/api/games/rooms/red/rounds?currency=RUB' });
            drawn = (res.json().data as RoomRound[]).find((r) => r.id === roundId);
            return drawn?.status;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe('settled');
      expect(drawn!.result?.winner_seat).toBe(1);
      expect(independentDraw(drawn!).seat).toBe(1);
      expect(sha256(drawn!.server_seed!)).toBe(drawn!.commitment);
      expect(await g.cash(b)).toBe(1_000_00n - 10_00n + 38_00n);
    }
  });
});
