import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type Bet,
  type BetLeg,
  betReturn,
  cashoutValue,
  checkSlip,
  deadHeatRatio,
  hundredthsToOdds,
  isBetKind,
  type LegSettlement,
  legFactor,
  legSettlementOf,
  linesOf,
  NAMED_SYSTEMS,
  oddsToHundredths,
  potentialReturn,
  type SlipLeg,
  type SystemKind,
  systemLines,
  systemOf,
  totalStake,
} from './settlement.ts';

const WON: LegSettlement = { result: 1, voidFactor: 0, deadHeatFactor: 1 };
const LOST: LegSettlement = { result: 0, voidFactor: 0, deadHeatFactor: 1 };
const VOID: LegSettlement = { result: 0, voidFactor: 1, deadHeatFactor: 1 };
const HALF_WON: LegSettlement = { result: 1, voidFactor: 0.5, deadHeatFactor: 1 };
const HALF_LOST: LegSettlement = { result: 0, voidFactor: 0.5, deadHeatFactor: 1 };
const deadHeat = (factor: number): LegSettlement => ({ result: 1, voidFactor: 0, deadHeatFactor: factor });

/** A leg placed at `odds` (hundredths), settled as given or still open. */
const leg = (odds: number, settled?: LegSettlement): BetLeg => ({
  odds,
  factor: settled ? legFactor(odds, settled) : null,
});
const single = (stake: bigint): Bet => ({ kind: 'single', stake });
const multi = (stake: bigint): Bet => ({ kind: 'multi', stake });
const system = (kind: SystemKind, unitStake: bigint): Bet => ({ kind: 'system', system: kind, unitStake });
const r = (num: bigint, den = 1n) => ({ num, den });

describe('odds in hundredths', () => {
  test('decimal odds round half up to the hundredth as written', () => {
    expect(oddsToHundredths(1.85)).toBe(185); // ×100 is 185.00000000000003
    expect(oddsToHundredths(2)).toBe(200);
    expect(oddsToHundredths(1.01)).toBe(101);
    expect(oddsToHundredths(1.854)).toBe(185);
    expect(oddsToHundredths(1.855)).toBe(186); // ×100 is 185.49999999999997
    expect(oddsToHundredths(1.005)).toBe(101); // ×100 is 100.49999999999999
    expect(oddsToHundredths(10000)).toBe(1_000_000);
    expect(hundredthsToOdds(185)).toBe(1.85);
    expect(hundredthsToOdds(oddsToHundredths(3.33))).toBe(3.33);
  });

  test('odds below 1.01 and non-numbers are refused', () => {
    for (const bad of [1, 1.004, 0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => oddsToHundredths(bad)).toThrow(RangeError);
    }
    expect(() => hundredthsToOdds(100)).toThrow(RangeError);
    expect(() => hundredthsToOdds(185.5)).toThrow(RangeError);
  });

  test('dead-heat factors read as decimal fractions of up to six places', () => {
    expect(deadHeatRatio(0.5)).toEqual(r(1n, 2n));
    expect(deadHeatRatio(0.333333)).toEqual(r(333333n, 1_000_000n));
    expect(deadHeatRatio(0.25)).toEqual(r(1n, 4n));
    expect(deadHeatRatio(1)).toEqual(r(1n));
    expect(deadHeatRatio(0.1)).toEqual(r(1n, 10n)); // not the double 0.1000000000000000055…
    for (const bad of [0, -0.5, 1.5, Number.NaN, 0.0000001])
      expect(() => deadHeatRatio(bad)).toThrow(RangeError);
  });
});

describe('a leg’s factor', () => {
  test.each([
    ['won at 1.90', 190, WON, r(19n, 10n)],
    ['lost at 1.90', 190, LOST, r(0n)],
    ['void at 1.90', 190, VOID, r(1n)],
    ['half won at 1.90: 1/2 + 1/2 × 1.9', 190, HALF_WON, r(29n, 20n)],
    ['half lost at 1.90: 1/2 back', 190, HALF_LOST, r(1n, 2n)],
    ['dead heat 0.5 at 5.00', 500, deadHeat(0.5), r(5n, 2n)],
    ['dead heat 0.333333 at 4.00: 4 × 333333/10⁶', 400, deadHeat(0.333333), r(333333n, 250000n)],
    ['dead heat 0.25 at 9.50', 950, deadHeat(0.25), r(19n, 8n)],
    // A void factor wins over the result: the whole stake back whatever the result.
    ['void, result 1', 190, { result: 1, voidFactor: 1, deadHeatFactor: 1 } as const, r(1n)],
    // Half won on a dead heat: 1/2 + 1/2 × 3 × 1/2 = 5/4.
    [
      'half won, dead heat 0.5 at 3.00',
      300,
      { result: 1, voidFactor: 0.5, deadHeatFactor: 0.5 } as const,
      r(5n, 4n),
    ],
  ])('%s', (_, odds, settled, factor) => {
    expect(legFactor(odds, settled)).toEqual(factor);
  });

  test('the feed’s settled outcome in the server’s names', () => {
    expect(legSettlementOf({ result: 1, void_factor: 0.5, dead_heat_factor: 1 })).toEqual(HALF_WON);
    expect(legFactor(190, legSettlementOf({ result: 0, void_factor: 0.5, dead_heat_factor: 1 }))).toEqual(
      r(1n, 2n),
    );
  });

  test('odds that are not hundredths and settlements the feed cannot send are refused', () => {
    expect(() => legFactor(1.9, WON)).toThrow(RangeError);
    expect(() => legFactor(100, LOST)).toThrow(RangeError);
    expect(() => legFactor(190, { ...WON, voidFactor: 0.25 as 0.5 })).toThrow(RangeError);
    expect(() => legFactor(190, { ...WON, result: 2 as 1 })).toThrow(RangeError);
    expect(() => legFactor(190, deadHeat(0))).toThrow(RangeError);
  });
});

describe('singles', () => {
  test.each([
    ['won at 1.90', leg(190, WON), 19_00n],
    ['lost', leg(190, LOST), 0n],
    ['void: the stake back', leg(190, VOID), 10_00n],
    ['half won at 1.90: 5.00 back + 5.00 × 1.9', leg(190, HALF_WON), 14_50n],
    ['half lost: half the stake back', leg(190, HALF_LOST), 5_00n],
    ['dead heat 0.5 at 5.00', leg(500, deadHeat(0.5)), 25_00n],
    // 1000 × 4 × 0.333333 = 1333.332 → 1333.
    ['dead heat 0.333333 at 4.00, rounded down', leg(400, deadHeat(0.333333)), 13_33n],
    ['dead heat 0.25 at 9.50', leg(950, deadHeat(0.25)), 23_75n],
  ])('%s (stake 10.00)', (_, settled, payout) => {
    expect(betReturn(single(10_00n), [settled])).toEqual({ settled: true, payout, lost: payout === 0n });
  });

  test('an open single is not settled and pays nothing yet; it could pay stake × odds', () => {
    expect(betReturn(single(10_00n), [leg(185)])).toEqual({ settled: false, payout: 0n });
    expect(potentialReturn(single(10_00n), [leg(185)])).toBe(18_50n);
  });

  test('a half lost single of one minor unit pays nothing but is not lost', () => {
    expect(betReturn(single(1n), [leg(190, HALF_LOST)])).toEqual({ settled: true, payout: 0n, lost: false });
  });

  test('a single has exactly one leg', () => {
    expect(() => betReturn(single(100n), [])).toThrow(RangeError);
    expect(() => betReturn(single(100n), [leg(200), leg(300)])).toThrow(RangeError);
  });
});

describe('accumulators', () => {
  test('a void leg drops out: 2.00 × 1.50 × void, stake 100 → 300', () => {
    expect(betReturn(multi(100n), [leg(200, WON), leg(150, WON), leg(400, VOID)])).toEqual({
      settled: true,
      payout: 300n,
      lost: false,
    });
  });

  test('a half won leg counts (1 + odds) / 2: 2.00 × half won at 1.90 = 2 × 29/20, stake 10.00 → 29.00', () => {
    expect(betReturn(multi(10_00n), [leg(200, WON), leg(190, HALF_WON)]).payout).toBe(29_00n);
  });

  test('a half lost leg halves it: 2.00 × 1/2 × 1.80 = 1.8, stake 10.00 → 18.00', () => {
    expect(betReturn(multi(10_00n), [leg(200, WON), leg(150, HALF_LOST), leg(180, WON)]).payout).toBe(18_00n);
  });

  test('a dead heat in an acca: 3.00 × (6.00 × 1/2), stake 10.00 → 90.00', () => {
    expect(betReturn(multi(10_00n), [leg(300, WON), leg(600, deadHeat(0.5))]).payout).toBe(90_00n);
  });

  test('a lost leg settles it at once while the others are still open', () => {
    const legs = [leg(200), leg(150, LOST), leg(300)];
    expect(betReturn(multi(10_00n), legs)).toEqual({ settled: true, payout: 0n, lost: true });
  });

  test('won legs and an open one: not settled; the potential return counts the open leg at its odds', () => {
    const legs = [leg(200, WON), leg(190, HALF_WON), leg(300)];
    expect(betReturn(multi(10_00n), legs)).toEqual({ settled: false, payout: 0n });
    // 10.00 × 2 × 1.45 × 3 = 87.00; before anything was decided 10.00 × 2 × 1.9 × 3 = 114.00.
    expect(potentialReturn(multi(10_00n), legs)).toBe(87_00n);
    expect(potentialReturn(multi(10_00n), [leg(200), leg(190), leg(300)])).toBe(114_00n);
  });

  test('rounds down once, at the end: 0.10 × 1.15 × 1.15 = 0.13225 → 0.13 (per leg it would be 0.12)', () => {
    expect(betReturn(multi(10n), [leg(115, WON), leg(115, WON)]).payout).toBe(13n);
  });

  test('20 legs at 10.00 multiply exactly (10²⁰, far past a double’s integers)', () => {
    const legs = Array.from({ length: 20 }, () => leg(1000, WON));
    expect(betReturn(multi(1n), legs).payout).toBe(10n ** 20n);
    expect(() => betReturn(multi(1n), [...legs, leg(1000, WON)])).toThrow(RangeError);
  });
});

describe('systems', () => {
  test('the named systems: legs, sizes and lines', () => {
    const counts = Object.fromEntries(
      Object.entries(NAMED_SYSTEMS).map(([name, def]) => [
        name,
        [def.legs, linesOf(name as SystemKind).length],
      ]),
    );
    expect(counts).toEqual({
      '2/3': [3, 3],
      '2/4': [4, 6],
      '3/4': [4, 4],
      trixie: [3, 4],
      patent: [3, 7],
      yankee: [4, 11],
      lucky15: [4, 15],
      canadian: [5, 26],
      lucky31: [5, 31],
      heinz: [6, 57],
      lucky63: [6, 63],
    });
  });

  test('lines come by size, then in lexicographic order', () => {
    expect(linesOf('trixie')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(linesOf('3/4')).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    expect(systemLines(3, [3, 1, 1])).toEqual([[0], [1], [2], [0, 1, 2]]);
    expect(() => systemLines(3, [4])).toThrow(RangeError);
    expect(() => systemLines(3, [])).toThrow(RangeError);
  });

  test('generic k/n systems for k < n ≤ 8', () => {
    expect(systemOf('3/8')).toEqual({ legs: 8, sizes: [3] });
    expect(linesOf('3/8')).toHaveLength(56);
    expect(linesOf('4/8')).toHaveLength(70);
    expect(linesOf('1/5')).toHaveLength(5);
    for (const bad of ['3/3', '0/3', '4/3', '2/9', '9/10', '2/03', 'super-heinz', 'single', '']) {
      expect(systemOf(bad)).toBeNull();
      expect(isBetKind(bad)).toBe(bad === 'single');
    }
    expect(isBetKind('multi')).toBe(true);
    expect(isBetKind('yankee')).toBe(true);
    expect(isBetKind('toString')).toBe(false);
  });

  test('a system stakes per line', () => {
    expect(totalStake(system('trixie', 1_00n))).toBe(4_00n);
    expect(totalStake(system('lucky63', 10n))).toBe(630n);
    expect(totalStake(system('3/8', 5n))).toBe(280n);
    expect(totalStake(multi(7_00n))).toBe(7_00n);
    expect(totalStake(single(7_00n))).toBe(7_00n);
  });

  test('2/3 with one lost leg: only the double without it pays', () => {
    // A 2.00 won, B 1.50 won, C lost; 1.00 a line (3.00 staked). AB = 3 → 3.00; AC = BC = 0.
    const legs = [leg(200, WON), leg(150, WON), leg(250, LOST)];
    expect(betReturn(system('2/3', 1_00n), legs)).toEqual({ settled: true, payout: 3_00n, lost: false });
  });

  test('Trixie: A 2.00 won, B 2.50 void, C 1.80 won', () => {
    // 1.00 a line, 4 lines (4.00 staked):
    //   AB  = 2 × 1       = 2.0
    //   AC  = 2 × 1.8     = 3.6
    //   BC  = 1 × 1.8     = 1.8
    //   ABC = 2 × 1 × 1.8 = 3.6
    //   Σ = 11.0 → 11.00
    const legs = [leg(200, WON), leg(250, VOID), leg(180, WON)];
    expect(betReturn(system('trixie', 1_00n), legs)).toEqual({ settled: true, payout: 11_00n, lost: false });
  });

  test('Trixie: A 2.00 won, B lost, C 1.80 won: only AC pays', () => {
    const legs = [leg(200, WON), leg(250, LOST), leg(180, WON)];
    expect(betReturn(system('trixie', 1_00n), legs).payout).toBe(3_60n);
  });

  test('Yankee: A 2.00 won, B 3.00 won, C 1.50 void, D 4.00 lost', () => {
    // 1.00 a line, 11 lines (11.00 staked); every line with D pays 0:
    //   doubles  AB = 6, AC = 2 × 1 = 2, BC = 3 × 1 = 3, AD = BD = CD = 0 → 11
    //   trebles  ABC = 6 × 1 = 6, ABD = ACD = BCD = 0                      → 6
    //   four-fold ABCD = 0
    //   Σ = 17 → 17.00
    const legs = [leg(200, WON), leg(300, WON), leg(150, VOID), leg(400, LOST)];
    expect(betReturn(system('yankee', 1_00n), legs)).toEqual({ settled: true, payout: 17_00n, lost: false });
  });

  test('Lucky 15: A 2.00 won, B 1.90 half won, C 3.00 lost, D 2.50 void', () => {
    // Factors A = 2, B = (1 + 1.9) / 2 = 1.45, C = 0, D = 1; 1.00 a line, 15 lines (15.00 staked).
    //   singles  A 2 + B 1.45 + C 0 + D 1                                  = 4.45
    //   doubles  AB 2.9 + AC 0 + AD 2 + BC 0 + BD 1.45 + CD 0              = 6.35
    //   trebles  ABC 0 + ABD 2.9 + ACD 0 + BCD 0                           = 2.90
    //   four-fold ABCD 0
    //   Σ = 13.70 → 13.70
    const legs = [leg(200, WON), leg(190, HALF_WON), leg(300, LOST), leg(250, VOID)];
    expect(betReturn(system('lucky15', 1_00n), legs)).toEqual({ settled: true, payout: 13_70n, lost: false });
  });

  test('potential returns of a Lucky 15 and a Yankee on 2.00, 1.90, 3.00, 2.50', () => {
    // Every non-empty combination: Π(1 + odds) − 1 = 3 × 2.9 × 4 × 3.5 − 1 = 120.8;
    // a Yankee leaves out the singles (2 + 1.9 + 3 + 2.5 = 9.4): 111.4.
    const open = [leg(200), leg(190), leg(300), leg(250)];
    expect(potentialReturn(system('lucky15', 1_00n), open)).toBe(120_80n);
    expect(potentialReturn(system('yankee', 1_00n), open)).toBe(111_40n);
  });

  test('a system waits for every leg, even with a lost leg in every line so far', () => {
    // 3/4 with A and B lost: every treble has A or B, yet it settles only when C and D are decided.
    const legs = [leg(200, LOST), leg(200, LOST), leg(200, WON), leg(200)];
    expect(betReturn(system('3/4', 1_00n), legs)).toEqual({ settled: false, payout: 0n });
    const decided = [...legs.slice(0, 3), leg(200, WON)];
    expect(betReturn(system('3/4', 1_00n), decided)).toEqual({ settled: true, payout: 0n, lost: true });
  });

  test('rounds down once per bet, not per line: 2/3 at 1.30 each, 0.10 a line', () => {
    // Each double pays 0.10 × 1.69 = 0.169; per line that would be 3 × 0.16 = 0.48, but the bet's
    // exact 0.507 rounds down once to 0.50.
    const legs = [leg(130, WON), leg(130, WON), leg(130, WON)];
    expect(betReturn(system('2/3', 10n), legs).payout).toBe(50n);
  });

  test('a system has exactly its leg count', () => {
    expect(() => betReturn(system('yankee', 1n), [leg(200), leg(200), leg(200)])).toThrow(RangeError);
    expect(() => betReturn(system('9/10' as SystemKind, 1n), [leg(200)])).toThrow(RangeError);
  });
});

describe('cash-out', () => {
  test('a single whose price shortened is worth more than its stake, less the margin', () => {
    // 10.00 at 2.00, now 1.50, 5 %: 10.00 × 2 / 1.5 × 0.95 = 12.666… → 12.66.
    const legs = [{ placedOdds: 200, currentOdds: 150, factor: null }];
    expect(cashoutValue({ stake: 10_00n, legs, marginBps: 500 })).toBe(12_66n);
  });

  test('a single whose price drifted is worth less', () => {
    // 10.00 at 2.00, now 4.00, no margin: 5.00.
    const legs = [{ placedOdds: 200, currentOdds: 400, factor: null }];
    expect(cashoutValue({ stake: 10_00n, legs, marginBps: 0 })).toBe(5_00n);
  });

  test('an accumulator with a won leg and a void leg', () => {
    // 10.00 on won 2.00 × void × 3.00 now at 2.00: 10.00 × 2 × 1 × 3/2 = 30.00; 2.5 % off → 29.25.
    const legs = [
      { placedOdds: 200, currentOdds: null, factor: legFactor(200, WON) },
      { placedOdds: 170, currentOdds: null, factor: legFactor(170, VOID) },
      { placedOdds: 300, currentOdds: 200, factor: null },
    ];
    expect(cashoutValue({ stake: 10_00n, legs, marginBps: 0 })).toBe(30_00n);
    expect(cashoutValue({ stake: 10_00n, legs, marginBps: 250 })).toBe(29_25n);
  });

  test('no offer with a lost leg or an open leg without a price', () => {
    const lost = [
      { placedOdds: 200, currentOdds: null, factor: legFactor(200, LOST) },
      { placedOdds: 300, currentOdds: 200, factor: null },
    ];
    expect(cashoutValue({ stake: 10_00n, legs: lost, marginBps: 0 })).toBeNull();
    const suspended = [
      { placedOdds: 200, currentOdds: 180, factor: null },
      { placedOdds: 300, currentOdds: null, factor: null },
    ];
    expect(cashoutValue({ stake: 10_00n, legs: suspended, marginBps: 0 })).toBeNull();
  });

  test('margins outside 0…10000 basis points are refused', () => {
    const legs = [{ placedOdds: 200, currentOdds: 200, factor: null }];
    for (const bad of [-1, 10_001, 2.5]) {
      expect(() => cashoutValue({ stake: 1n, legs, marginBps: bad })).toThrow(RangeError);
    }
    expect(cashoutValue({ stake: 1_00n, legs, marginBps: 10_000 })).toBe(0n);
  });
});

describe('the slip', () => {
  const pick = (eventId: string, outcomeId = '1'): SlipLeg => ({
    eventId,
    marketId: 1,
    specifiers: '',
    outcomeId,
  });
  const picks = (n: number) => Array.from({ length: n }, (_, i) => pick(`e${i}`));

  test.each([
    ['single', [pick('a')], null],
    ['single', [], 'legs_count'],
    ['single', [pick('a'), pick('b')], 'legs_count'],
    ['multi', [pick('a')], 'legs_count'],
    ['multi', [pick('a'), pick('b')], null],
    ['multi', picks(20), null],
    ['multi', picks(21), 'legs_count'],
    ['multi', [pick('a'), pick('b'), pick('a', '3')], 'same_event'],
    ['trixie', picks(3), null],
    ['trixie', picks(4), 'legs_count'],
    ['lucky15', picks(4), null],
    ['lucky15', [pick('a'), pick('b'), pick('c'), pick('c', '2')], 'same_event'],
    ['4/8', picks(8), null],
    ['4/8', picks(7), 'legs_count'],
  ] as const)('%s with %# legs → %s', (kind, legs, error) => {
    expect(checkSlip(kind, legs)).toBe(error);
  });

  test('an unknown system is a programming error', () => {
    expect(() => checkSlip('3/3' as SystemKind, picks(3))).toThrow(RangeError);
  });
});

// Properties

const SYSTEM_KINDS: SystemKind[] = [
  ...(Object.keys(NAMED_SYSTEMS) as SystemKind[]),
  ...Array.from({ length: 8 }, (_, n) =>
    Array.from({ length: n }, (_, k) => `${k + 1}/${n + 1}` as SystemKind),
  ).flat(),
];

const oddsArb = fc.integer({ min: 101, max: 100_000 });
const settlementArb: fc.Arbitrary<LegSettlement> = fc.record({
  result: fc.constantFrom<0 | 1>(0, 1),
  voidFactor: fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1),
  deadHeatFactor: fc.oneof(
    fc.constantFrom(1, 0.5, 0.333333, 0.25),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 1_000_000),
  ),
});
const stakeArb = fc.bigInt({ min: 0n, max: 10n ** 12n });
/** A leg: its odds, how it settles, and whether it has settled yet. */
const legArb = fc.record({ odds: oddsArb, settlement: settlementArb, decided: fc.boolean() });
type LegCase = { odds: number; settlement: LegSettlement; decided: boolean };

/** Any bet with legs of the right count. */
const betArb: fc.Arbitrary<{ bet: Bet; legs: LegCase[] }> = fc.oneof(
  fc.record({ bet: stakeArb.map(single), legs: fc.array(legArb, { minLength: 1, maxLength: 1 }) }),
  fc.record({ bet: stakeArb.map(multi), legs: fc.array(legArb, { minLength: 2, maxLength: 20 }) }),
  fc.tuple(fc.constantFrom(...SYSTEM_KINDS), fc.bigInt({ min: 0n, max: 10n ** 9n })).chain(([kind, unit]) =>
    fc.record({
      bet: fc.constant(system(kind, unit)),
      legs: fc.array(legArb, { minLength: systemOf(kind)!.legs, maxLength: systemOf(kind)!.legs }),
    }),
  ),
);

const asLegs = (cases: readonly LegCase[]): BetLeg[] =>
  cases.map((c) => leg(c.odds, c.decided ? c.settlement : undefined));

describe('properties', () => {
  test('a payout is never negative, and nothing pays before it settles', () => {
    fc.assert(
      fc.property(betArb, ({ bet, legs }) => {
        const result = betReturn(bet, asLegs(legs));
        expect(result.payout).toBeGreaterThanOrEqual(0n);
        if (!result.settled) expect(result.payout).toBe(0n);
      }),
    );
  });

  test('no bet pays more than its potential return before any leg was decided', () => {
    // Every settlement's factor is at most the odds (void 1, half won (1 + odds) / 2, a dead heat
    // a part of the odds), so the payout is bounded by the all-win return.
    fc.assert(
      fc.property(betArb, ({ bet, legs }) => {
        const before = potentialReturn(
          bet,
          legs.map((c) => leg(c.odds)),
        );
        const now = asLegs(legs);
        expect(betReturn(bet, now).payout).toBeLessThanOrEqual(before);
        expect(potentialReturn(bet, now)).toBeLessThanOrEqual(before);
        const all = betReturn(
          bet,
          legs.map((c) => leg(c.odds, c.settlement)),
        );
        expect(all.settled).toBe(true);
        expect(all.payout).toBeLessThanOrEqual(before);
      }),
    );
  });

  test('an accumulator of void legs only returns exactly its stake', () => {
    fc.assert(
      fc.property(stakeArb, fc.array(oddsArb, { minLength: 2, maxLength: 20 }), (stake, odds) => {
        const legs = odds.map((o) => leg(o, VOID));
        expect(betReturn(multi(stake), legs)).toEqual({ settled: true, payout: stake, lost: false });
      }),
    );
  });

  test('a system of void legs only returns exactly its total stake', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SYSTEM_KINDS),
        stakeArb,
        fc.infiniteStream(oddsArb),
        (kind, unit, odds) => {
          const bet = system(kind, unit);
          const legs = [...odds.take(systemOf(kind)!.legs)].map((o) => leg(o, VOID));
          expect(betReturn(bet, legs).payout).toBe(totalStake(bet));
        },
      ),
    );
  });

  test('an accumulator pays what it would without its void legs', () => {
    const withVoids = fc.array(
      fc.oneof(
        legArb,
        oddsArb.map((odds) => ({ odds, settlement: VOID, decided: true })),
      ),
      { minLength: 2, maxLength: 20 },
    );
    fc.assert(
      fc.property(stakeArb, withVoids, (stake, cases) => {
        const full = betReturn(multi(stake), asLegs(cases));
        const isVoid = (c: LegCase) => c.decided && c.settlement.voidFactor === 1;
        const rest = cases.filter((c) => !isVoid(c));
        if (rest.length === 0) expect(full).toEqual({ settled: true, payout: stake, lost: false });
        else expect(full).toEqual(betReturn(multi(stake), asLegs(rest)));
      }),
    );
  });

  test('a cash-out at unchanged prices and no margin is worth exactly the stake', () => {
    fc.assert(
      fc.property(stakeArb, fc.array(oddsArb, { minLength: 1, maxLength: 20 }), (stake, odds) => {
        const legs = odds.map((o) => ({ placedOdds: o, currentOdds: o, factor: null }));
        expect(cashoutValue({ stake, legs, marginBps: 0 })).toBe(stake);
      }),
    );
  });
});
