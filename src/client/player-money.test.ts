import { describe, expect, test } from 'vitest';
import { amountFor, offeredIn } from './player-money.ts';

describe('a player’s amounts on content pages', () => {
  const money = JSON.stringify({ RUB: '500.00', USD: '5.00' });

  test.each([
    ['USD', 'en-US', '$5.00'],
    ['RUB', 'ru', '500,00 ₽'],
    // A currency the amount has no value in: never another currency's amount.
    ['KZT', 'kk', '—'],
  ])('in %s (%s) the amount reads %s', (currency, tag, expected) => {
    expect(amountFor(money, currency, tag).replace(/\s/g, ' ')).toBe(expected);
  });

  test('broken data reads as no amount', () => {
    expect(amountFor('{', 'USD', 'en-US')).toBe('—');
    expect(amountFor(undefined, 'USD', 'en-US')).toBe('—');
  });

  test.each([
    ['RUB USD', 'USD', true],
    ['RUB', 'USD', false],
    ['', 'USD', false],
  ])('an offer for %j applies to %s: %s', (currencies, currency, expected) => {
    expect(offeredIn(currencies, currency)).toBe(expected);
  });
});
