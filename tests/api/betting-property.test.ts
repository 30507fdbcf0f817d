import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { appForFile } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

/**
 * Settlement and its rollback through the real API (docs/betting.md "Settlement"): whatever the
 * bet (single, accumulator, system) and whatever the results (won, lost, void, half won, half lost,
 * dead heat), settling its markets and rolling them back leaves every balance as it was, and
 * settling them again pays exactly what the first settlement paid.
 */
const OPERATOR = 'operator-token-for-betting-properties';
// Hundreds of calls from one address a minute: the API's per-address limit is not what this tests.
const t = appForFile({
  OPERATOR_API_TOKEN: OPERATOR,
  SPORTS_LIVE_DELAY_MS: '0',
  RATE_LIMIT_API_PER_MINUTE: '100000',
});
const op = { authorization: `Bearer ${OPERATOR}` };
let serial = 0;

const result = fc.constantFrom(
  { result: 1, void_factor: 0, dead_heat_factor: 1 },
  { result: 0, void_factor: 0, dead_heat_factor: 1 },
  { result: 0, void_factor: 1, dead_heat_factor: 1 },
  { result: 1, void_factor: 0.5, dead_heat_factor: 1 },
  { result: 0, void_factor: 0.5, dead_heat_factor: 1 },
  { result: 1, void_factor: 0, dead_heat_factor: 0.5 },
  { result: 1, void_factor: 0, dead_heat_factor: 0.333333 },
);

const shape = fc.constantFrom(
  { kind: 'single', legs: 1 },
  { kind: 'multi', legs: 2 },
  { kind: 'multi', legs: 4 },
  { kind: 'system', system: 'trixie', legs: 3 },
  { kind: 'system', system: '2/3', legs: 3 },
  { kind: 'system', system: 'lucky15', legs: 4 },
);

async function house(): Promise<bigint> {
  const [row] = await t.database.query<{ total: string }>(
    "select coalesce(sum(balance), 0)::text as total from ledger_accounts where kind like 'house%' and currency = 'RUB'",
  );
  return BigInt(row!.total);
}

async function balances(userId: string) {
  const rows = await t.database.query<{ kind: string; balance: string }>(
    "select kind, balance::text from ledger_accounts where user_id = $1 and currency = 'RUB'",
    [userId],
  );
  // An account not opened yet holds 0 (a settlement may open the bonus account).
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balance ?? '0';
  return { cash: of('cash'), bonus: of('bonus'), house: await house() };
}

describe('settlement and rollback', () => {
  test('a rollback restores every balance; settling again pays the same', async () => {
    const player = await playerWithCash(t, 100_000_000n);
    await fc.assert(
      fc.asyncProperty(
        shape,
        fc.array(result, { minLength: 4, maxLength: 4 }),
        // Prices and stakes whose bets stay under the liability cap (a bet above it is refused, not tested here).
        fc.array(fc.integer({ min: 105, max: 400 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 100, max: 50_000 }),
        async (s, results, odds, stakeMinor) => {
          const events: string[] = [];
          for (let i = 0; i < s.legs; i++) {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/operator/sports/events',
              headers: op,
              payload: {
                sport: 'football',
                country: 'GB',
                tournament: 'Property League',
                home: `Home ${++serial}`,
                away: `Away ${serial}`,
                scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
                markets: [
                  {
                    id: 11,
                    outcomes: [
                      { id: '4', odds: odds[i] },
                      { id: '5', odds: 190 },
                    ],
                  },
                ],
              },
            });
            events.push(res.json().data.id);
          }
          const placed = await t.app.inject({
            method: 'POST',
            url: '/api/sports/bets',
            headers: { ...bearer(player.token), 'idempotency-key': `property-${++serial}` },
            payload: {
              kind: s.kind,
              system: 'system' in s ? s.system : undefined,
              stake: (stakeMinor / 100).toFixed(2),
              legs: events.map((id, i) => ({
                event_id: id,
                market_id: 11,
                specifiers: '',
                outcome_id: '4',
                odds: odds[i],
              })),
            },
          });
          expect(placed.statusCode, placed.body).toBe(200);
          const settle = () =>
            Promise.all(
              events.map((id, i) =>
                t.app.inject({
                  method: 'POST',
                  url: `/api/operator/sports/events/${id}/settle`,
                  headers: op,
                  payload: { markets: [{ id: 11, specifiers: '', outcomes: [{ id: '4', ...results[i] }] }] },
                }),
              ),
            );
          const rollback = () =>
            Promise.all(
              events.map((id) =>
                t.app.inject({
                  method: 'POST',
                  url: `/api/operator/sports/events/${id}/rollback`,
                  headers: op,
                  payload: { markets: [{ id: 11, specifiers: '' }] },
                }),
              ),
            );
          const before = await balances(player.id);
          await settle();
          const settled = await balances(player.id);
          await rollback();
          expect(await balances(player.id)).toEqual(before);
          await settle();
          expect(await balances(player.id)).toEqual(settled);
        },
      ),
      { numRuns: 25 },
    );
    expect(await checkLedger(t.database)).toEqual([]);
  }, 180_000);
});
