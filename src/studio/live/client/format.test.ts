/** Money, chip faces, the server clock, countdowns, reconnect delays and the verifier's command. */
import { parseArgs } from 'node:util';
import { describe, expect, test } from 'vitest';
import { parseVerifyRequest, VERIFY_OPTIONS } from '../../../games/verifier.ts';
import {
  backoff,
  chipLabel,
  hashOf,
  minorToDecimal,
  moneyFor,
  phaseLeft,
  ServerClock,
  secondsLeft,
  verifyCommand,
} from './format.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  test('minor units as exact decimals', () => {
    expect(minorToDecimal(0n)).toBe('0.00');
    expect(minorToDecimal(5n)).toBe('0.05');
    expect(minorToDecimal(1250n)).toBe('12.50');
    expect(minorToDecimal(-1205n)).toBe('-12.05');
    expect(minorToDecimal(123_456_789_012_345_678_901n)).toBe('1234567890123456789.01');
  });

  test('in the table’s currency, per language; fun money as a plain number', () => {
    expect(moneyFor('en-US', 'USD').format('123456')).toBe('$1,234.56');
    expect(plain(moneyFor('ru-RU', 'RUB').format(123456n))).toBe('1 234,56 ₽');
    expect(plain(moneyFor('pt-BR', 'EUR').format('5'))).toBe('€ 0,05');
    expect(moneyFor('hi-IN', 'INR').format('12345678')).toBe('₹1,23,456.78');
    const fun = moneyFor('en-US', 'XXX');
    expect(fun.fun).toBe(true);
    expect(fun.format('100000')).toBe('1,000.00');
    expect(moneyFor('en-US', 'USD').fun).toBe(false);
    // Beyond floats: exact.
    expect(moneyFor('en-US', 'USD').format('900719925474099312')).toBe('$9,007,199,254,740,993.12');
  });

  test('chip faces are short', () => {
    expect(
      ['50', '100', '250', '1000', '2500', '10000', '100000', '250000', '10000000', '100000000'].map(
        chipLabel,
      ),
    ).toEqual(['0.5', '1', '2.5', '10', '25', '100', '1K', '2.5K', '100K', '1M']);
    expect(chipLabel('5')).toBe('0.05');
  });
});

describe('time', () => {
  test('the clock offset is the largest recent sample (the least delayed message)', () => {
    const clock = new ServerClock(3);
    expect(clock.offset).toBe(0);
    clock.sample(10_000, 9_000); // +1000, arrived late
    clock.sample(20_050, 19_000); // +1050
    clock.sample(30_000, 29_100); // +900
    expect(clock.offset).toBe(1050);
    expect(clock.now(50_000)).toBe(51_050);
    clock.sample(40_000, 39_500);
    clock.sample(50_000, 49_500);
    clock.sample(60_000, 59_500); // the +1050 sample has left the window
    expect(clock.offset).toBe(500);
  });

  test('countdowns', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(phaseLeft(10_000, 10_000, 0)).toBe(1);
    expect(phaseLeft(10_000, 10_000, 7_500)).toBe(0.25);
    expect(phaseLeft(10_000, 10_000, 20_000)).toBe(0);
    expect(phaseLeft(10_000, 0, 0)).toBe(0);
  });

  test('reconnects back off from 0.5 s to 10 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoff(n, 0.5))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(backoff(0, 0)).toBe(400);
    expect(backoff(0, 1)).toBe(600);
  });
});

describe('the verifier’s command', () => {
  const hash = 'ab'.repeat(32);
  test('names the game, the hash, the salt (and the hand in the shoe), as the verifier reads them', () => {
    expect(verifyCommand('live-roulette', hash, 'salty')).toBe(
      `npm run verify -- live-roulette --hash ${hash} --salt salty`,
    );
    expect(verifyCommand('live-baccarat', hash, 'salty', 12)).toBe(
      `npm run verify -- live-baccarat --hash ${hash} --salt salty --shoe-hand 12`,
    );
  });

  test('the verifier (scripts/verify.ts) parses what the client prints', () => {
    const options = Object.fromEntries(
      Object.values(VERIFY_OPTIONS)
        .flat()
        .map((name) => [name, { type: 'string' as const }]),
    );
    const parse = (command: string) => {
      const [npm, run, verify, dashes, ...args] = command.split(' ');
      expect([npm, run, verify, dashes]).toEqual(['npm', 'run', 'verify', '--']);
      const { values, positionals } = parseArgs({ args, options, allowPositionals: true });
      return parseVerifyRequest(positionals[0]!, values as Record<string, string>);
    };
    expect(parse(verifyCommand('live-baccarat', hash, 'salty', 12))).toEqual({
      ok: true,
      value: { game: 'live-baccarat', hash, salt: 'salty', shoeHand: 12 },
    });
    expect(parse(verifyCommand('live-roulette', hash, 'salty'))).toEqual({
      ok: true,
      value: { game: 'live-roulette', hash, salt: 'salty' },
    });
  });
});

test('a stable hash for the dealer’s looks', () => {
  expect(hashOf('roulette-1')).toBe(hashOf('roulette-1'));
  expect(hashOf('roulette-1')).not.toBe(hashOf('roulette-2'));
  expect(hashOf('x')).toBeGreaterThanOrEqual(0);
});
