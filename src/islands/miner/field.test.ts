import { describe, expect, test } from 'vitest';
import {
  canReveal,
  cashoutAmount,
  type MinerBet,
  profitAt,
  randomTile,
  readField,
  shownMultiplier,
  tileState,
  togglePattern,
} from './field.ts';

const bet = (over: Partial<MinerBet> = {}): MinerBet => ({
  id: '7',
  status: 'active',
  amount: '10.00',
  payout: '0.00',
  params: { mines: 3, tiles: [] },
  outcome: { mines: [], hit: null },
  ...over,
});

describe('the miner field as the board shows it', () => {
  test('an open round: gems opened, what a cash-out pays, no mine known', () => {
    const field = readField(bet({ params: { mines: 3, tiles: [4, 9] } }));
    expect(field).toMatchObject({ open: true, lost: false, gems: 2, cashout: '12.85', minePositions: [] });
    expect(tileState(field, 4)).toBe('gem');
    expect(tileState(field, 0)).toBe('hidden');
    expect(canReveal(field)).toBe(true);
    expect(shownMultiplier(3, 2)).toBe('1.2857');
    expect(shownMultiplier(3, 0)).toBe('1');
    expect(profitAt('10.00', 3, 2)).toBe('2.85');
    expect(profitAt('10.00', 3, 0)).toBeNull();
  });

  test('a lost round: the mine hit, the mines and gems not opened dimmed; an auto-bet stops at its mine', () => {
    const field = readField(
      bet({
        status: 'settled',
        params: { mines: 3, tiles: [4, 2, 9] },
        outcome: { mines: [2, 12, 21], hit: 2 },
      }),
    );
    expect(field).toMatchObject({ open: false, lost: true, gems: 1, cashout: null, tiles: [4, 2] });
    expect([4, 2, 12, 9].map((tile) => tileState(field, tile))).toEqual([
      'gem',
      'hit',
      'mineHidden',
      'gemHidden',
    ]);
    expect(canReveal(field)).toBe(false);
  });

  test('a won round pays the gems opened; the pattern shows only before a round', () => {
    const won = readField(
      bet({
        status: 'settled',
        payout: '12.85',
        params: { mines: 3, tiles: [4, 9] },
        outcome: { mines: [2, 12, 21], hit: null },
      }),
    );
    expect(won).toMatchObject({ lost: false, cashout: '12.85' });
    expect(tileState(won, 12, [12])).toBe('mineHidden');
    expect(tileState(null, 12, [12])).toBe('pattern');
    expect(cashoutAmount('0.08', 3, 1)).toBe('0.09');
  });

  test('the pattern toggles and holds at most 25 − mines tiles; a random tile is never an opened one', () => {
    expect(togglePattern([1, 2], 2, 3)).toEqual([1]);
    expect(togglePattern([1], 5, 3)).toEqual([1, 5]);
    const full = Array.from({ length: 22 }, (_, i) => i);
    expect(togglePattern(full, 24, 3)).toEqual(full);
    const field = readField(bet({ params: { mines: 3, tiles: Array.from({ length: 21 }, (_, i) => i) } }));
    for (const r of [0, 0.3, 0.6, 0.99]) expect([21, 22, 23, 24]).toContain(randomTile(field, () => r));
  });
});
