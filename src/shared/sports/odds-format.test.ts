import { describe, expect, test } from 'vitest';
import { FRACTIONAL_LADDER, formatOdds, isOddsFormat, ODDS_FORMATS } from './odds-format.ts';

// hundredths, decimal, fractional, american: worked by hand.
const KNOWN: [number, string, string, string][] = [
  [101, '1.01', '1/100', '-10000'], // 100 / 0.01
  [105, '1.05', '1/20', '-2000'],
  [110, '1.10', '1/10', '-1000'],
  [113, '1.13', '1/8', '-769'], // 1/8 = 1.125 → 1.13; 100 / 0.13 = 769.2
  [120, '1.20', '1/5', '-500'],
  [122, '1.22', '2/9', '-455'], // 100 / 0.22 = 454.5…
  [125, '1.25', '1/4', '-400'],
  [129, '1.29', '2/7', '-345'], // 2/7 = 1.2857…; 100 / 0.29 = 344.8
  [133, '1.33', '1/3', '-303'], // not 33/100
  [136, '1.36', '4/11', '-278'], // 4/11 = 1.3636…; 100 / 0.36 = 277.8
  [140, '1.40', '2/5', '-250'],
  [144, '1.44', '4/9', '-227'],
  [150, '1.50', '1/2', '-200'],
  [153, '1.53', '8/15', '-189'],
  [157, '1.57', '4/7', '-175'],
  [162, '1.62', '8/13', '-161'],
  [167, '1.67', '4/6', '-149'], // the ladder keeps 4/6 unreduced
  [173, '1.73', '8/11', '-137'],
  [180, '1.80', '4/5', '-125'],
  [183, '1.83', '5/6', '-120'],
  [185, '1.85', '17/20', '-118'], // off the ladder: 85/100 reduced; 100 / 0.85 = 117.6
  [191, '1.91', '10/11', '-110'],
  [195, '1.95', '19/20', '-105'], // 100 / 0.95 = 105.3
  [199, '1.99', '99/100', '-101'],
  [200, '2.00', '1/1', '+100'], // evens
  [205, '2.05', '21/20', '+105'],
  [210, '2.10', '11/10', '+110'],
  [220, '2.20', '6/5', '+120'],
  [225, '2.25', '5/4', '+125'],
  [237, '2.37', '137/100', '+137'], // next to 11/8 (2.375 → 2.38) but not it
  [238, '2.38', '11/8', '+138'],
  [250, '2.50', '6/4', '+150'], // not 3/2
  [260, '2.60', '8/5', '+160'],
  [263, '2.63', '13/8', '+163'],
  [275, '2.75', '7/4', '+175'],
  [288, '2.88', '15/8', '+188'],
  [300, '3.00', '2/1', '+200'],
  [313, '3.13', '85/40', '+213'],
  [325, '3.25', '9/4', '+225'],
  [350, '3.50', '5/2', '+250'],
  [375, '3.75', '11/4', '+275'],
  [400, '4.00', '3/1', '+300'],
  [433, '4.33', '10/3', '+333'], // not 333/100
  [450, '4.50', '7/2', '+350'],
  [500, '5.00', '4/1', '+400'],
  [550, '5.50', '9/2', '+450'],
  [600, '6.00', '5/1', '+500'],
  [650, '6.50', '11/2', '+550'],
  [700, '7.00', '6/1', '+600'],
  [750, '7.50', '13/2', '+650'],
  [800, '8.00', '7/1', '+700'],
  [1001, '10.01', '901/100', '+901'],
  [1100, '11.00', '10/1', '+1000'],
  [6700, '67.00', '66/1', '+6600'],
  [1_000_000, '10000.00', '9999/1', '+999900'],
];

describe('odds formats', () => {
  test.each(KNOWN)('%i hundredths: %s, %s, %s', (hundredths, decimal, fractional, american) => {
    expect(formatOdds(hundredths, 'decimal')).toBe(decimal);
    expect(formatOdds(hundredths, 'fractional')).toBe(fractional);
    expect(formatOdds(hundredths, 'american')).toBe(american);
  });

  test('American odds round half up: 1.32 is −312.5 → -313, 1.16 is exactly -625', () => {
    expect(formatOdds(132, 'american')).toBe('-313');
    expect(formatOdds(116, 'american')).toBe('-625');
  });

  test('every ladder entry shows as itself, and no two entries share a price', () => {
    const prices = FRACTIONAL_LADDER.map(([num, den]) => 100 + Math.round((100 * num) / den));
    expect(new Set(prices).size).toBe(FRACTIONAL_LADDER.length);
    for (const [num, den] of FRACTIONAL_LADDER) {
      // 85/40 is 3.125 and 11/8 2.375: both round half up.
      const hundredths = 100 + Math.floor((200 * num + den) / (2 * den));
      expect(formatOdds(hundredths, 'fractional')).toBe(`${num}/${den}`);
    }
  });

  test('a fraction off the ladder is the reduced profit, which gives the decimal back', () => {
    for (let hundredths = 101; hundredths <= 2000; hundredths++) {
      const [num, den] = formatOdds(hundredths, 'fractional').split('/').map(Number) as [number, number];
      const exact = 100 + (100 * num) / den;
      expect(Math.abs(exact - hundredths)).toBeLessThanOrEqual(0.5);
      expect(Number(formatOdds(hundredths, 'decimal'))).toBeCloseTo(hundredths / 100, 10);
    }
  });

  test('the formats and their guard', () => {
    expect(ODDS_FORMATS).toEqual(['decimal', 'fractional', 'american']);
    expect(isOddsFormat('american')).toBe(true);
    expect(isOddsFormat('moneyline')).toBe(false);
    expect(isOddsFormat(undefined)).toBe(false);
  });

  test('anything but whole hundredths of at least 1.01 is refused', () => {
    for (const bad of [100, 0, -150, 185.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatOdds(bad, 'decimal')).toThrow(RangeError);
    }
  });
});
