import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Translator, translateMessage } from '../../../client/errors.ts';
import { getT } from '../../../i18n/index.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LANGUAGE_TAG, LOCALES, type Locale } from '../../../shared/locales.ts';
import { formatMoney } from '../../../shared/money.ts';

import type { AmountProblem } from './amount.ts';
import { amountProblemText, GAME_ERROR_CODES, gameTranslator, LIMIT_CODES, MONEY_CODES } from './messages.ts';

/** The island's translator (src/islands/ui/useApi.ts) over a locale's whole catalog. */
function translatorOf(locale: Locale): Translator {
  const t = getT(locale);
  return { t: (key, options) => t(key, options ?? {}), exists: (key) => t(key, { defaultValue: '' }) !== '' };
}

/** Text that still shows a translation key, a code or an empty placeholder. */
const RAW = /\b(error|gameKit)\.[a-z_]+|\{\{|\}\}|\b[a-z]+_[a-z_]+\b/;

const limits = { min: 1n, max: 10_000n };

describe.each(LOCALES)('game errors in %s', (locale) => {
  const tag = LANGUAGE_TAG[locale];
  const money = (minor: bigint) => formatMoney(minor, 'USD', tag);
  const translator = gameTranslator(translatorOf(locale), { money, limits });

  test.each(GAME_ERROR_CODES)('%s reads as a sentence', (code) => {
    const raw = (MONEY_CODES as readonly string[]).includes(code) ? `${code}:100.00` : code;
    const text = translateMessage(raw, translator);
    expect(text).not.toBe(raw);
    expect(text).not.toMatch(RAW);
    expect(text?.trim().length).toBeGreaterThan(3);
  });

  test.each(['max_profit_exceeded', 'stake_cannot_win'])('%s names its amount as money', (code) => {
    expect(translateMessage(`${code}:0.02`, translator)).toContain(formatMoney(2n, 'USD', tag));
  });

  test.each(LIMIT_CODES)('%s names the limit as money in the currency and locale', (code) => {
    const text = translateMessage(`${code}:100.00`, translator);
    // "The maximum bet is $100.00", "A aposta máxima é US$ 100,00", "Максимальная ставка — 100,00 $".
    expect(text).toContain(formatMoney(10_000n, 'USD', tag));
    // Without a detail, the known limit of the game is named.
    expect(translateMessage(code, translator)).toContain(
      money(code === 'bet_below_min' ? limits.min : limits.max),
    );
  });

  test.each<AmountProblem>([
    { code: 'empty' },
    { code: 'not_a_number' },
    { code: 'too_many_decimals' },
    { code: 'bet_below_min', limit: 1n },
    { code: 'bet_above_max', limit: 1_000_000n },
    { code: 'above_balance', balance: 12_683n },
  ])('the amount field says what is wrong: $code', (problem) => {
    const t = getT(locale);
    const text = amountProblemText(problem, (key, options) => t(key, options ?? {}), { money, tag });
    expect(text).not.toMatch(RAW);
    if ('limit' in problem) expect(text).toContain(money(problem.limit));
    if ('balance' in problem) expect(text).toContain(money(problem.balance));
    // The examples of how to type an amount use the locale's decimal separator.
    if (problem.code === 'not_a_number' || problem.code === 'too_many_decimals') {
      expect(text).toContain(new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(10.5));
    }
  });

  test('each amount problem has its own message', () => {
    const t = getT(locale);
    const texts = (['empty', 'not_a_number', 'too_many_decimals'] as const).map((code) =>
      amountProblemText({ code }, (key, options) => t(key, options ?? {}), { money, tag }),
    );
    expect(new Set(texts).size).toBe(texts.length);
  });
});

/** Every error code named in the games module's and the ledger's source (the answers of a bet). */
function codesThrownByGames(): string[] {
  const root = path.resolve(import.meta.dirname, '../../../server/modules');
  const files = [
    ...readdirSync(path.join(root, 'games')).map((f) => path.join(root, 'games', f)),
    path.join(root, 'ledger/ledger.ts'),
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const known = new Set<string>(ERROR_CODES);
  const found = new Set<string>();
  for (const file of files) {
    for (const [, word] of readFileSync(file, 'utf8').matchAll(/'([a-z_]+)'/g)) {
      if (word && known.has(word)) found.add(word);
    }
  }
  return [...found].sort();
}

test('the list covers every code the games API can answer', () => {
  const thrown = codesThrownByGames();
  expect(thrown).toContain('bet_above_max');
  expect(thrown.filter((code) => !(GAME_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
});
