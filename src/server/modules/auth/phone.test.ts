import { expect, test } from 'vitest';
import { normaliseEmail, normalisePhone } from './phone.ts';

test.each([
  ['+7 912 345-67-89', 'RU', '+79123456789'],
  ['8 (912) 345-67-89', 'RU', '+79123456789'],
  ['9123456789', 'RU', '+79123456789'],
  ['+7 701 234 5678', 'KZ', '+77012345678'],
  ['701 234 5678', 'KZ', '+77012345678'],
  ['+375 29 123-45-67', 'BY', '+375291234567'],
  ['29 123 45 67', 'BY', '+375291234567'],
  ['+7 000', 'RU', null],
  ['hello', 'RU', null],
  ['+1 202 555 0123', 'RU', '+12025550123'],
])('%j in %s → %j', (input, country, expected) => {
  expect(normalisePhone(input, country)).toBe(expected);
});

test('emails are trimmed and lower-cased', () => {
  expect(normaliseEmail('  Player@Example.COM ')).toBe('player@example.com');
});
