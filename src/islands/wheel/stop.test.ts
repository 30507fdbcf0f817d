import { describe, expect, test } from 'vitest';
import { readStop } from './stop.ts';

describe('readStop', () => {
  test('reads the segment and multiplier of a wheel outcome', () => {
    expect(readStop({ segment: 19, multiplier: '3.00' }, 20)).toEqual({ segment: 19, multiplier: '3.00' });
    expect(readStop({ segment: 0, multiplier: 0 }, 10)).toEqual({ segment: 0, multiplier: '0' });
  });

  test.each([
    null,
    {},
    { segment: 20, multiplier: '2' },
    { segment: -1, multiplier: '2' },
    { segment: 1.5, multiplier: '2' },
    { segment: '3', multiplier: '2' },
    { segment: 3 },
  ])('refuses %j on a wheel of 20', (outcome) => {
    expect(readStop(outcome, 20)).toBeNull();
  });
});
