import { describe, expect, test } from 'vitest';
import { changeOf, confirmableAt, type LimitState } from './limits.ts';

const now = new Date('2026-11-29T12:00:00Z');
const earlier = new Date('2026-11-28T09:00:00Z');
const limit = (amount: bigint, pending: Partial<LimitState> = {}): LimitState => ({
  amount,
  pendingAmount: null,
  pendingRemoval: false,
  pendingSince: null,
  ...pending,
});

describe('a change of a limit', () => {
  test('a first limit, a lower one and the same one apply at once', () => {
    expect(changeOf(null, 500_00n, now)).toEqual({ kind: 'apply', amount: 500_00n });
    expect(changeOf(limit(500_00n), 100_00n, now)).toEqual({ kind: 'apply', amount: 100_00n });
    expect(changeOf(limit(500_00n), 500_00n, now)).toEqual({ kind: 'apply', amount: 500_00n });
    // A lower one also drops an increase that was waiting.
    const waiting = limit(500_00n, { pendingAmount: 900_00n, pendingSince: earlier });
    expect(changeOf(waiting, 400_00n, now)).toEqual({ kind: 'apply', amount: 400_00n });
  });

  test('a higher one and a removal wait; asking again for the same keeps the wait, another restarts it', () => {
    expect(changeOf(limit(500_00n), 900_00n, now)).toEqual({ kind: 'wait', amount: 900_00n, since: now });
    expect(changeOf(limit(500_00n), null, now)).toEqual({ kind: 'wait', amount: null, since: now });
    const waiting = limit(500_00n, { pendingAmount: 900_00n, pendingSince: earlier });
    expect(changeOf(waiting, 900_00n, now)).toEqual({ kind: 'wait', amount: 900_00n, since: earlier });
    expect(changeOf(waiting, 950_00n, now)).toEqual({ kind: 'wait', amount: 950_00n, since: now });
    expect(changeOf(waiting, null, now)).toEqual({ kind: 'wait', amount: null, since: now });
    const removing = limit(500_00n, { pendingRemoval: true, pendingSince: earlier });
    expect(changeOf(removing, null, now)).toEqual({ kind: 'wait', amount: null, since: earlier });
  });

  test('removing a limit that does not exist does nothing', () => {
    expect(changeOf(null, null, now)).toEqual({ kind: 'none' });
  });

  test('a waiting change may be confirmed 24 hours after it was asked for', () => {
    expect(confirmableAt(limit(1n))).toBeNull();
    expect(confirmableAt(limit(1n, { pendingAmount: 2n, pendingSince: earlier }))).toEqual(
      new Date('2026-11-29T09:00:00Z'),
    );
  });
});
