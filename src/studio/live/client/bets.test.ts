/** The viewer's chips: stacking, undo, clear, double, repeat, totals and limits, in exact bigint. */
import { describe, expect, test } from 'vitest';
import { validateBaccaratBets } from '../../../games/live/baccarat.ts';
import {
  stakeOf as engineStake,
  type LiveRouletteBet,
  validateLiveBets,
} from '../../../games/live/roulette.ts';
import type { WireBet } from '../protocol.ts';
import {
  addChip,
  allOf,
  type Bet,
  bothSides,
  clear,
  confirmed,
  double,
  emptyBook,
  fromWire,
  limitProblem,
  neighboursBet,
  nextRound,
  pendingOf,
  refused,
  repeat,
  stack,
  stakeOf,
  totals,
  toWire,
  undo,
  withPlaced,
} from './bets.ts';

const straight = (n: number, amount: bigint): Bet => ({ kind: 'straight', numbers: [n], amount });
const red = (amount: bigint): Bet => ({ kind: 'red', amount });

describe('stacking chips', () => {
  test('chips on one spot add up, in the order spots were first used', () => {
    const bets = stack([
      straight(5, 100n),
      red(50n),
      { kind: 'split', numbers: [8, 5], amount: 10n },
      straight(5, 25n),
      { kind: 'split', numbers: [5, 8], amount: 10n },
      { kind: 'voisins', chip: 10n },
      { kind: 'voisins', chip: 15n },
      { kind: 'neighbours', number: 17, neighbours: 2, chip: 5n },
      { kind: 'neighbours', number: 17, neighbours: 3, chip: 5n },
      { kind: 'neighbours', number: 17, neighbours: 2, chip: 5n },
    ]);
    expect(bets).toEqual([
      straight(5, 125n),
      red(50n),
      { kind: 'split', numbers: [8, 5], amount: 20n },
      { kind: 'voisins', chip: 25n },
      { kind: 'neighbours', number: 17, neighbours: 2, chip: 10n },
      { kind: 'neighbours', number: 17, neighbours: 3, chip: 5n },
    ]);
  });

  test('a bet’s stake is the engine’s: racetrack bets place one chip per spot', () => {
    const bets: Bet[] = [
      straight(0, 300n),
      { kind: 'dozen', index: 2, amount: 1000n },
      { kind: 'voisins', chip: 100n },
      { kind: 'tiers', chip: 100n },
      { kind: 'orphelins', chip: 100n },
      { kind: 'jeu-zero', chip: 100n },
      { kind: 'neighbours', number: 26, neighbours: 4, chip: 50n },
    ];
    expect(bets.map(stakeOf)).toEqual([300n, 1000n, 900n, 600n, 500n, 400n, 450n]);
    for (const bet of bets) expect(stakeOf(bet)).toBe(engineStake(bet as LiveRouletteBet));
  });

  test('the wire carries decimal strings, both ways', () => {
    const wire: WireBet[] = [
      { kind: 'corner', numbers: [1, 2, 4, 5], amount: '250' },
      { kind: 'column', index: 3, amount: '100' },
      { kind: 'odd', amount: '9007199254740993' },
      { kind: 'neighbours', number: 0, neighbours: 9, chip: '10' },
      { kind: 'jeu-zero', chip: '20' },
      { kind: 'bankerPair', amount: '100' },
    ];
    const bets = wire.map(fromWire);
    expect(bets[2]).toEqual({ kind: 'odd', amount: 9_007_199_254_740_993n });
    expect(bets.map(toWire)).toEqual(wire);
  });

  test('a racetrack number with no neighbours is a straight bet', () => {
    expect(neighboursBet(17, 0, 100n)).toEqual(straight(17, 100n));
    expect(neighboursBet(17, 3, 100n)).toEqual({ kind: 'neighbours', number: 17, neighbours: 3, chip: 100n });
  });
});

describe('the book: placed, not sent, undo, double, repeat', () => {
  test('undo takes back the last action, clear every chip not sent; placed bets stay', () => {
    let book = withPlaced(emptyBook(), [straight(7, 100n)]);
    book = addChip(book, straight(7, 50n));
    book = addChip(book, red(200n));
    expect(totals(book)).toEqual({ placed: 100n, pending: 250n, total: 350n });
    expect(allOf(book)).toEqual([straight(7, 150n), red(200n)]);
    book = undo(book);
    expect(pendingOf(book)).toEqual([straight(7, 50n)]);
    book = clear(book);
    expect(totals(book)).toEqual({ placed: 100n, pending: 0n, total: 100n });
    expect(undo(book)).toEqual(book);
  });

  test('double adds everything on the table again as one action, which undo takes back whole', () => {
    let book = withPlaced(emptyBook(), [straight(7, 100n), { kind: 'voisins', chip: 10n }]);
    book = addChip(book, red(200n));
    book = double(book);
    expect(totals(book)).toEqual({ placed: 190n, pending: 590n, total: 780n });
    expect(allOf(book)).toEqual([straight(7, 200n), { kind: 'voisins', chip: 20n }, red(400n)]);
    book = double(book);
    expect(totals(book).total).toBe(1560n);
    book = undo(book);
    expect(totals(book).total).toBe(780n);
    book = undo(book);
    expect(totals(book).total).toBe(390n);
  });

  test('double is exact past 2^53', () => {
    const big = 2n ** 60n + 1n;
    let book = addChip(emptyBook(), red(big));
    for (let i = 0; i < 10; i += 1) book = double(book);
    expect(totals(book).total).toBe(big * 1024n);
    expect(toWire(allOf(book)[0]!)).toEqual({ kind: 'red', amount: (big * 1024n).toString() });
  });

  test('repeat places the last round’s bets; a new round keeps what to repeat', () => {
    let book = withPlaced(emptyBook(), [straight(17, 100n), { kind: 'tiers', chip: 20n }]);
    book = addChip(book, red(5n)); // never sent: not part of the round
    book = nextRound(book);
    expect(book.placed).toEqual([]);
    expect(book.actions).toEqual([]);
    expect(book.last).toEqual([straight(17, 100n), { kind: 'tiers', chip: 20n }]);
    book = repeat(book);
    expect(totals(book)).toEqual({ placed: 0n, pending: 220n, total: 220n });
    // A round without bets keeps the older bets to repeat.
    expect(nextRound(emptyBook(book.last)).last).toEqual(book.last);
    expect(repeat(emptyBook())).toEqual(emptyBook());
  });

  test('the table’s answer replaces the placed bets; chips added meanwhile stay pending', () => {
    let book = addChip(emptyBook(), straight(1, 10n));
    book = addChip(book, straight(1, 10n));
    const sent = book.actions.length;
    book = addChip(book, red(30n)); // clicked while the request was out
    book = confirmed(book, sent, [straight(1, 20n)]);
    expect(book.placed).toEqual([straight(1, 20n)]);
    expect(pendingOf(book)).toEqual([red(30n)]);
    expect(refused(book, 1)).toEqual({ ...book, actions: [] });
  });
});

describe('checks before sending', () => {
  const limits = {
    straight: { min: '10', max: '1000' },
    split: { min: '10', max: '1000' },
    red: { min: '100', max: '50000' },
  };

  test('a spot over its maximum, under its minimum, or not offered', () => {
    expect(limitProblem([straight(5, 1000n), red(100n)], limits)).toBeNull();
    expect(limitProblem([straight(5, 1001n)], limits)).toMatchObject({ key: 'straight 5', amount: 1001n });
    expect(limitProblem([red(99n)], limits)).toMatchObject({ key: 'red', kind: 'red', amount: 99n });
    expect(limitProblem([{ kind: 'dozen', index: 1, amount: 100n }], limits)).toMatchObject({ limit: null });
    // Racetrack chips add to the plain spots they cover: a jeu zéro chip of 600 and a split 0/3 of 500.
    expect(
      limitProblem(
        [
          { kind: 'jeu-zero', chip: 600n },
          { kind: 'split', numbers: [0, 3], amount: 500n },
        ],
        limits,
      ),
    ).toMatchObject({ key: 'split 0/3', amount: 1100n });
    expect(
      limitProblem([{ kind: 'neighbours', number: 0, neighbours: 1, chip: 1001n }], limits),
    ).toMatchObject({
      key: 'straight 26',
    });
  });

  test('baccarat: player and banker together are refused, as the engine refuses them', () => {
    const both: Bet[] = [
      { kind: 'player', amount: 100n },
      { kind: 'tie', amount: 100n },
      { kind: 'banker', amount: 100n },
    ];
    expect(bothSides(both)).toBe(true);
    expect(validateBaccaratBets(both as never).ok).toBe(false);
    const one = both.slice(0, 2);
    expect(bothSides(one)).toBe(false);
    expect(validateBaccaratBets(one as never).ok).toBe(true);
  });

  test('what the book sends the roulette engine takes', () => {
    let book = emptyBook();
    for (const bet of [
      straight(0, 10n),
      { kind: 'street', numbers: [0, 2, 3], amount: 10n } as Bet,
      { kind: 'line', numbers: [1, 2, 3, 4, 5, 6], amount: 10n } as Bet,
      { kind: 'low', amount: 100n } as Bet,
      neighboursBet(32, 9, 10n),
      { kind: 'orphelins', chip: 10n } as Bet,
    ])
      book = addChip(book, bet);
    book = double(book);
    expect(validateLiveBets(pendingOf(book) as LiveRouletteBet[]).ok).toBe(true);
  });
});
