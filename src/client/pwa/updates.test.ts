import { describe, expect, it } from 'vitest';
import { decideReload, isNewBuild } from './updates.ts';

describe('decideReload', () => {
  const guardMs = 10_000;
  it.each([
    ['a first reload', { busy: false, lastReloadAt: null, now: 50_000 }, 'reload'],
    ['an open modal or a round', { busy: true, lastReloadAt: null, now: 50_000 }, 'wait-for-navigation'],
    ['a reload 9.9 s ago', { busy: false, lastReloadAt: 40_100, now: 50_000 }, 'guarded'],
    ['a reload exactly 10 s ago', { busy: false, lastReloadAt: 40_000, now: 50_000 }, 'reload'],
    ['busy and guarded at once', { busy: true, lastReloadAt: 49_000, now: 50_000 }, 'wait-for-navigation'],
  ])('%s', (_name, input, expected) => {
    expect(decideReload({ ...input, guardMs })).toBe(expected);
  });
});

describe('isNewBuild', () => {
  it.each([
    [{ id: 'b2' }, true],
    [{ id: 'b1' }, false],
    [{ id: '' }, false],
    [{ id: 2 }, false],
    [null, false],
    ['b2', false],
  ])('%j → %s', (latest, expected) => {
    expect(isNewBuild(latest, 'b1')).toBe(expected);
  });
});
