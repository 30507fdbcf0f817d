import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../src/shared/locales.ts';

/** What the /fairness end-to-end tests check against: a fixed seed pair and its verified outcomes. */

export const SEED = '4a7d1ed414474e4033ac29ccb8653d9b4a7d1ed414474e4033ac29ccb8653d9b';
export const NEXT_SEED = 'b1f0c3a2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f';
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const COMMITMENT = sha256(SEED);
// Outcomes of `npm run -s verify -- <game> --server-seed SEED --client-seed lucky-orbit --nonce 7 …`.
export const VECTORS = {
  dice: '9.17',
  keno: '4, 12, 26, 31, 2, 15, 1, 20, 9, 5',
  miner3: '2, 7, 16',
  hilo5: ['3D', '5H', '9C', 'JS', '2S'],
  coinflip4: ['tails', 'tails', 'heads', 'heads'],
  roulette: '3',
  /** crash --hash SEED --salt orbita */
  crash: '1.10×',
  /** rooms --server-seed SEED --round-id r-1 --tickets 1000 */
  rooms: '#605',
};

/** A path in `locale` (Russian, the default locale, has no prefix). */
export const localized = (locale: Locale, path: string) => (locale === 'ru' ? path : `/${locale}${path}`);
export const catalog = (locale: Locale) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../src/i18n/locales/${locale}/fairness.json`), 'utf8'),
  ).fairness;
export const decodeEntities = (html: string) =>
  html.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
