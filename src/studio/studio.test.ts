import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SLOT_SLUGS } from '../games/slots/types.ts';
import { BET_LEVELS, gameCodeOf, langOf, slugOf } from './bets.ts';
import { STRINGS, stringsFor } from './client/i18n.ts';
import { loadKeys, sign256, verify256 } from './signing.ts';
import { KeyedQueue, payoutOf } from './spin.ts';
import { fromWire, toWire } from './wallet.ts';

describe('studio helpers', () => {
  test('the payout is floor(bet × win / 100) in minor units, and wire amounts are ×1000 of them', () => {
    expect(payoutOf(100n, 250)).toBe(250n);
    expect(payoutOf(10n, 15)).toBe(1n);
    expect(payoutOf(10n, 0)).toBe(0n);
    expect(toWire(356n)).toBe(356_000);
    expect(fromWire(356_000)).toBe(356n);
    expect(fromWire(356_999)).toBe(356n);
  });

  test('bet levels span the brief’s bands per currency', () => {
    const band = (currency: string) => [BET_LEVELS[currency]![0], BET_LEVELS[currency]!.at(-1)];
    expect(band('USD')).toEqual([10n, 10_000n]);
    expect(band('EUR')).toEqual([10n, 10_000n]);
    expect(band('XXX')).toEqual([10n, 10_000n]);
    expect(band('RUB')).toEqual([1_000n, 1_000_000n]);
    expect(band('INR')).toEqual([1_000n, 1_000_000n]);
    expect(band('KZT')).toEqual([5_000n, 5_000_000n]);
  });

  test('game codes and languages map both ways', () => {
    for (const slug of SLOT_SLUGS) expect(slugOf(gameCodeOf(slug))).toBe(slug);
    expect(gameCodeOf('sugar-storm')).toBe('orbita_sugar_storm');
    expect(slugOf('orbita_nope')).toBeUndefined();
    expect(['ru', 'en', 'kk', 'kz', 'pt-BR', 'br', 'hi', 'de', undefined].map(langOf)).toEqual([
      'ru',
      'en',
      'kk',
      'kk',
      'pt-BR',
      'pt-BR',
      'hi',
      'en',
      'en',
    ]);
  });

  test('every language has every string, none left in English by mistake', () => {
    const keys = Object.keys(STRINGS.en).sort();
    for (const [lang, strings] of Object.entries(STRINGS)) {
      expect(Object.keys(strings).sort(), lang).toEqual(keys);
      if (lang !== 'en') expect(strings.balance, lang).not.toBe(STRINGS.en.balance);
    }
    expect(stringsFor('xx').tag).toBe('en-US');
  });

  test('signatures verify over the exact bytes only', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keys = loadKeys(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const signature = sign256(keys.privateKey, '{"a":1}');
    // The studio's own public key, as the casino would be given it.
    const self = loadKeys(keys.publicKeyPem);
    expect(verify256(self.operatorKey, '{"a":1}', signature)).toBe(true);
    expect(verify256(self.operatorKey, '{"a":1} ', signature)).toBe(false);
    expect(verify256(self.operatorKey, '{"a":1}', undefined)).toBe(false);
    expect(verify256(self.operatorKey, '{"a":1}', 'garbage')).toBe(false);
  });

  test('a keyed queue runs one key’s tasks in order, even after a failure', async () => {
    const queue = new KeyedQueue();
    const order: number[] = [];
    const slow = queue.run('a', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      order.push(1);
      throw new Error('x');
    });
    const next = queue.run('a', async () => order.push(2));
    await expect(slow).rejects.toThrow('x');
    await next;
    expect(order).toEqual([1, 2]);
  });

  test('src/studio imports nothing from src/server', () => {
    const folder = import.meta.dirname;
    const offenders = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].some((m) =>
          path.resolve(path.dirname(file), m[1]!).startsWith(path.resolve(folder, '../server')),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
