import { expect, test } from 'vitest';
import { regionForCountry } from './region.ts';

test.each([
  ['KZ', 'KZ'],
  ['kz', 'KZ'],
  ['RU', 'RU'],
  ['BY', 'RU'],
  ['IN', 'RU'],
  [null, 'RU'],
  ['', 'RU'],
])('country %j is region %s (docs/product-rules.md §9)', (country, region) => {
  expect(regionForCountry(country)).toBe(region);
});
