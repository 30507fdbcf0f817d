import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { fromMinor } from '../shared/money.ts';
import { ConfigError, loadConfig, parseEnv } from './config.ts';

const { currencies } = loadConfig({});
const band = (code: keyof typeof currencies, game: keyof (typeof currencies)['RUB']['limits']) => {
  const b = currencies[code].limits[game];
  return [fromMinor(b.min), fromMinor(b.max)];
};

describe('spec §9 bet limits, cell by cell', () => {
  test.each([
    ['RUB', 'crash', '1.00', '50000.00'],
    ['RUB', 'miner', '1.00', '1000.00'],
    ['RUB', 'coinflip', '1.00', '10000.00'],
    ['RUB', 'keno', '1.00', '10000.00'],
    ['RUB', 'hilo', '1.00', '10000.00'],
    ['RUB', 'roulette', '1.00', '10000.00'],
    ['RUB', 'dice', '1.00', '10000.00'],
    ['USD', 'crash', '0.01', '500.00'],
    ['EUR', 'crash', '0.01', '500.00'],
    ['USD', 'miner', '0.01', '10.00'],
    ['EUR', 'miner', '0.01', '10.00'],
    ['USD', 'coinflip', '0.01', '100.00'],
    ['EUR', 'coinflip', '0.01', '100.00'],
    ['KZT', 'crash', '5.00', '250000.00'],
    ['KZT', 'miner', '5.00', '5000.00'],
    ['KZT', 'coinflip', '5.00', '50000.00'],
    ['INR', 'crash', '1.00', '50000.00'],
    ['INR', 'miner', '1.00', '1000.00'],
    ['INR', 'coinflip', '1.00', '10000.00'],
  ] as const)('%s %s is %s to %s', (code, game, min, max) => {
    expect(band(code, game)).toEqual([min, max]);
  });

  test.each([
    ['RUB', 'wheelOfFortune', '1.00'],
    ['KZT', 'wheelOfFortune', '5.00'],
    ['USD', 'roulette', '0.10'],
    ['EUR', 'roulette', '0.10'],
    ['KZT', 'roulette', '5.00'],
    ['INR', 'roulette', '1.00'],
  ] as const)('%s %s has max %s', (code, game, max) => {
    expect(band(code, game)[1]).toBe(max);
  });

  test.each([
    ['RUB', '100.00'],
    ['USD', '1.00'],
    ['EUR', '1.00'],
    ['KZT', '500.00'],
    ['INR', '100.00'],
  ] as const)('%s min_payout is %s', (code, payout) => {
    expect(fromMinor(currencies[code].minPayout)).toBe(payout);
  });

  test('RUB rooms: red 1, yellow 10, purple 50', () => {
    expect(Object.values(currencies.RUB.rooms).map((r) => fromMinor(r.min))).toEqual([
      '1.00',
      '10.00',
      '50.00',
    ]);
  });
});

describe('documented defaults for cells the spec leaves out', () => {
  test('unlisted games take the coinflip band of their currency', () => {
    expect(band('USD', 'dice')).toEqual(['0.01', '100.00']);
    expect(band('KZT', 'keno')).toEqual(['5.00', '50000.00']);
    expect(band('INR', 'hilo')).toEqual(['1.00', '10000.00']);
  });

  test('wheelOfFortune without a stated max is fixed at the coinflip minimum', () => {
    expect(band('USD', 'wheelOfFortune')).toEqual(['0.01', '0.01']);
    expect(band('INR', 'wheelOfFortune')).toEqual(['1.00', '1.00']);
  });

  test('rooms scale the RUB minima by the currency unit', () => {
    expect(Object.values(currencies.KZT.rooms).map((r) => fromMinor(r.min))).toEqual([
      '5.00',
      '50.00',
      '250.00',
    ]);
    expect(Object.values(currencies.USD.rooms).map((r) => fromMinor(r.min))).toEqual([
      '0.01',
      '0.10',
      '0.50',
    ]);
  });

  test('every band has min ≤ max', () => {
    for (const c of Object.values(currencies)) {
      for (const b of [...Object.values(c.limits), ...Object.values(c.rooms)])
        expect(b.min <= b.max).toBe(true);
    }
  });
});

describe('environment', () => {
  test('defaults need no setup', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOCALE_STRATEGY: 'prefix_except_default' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT="eighty"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x"'],
    [{ LOCALE_STRATEGY: 'suffix' }, 'LOCALE_STRATEGY="suffix"'],
    [{ ROOT_REDIRECT: '//evil.example' }, 'ROOT_REDIRECT="//evil.example"'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL="http://x"'],
    [{ CAPTCHA_SECRET: 'secret' }, 'PUBLIC_CAPTCHA_SITE_KEY=""'],
  ])('%j fails naming the variable', (source, fragment) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(fragment);
  });

  test('a business override file changes limits and is validated', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify({ currencies: { USD: { limits: { dice: { min_bet: '0.10', max_bet: '50' } } } } }),
    );
    expect(fromMinor(loadConfig({ BUSINESS_CONFIG_FILE: good }).currencies.USD.limits.dice.max)).toBe(
      '50.00',
    );
    const bad = path.join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ currencies: { USD: { limits: { dice: { min_bet: '9', max_bet: '1' } } } } }),
    );
    expect(() => loadConfig({ BUSINESS_CONFIG_FILE: bad })).toThrow(/min_bet 9 is above max_bet 1/);
  });
});
