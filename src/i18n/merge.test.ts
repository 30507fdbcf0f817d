import { expect, test } from 'vitest';
import { mergeCatalogs, partLocale } from './merge.ts';

test('merges area files into the base catalog without touching the base', () => {
  const base = { a: { b: 'x' } };
  const merged = mergeCatalogs(base, [{ a: { c: 'y' } }, { d: 'z' }]);
  expect(merged).toEqual({ a: { b: 'x', c: 'y' }, d: 'z' });
  expect(base).toEqual({ a: { b: 'x' } });
});

test('refuses a key defined twice', () => {
  expect(() => mergeCatalogs({ a: { b: 'x' } }, [{ a: { b: 'y' } }])).toThrow('a.b is defined twice');
});

test('reads the locale from an area file path', () => {
  expect(partLocale('./locales/kz/dice.json')).toBe('kz');
  expect(partLocale('./locales/kz.json')).toBeUndefined();
});
