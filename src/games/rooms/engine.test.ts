import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { SEED_1, u32 } from '../testing/reference.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { ROOM_VECTORS } from '../testing/vectors.ts';
import { commission, MAX_TICKETS, roundInput, settle, ticketHolder, winningTicket } from './engine.ts';

describe('rooms', () => {
  test.each(ROOM_VECTORS)(
    'round $roundId with $tickets tickets is won by ticket $winningTicket',
    (vector) => {
      expect(winningTicket(floats(roundInput(SEED_1, vector.roundId), 1), vector.tickets)).toBe(
        vector.winningTicket,
      );
    },
  );

  test('the round id is the client seed and the nonce is 0', () => {
    expect(roundInput(SEED_1, 'r-1')).toEqual({ serverSeed: SEED_1, clientSeed: 'r-1', nonce: 0 });
  });

  test('the ticket is floor(float × total) in doubles for any total, as public verifiers compute it', () => {
    for (let i = 0; i < 20_000; i += 1) {
      const float = u32((i * 2_654_435_761) % 2 ** 32);
      const total = 1 + ((i * 40_503) % 2 ** 21) * (i % 2 === 0 ? 1 : 2 ** 31);
      expect(winningTicket([float], BigInt(total))).toBe(BigInt(Math.floor(float * total)));
    }
  });

  test('regression: 3 768 087 tickets of round-217 go to the double product (2354959), not the exact 2354958', () => {
    const f = floats(roundInput('a'.repeat(64), 'round-217'), 1);
    expect(winningTicket(f, 3_768_087n)).toBe(2_354_959n);
  });

  test('a pot above 2⁵³ − 1 tickets is refused', () => {
    expect(() => winningTicket([0.5], MAX_TICKETS + 1n)).toThrow(RangeError);
    expect(settle([0.5], [MAX_TICKETS, 1n])).toMatchObject({ ok: false, error: 'ERR_STAKE' });
  });

  test.each([
    [0, 0n],
    [99, 0n],
    [100, 1n],
    [149, 1n],
    [150, 2n],
  ])('with stakes 100, 50, 1 ticket %i belongs to entry %i', (ticket, holder) => {
    expect(ticketHolder([100n, 50n, 1n], BigInt(ticket))).toBe(Number(holder));
  });

  test('settles a round: winner by ticket, 5 % commission by default, the rest to the winner', () => {
    const result = settle([u32(2 ** 31)], [1_000n, 3_000n, 6_000n]);
    expect(result).toEqual({
      ok: true,
      value: { pot: 10_000n, winningTicket: 5_000n, winner: 2, commission: 500n, prize: 9_500n },
    });
    expect(settle([0], [333n], 250)).toMatchObject({ ok: true, value: { commission: 8n, prize: 325n } });
    expect(commission(19n)).toBe(0n);
  });

  test.each([
    [[], 500, 'ERR_NO_ENTRIES'],
    [[100n, 0n], 500, 'ERR_STAKE'],
    [[100n], 10_001, 'ERR_COMMISSION'],
    [[100n], 2.5, 'ERR_COMMISSION'],
  ])('stakes %o with commission %i are refused with %s', (stakes, bps, error) => {
    expect(settle([0.5], stakes, bps)).toMatchObject({ ok: false, error });
  });

  test('winning tickets are uniform over 100 tickets across 50 000 rounds (chi-square, 99 %)', () => {
    const result = chiSquareAt99(() => {
      const tickets = Array.from({ length: 50_000 }, (_, round) =>
        Number(winningTicket(floats(roundInput(SEED_1, `room-0-${round}`), 1), 100n)),
      );
      return chiSquare(histogram(tickets, 100), new Array(100).fill(1 / 100));
    });
    expect(result).toMatchObject({ passed: true });
  });

  test('an entry wins in proportion to its stake over 30 000 rounds (chi-square, 99 %); the winner gets 95 % of the pot', () => {
    const stakes = [1n, 2n, 3n, 14n];
    const wins = new Array<number>(stakes.length).fill(0);
    let paid = 0n;
    for (let round = 0; round < 30_000; round += 1) {
      const result = settle(floats(roundInput(SEED_1, `stakes-${round}`), 1), stakes);
      if (!result.ok) throw new Error(result.message);
      wins[result.value.winner]! += 1;
      paid += result.value.prize;
    }
    const result = chiSquareAt99(() => chiSquare(wins, [1 / 20, 2 / 20, 3 / 20, 14 / 20]));
    expect(result).toMatchObject({ passed: true });
    expect(paid).toBe(30_000n * 19n); // 20 minus the 5 % commission, rounded down to 1
  });
});
