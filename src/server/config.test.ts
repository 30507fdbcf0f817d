import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CASES, casePrice } from '../games/cases/catalogue.ts';
import { fromMinor } from '../shared/money.ts';
import { NO_THIRD_PARTIES } from '../shared/third-parties.ts';
import { ConfigError, loadConfig, MAX_PROFIT_PER_BET, parseEnv, siteSettings } from './config.ts';
import { WHEEL_SMALLEST_STAKE } from './currency-table.ts';

const { currencies } = loadConfig({});
const band = (code: keyof typeof currencies, game: keyof (typeof currencies)['RUB']['limits']) => {
  const b = currencies[code].limits[game];
  return [fromMinor(b.min), fromMinor(b.max)];
};

describe('docs/product-rules.md §9 bet limits, cell by cell', () => {
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

describe('documented defaults for cells the product rules leave out', () => {
  test('unlisted games take the coinflip band of their currency', () => {
    expect(band('USD', 'dice')).toEqual(['0.01', '100.00']);
    expect(band('KZT', 'keno')).toEqual(['5.00', '50000.00']);
    expect(band('INR', 'hilo')).toEqual(['1.00', '10000.00']);
  });

  test('wheelOfFortune without a stated max is fixed at the coinflip minimum, or the smallest stake that can win', () => {
    // 0.01 cannot win on the low tables (1.2 × 1 cent pays 1 cent): 0.05 is the smallest that can.
    expect(WHEEL_SMALLEST_STAKE).toBe(5n);
    expect(band('USD', 'wheelOfFortune')).toEqual(['0.05', '0.05']);
    expect(band('EUR', 'wheelOfFortune')).toEqual(['0.05', '0.05']);
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
    expect(env.REFRESH_REUSE_GRACE_SECONDS).toBe(10);
  });

  test('KYC upload caps default to 10 documents and 50 MB waiting for a decision', () => {
    expect(parseEnv({})).toMatchObject({ KYC_MAX_PENDING_FILES: 10, KYC_MAX_PENDING_BYTES: 52_428_800 });
    expect(parseEnv({ KYC_MAX_PENDING_FILES: '3', KYC_MAX_PENDING_BYTES: '2048' })).toMatchObject({
      KYC_MAX_PENDING_FILES: 3,
      KYC_MAX_PENDING_BYTES: 2048,
    });
  });

  test('scripted outcomes (TEST_CRASH_POINTS, TEST_ROOMS_WINNER_SEAT) parse under NODE_ENV=test and stop any other boot', () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      TEST_CRASH_POINTS: '2.00,1.00,12.34',
      TEST_ROOMS_WINNER_SEAT: '1',
    });
    expect(env.TEST_CRASH_POINTS).toEqual([200, 100, 1234]);
    expect(env.TEST_ROOMS_WINNER_SEAT).toBe(1);
    expect(parseEnv({}).TEST_CRASH_POINTS).toBeUndefined();
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => parseEnv({ NODE_ENV, TEST_CRASH_POINTS: '2.00' })).toThrow(
        /TEST_CRASH_POINTS="2\.00": scripts the games' outcomes: refused unless NODE_ENV=test/,
      );
      expect(() => parseEnv({ NODE_ENV, TEST_ROOMS_WINNER_SEAT: '0' })).toThrow(
        /TEST_ROOMS_WINNER_SEAT="0": scripts the games' outcomes: refused unless NODE_ENV=test/,
      );
    }
    expect(() => parseEnv({ NODE_ENV: 'test', TEST_CRASH_POINTS: '2,0.5' })).toThrow(/TEST_CRASH_POINTS/);
    expect(() => parseEnv({ NODE_ENV: 'test', TEST_CRASH_POINTS: '0.99' })).toThrow(/at least 1\.00/);
  });

  test('TRUST_PROXY is a hop count or a list of proxies; true is one hop (docs/security.md "Proxies")', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
  });

  test('an unpaid deposit expires after 30 minutes unless configured (decimals allowed)', () => {
    expect(parseEnv({})).toMatchObject({
      DEPOSIT_CHECKOUT_TTL_MINUTES: 30,
      DEPOSIT_EXPIRY_INTERVAL_MS: 60_000,
    });
    expect(parseEnv({ DEPOSIT_CHECKOUT_TTL_MINUTES: '0.5' }).DEPOSIT_CHECKOUT_TTL_MINUTES).toBe(0.5);
  });

  test('DEFAULT_PLAYER_FEATURES: every known feature unless configured; `none` for none (docs/api-auth.md)', () => {
    expect(parseEnv({}).DEFAULT_PLAYER_FEATURES).toEqual(['bonus_balances']);
    expect(parseEnv({ DEFAULT_PLAYER_FEATURES: 'none' }).DEFAULT_PLAYER_FEATURES).toEqual([]);
    expect(
      parseEnv({ DEFAULT_PLAYER_FEATURES: ' bonus_balances,bonus_balances ' }).DEFAULT_PLAYER_FEATURES,
    ).toEqual(['bonus_balances']);
  });

  test.each([
    [
      { DEFAULT_PLAYER_FEATURES: 'bonus_balance' },
      'DEFAULT_PLAYER_FEATURES="bonus_balance": each entry must be one of',
    ],
    [{ PORT: 'eighty' }, 'PORT="eighty"'],
    [{ DEPOSIT_CHECKOUT_TTL_MINUTES: '0' }, 'DEPOSIT_CHECKOUT_TTL_MINUTES="0"'],
    [{ DEPOSIT_CHECKOUT_TTL_MINUTES: 'soon' }, 'DEPOSIT_CHECKOUT_TTL_MINUTES="soon"'],
    [{ DEPOSIT_CHECKOUT_TTL_MINUTES: '20000' }, 'DEPOSIT_CHECKOUT_TTL_MINUTES="20000"'],
    [{ DEPOSIT_EXPIRY_INTERVAL_MS: '10' }, 'DEPOSIT_EXPIRY_INTERVAL_MS="10"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x"'],
    [{ LOCALE_STRATEGY: 'suffix' }, 'LOCALE_STRATEGY="suffix"'],
    [{ ROOT_REDIRECT: '//evil.example' }, 'ROOT_REDIRECT="//evil.example"'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL="http://x"'],
    [{ CAPTCHA_SECRET: 'secret' }, 'PUBLIC_CAPTCHA_SITE_KEY=""'],
    [{ REFRESH_REUSE_GRACE_SECONDS: '61' }, 'REFRESH_REUSE_GRACE_SECONDS="61"'],
    [{ REFRESH_REUSE_GRACE_SECONDS: 'soon' }, 'REFRESH_REUSE_GRACE_SECONDS="soon"'],
    [{ KYC_MAX_PENDING_FILES: '0' }, 'KYC_MAX_PENDING_FILES="0"'],
    [{ KYC_MAX_PENDING_FILES: 'many' }, 'KYC_MAX_PENDING_FILES="many"'],
    [{ KYC_MAX_PENDING_BYTES: '1.5' }, 'KYC_MAX_PENDING_BYTES="1.5"'],
    [
      { SUPPORT_CHAT_SCRIPT_URL: 'http://chat.example/w.js' },
      'SUPPORT_CHAT_SCRIPT_URL="http://chat.example/w.js"',
    ],
    [{ TAG_MANAGER_ID: 'UA-1234' }, 'TAG_MANAGER_ID="UA-1234"'],
    [{ ANALYTICS_COUNTER_ID: 'abc' }, 'ANALYTICS_COUNTER_ID="abc"'],
    [{ CDP_WRITE_KEY: 'key with spaces' }, 'CDP_WRITE_KEY="key with spaces"'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY="proxy.internal": each entry must be'],
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

describe('maximum profit per bet', () => {
  test('defaults to 1000 × the coinflip maximum of each currency', () => {
    const caps = Object.entries(MAX_PROFIT_PER_BET).map(([c, v]) => [c, fromMinor(v)]);
    expect(Object.fromEntries(caps)).toEqual({
      RUB: '10000000.00',
      USD: '100000.00',
      EUR: '100000.00',
      KZT: '50000000.00',
      INR: '10000000.00',
    });
    expect(loadConfig({}).maxProfit).toEqual(MAX_PROFIT_PER_BET);
  });

  test('every case of the catalogue can pay its top prize under the default cap, in every currency', () => {
    for (const [currency, cap] of Object.entries(MAX_PROFIT_PER_BET)) {
      for (const info of CASES) {
        const price = casePrice(info, currency);
        const profit = price * BigInt(info.topMultiplier) - price;
        expect([currency, info.slug, profit <= cap]).toEqual([currency, info.slug, true]);
      }
    }
  });

  test('the business override file sets it per currency; a cap of 0 stops the start', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const good = path.join(dir, 'cap.json');
    writeFileSync(good, JSON.stringify({ currencies: { KZT: { max_profit: '250000.50' } } }));
    const { maxProfit } = loadConfig({ BUSINESS_CONFIG_FILE: good });
    expect(maxProfit.KZT).toBe(25_000_050n);
    expect(maxProfit.RUB).toBe(MAX_PROFIT_PER_BET.RUB);
    const bad = path.join(dir, 'zero.json');
    writeFileSync(bad, JSON.stringify({ currencies: { RUB: { max_profit: '0' } } }));
    expect(() => loadConfig({ BUSINESS_CONFIG_FILE: bad })).toThrow(/max_profit 0 must be above 0/);
  });
});

describe('third parties', () => {
  test('none is configured by default', () => {
    expect(siteSettings(parseEnv({})).thirdParties).toEqual(NO_THIRD_PARTIES);
  });

  test('each configured party is handed to the pages', () => {
    const env = parseEnv({
      SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example/widget.js',
      TAG_MANAGER_ID: 'GTM-ABC1234',
      ANALYTICS_COUNTER_ID: '12345678',
      CDP_WRITE_KEY: 'abcDEF123456',
    });
    expect(siteSettings(env).thirdParties).toEqual({
      chatScriptUrl: 'https://chat.example/widget.js',
      tagManagerId: 'GTM-ABC1234',
      analyticsId: '12345678',
      cdpWriteKey: 'abcDEF123456',
    });
  });
});
