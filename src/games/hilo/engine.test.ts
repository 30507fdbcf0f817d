import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { add, multiply, ratio, toDecimal, toNumber, ZERO } from '../ratio.ts';
import { meanWithBound, sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import {
  availableGuesses,
  cardFromFloat,
  cards,
  DECK,
  GUESSES,
  guessMultiplier,
  guessProbability,
  guessWins,
  type HiloAction,
  offeredPair,
  outcome,
  RANKS,
  rankOf,
  safestGuess,
  streakOf,
} from './engine.ts';

describe('hilo', () => {
  test.each([
    [0, '2D'],
    [1, '2H'],
    [2, '2S'],
    [3, '2C'],
    [4, '3D'],
    [32, '10D'],
    [35, '10C'],
    [36, 'JD'],
    [48, 'AD'],
    [51, 'AC'],
  ])('DECK[%i] is %s', (index, card) => {
    expect(DECK[index]).toBe(card);
  });

  test.each(VECTORS)('deals the known cards for $clientSeed / $nonce', (vector) => {
    expect(cards(floats(vector, 6))).toEqual(vector.cards);
  });

  test.each([
    [0, '2D'],
    [1 / 52 - 2 ** -32, '2D'],
    [1 / 52, '2H'],
    [1 - 2 ** -32, 'AC'],
  ])('float %f is %s', (float, card) => {
    expect(cardFromFloat(float)).toBe(card);
  });

  test.each([
    ['2D', 0],
    ['10S', 8],
    ['JH', 9],
    ['AC', 12],
  ])('%s has rank %i', (card, rank) => {
    expect(rankOf(card)).toBe(rank);
  });

  test.each(['1D', '10X', 'A', '', '11H'])('"%s" is not a card', (card) => {
    expect(() => rankOf(card)).toThrow(RangeError);
  });

  test.each([
    ['2D', ['higher', 'lowerOrSame', 'same']],
    ['8H', ['higher', 'lower', 'higherOrSame', 'lowerOrSame', 'same']],
    ['AS', ['lower', 'higherOrSame', 'same']],
  ])('on %s the offered guesses are %o', (card, guesses) => {
    expect(availableGuesses(rankOf(card))).toEqual(guesses);
  });

  test.each([
    ['2D', 'higher', '12/13', '1.0725'],
    ['8H', 'higherOrSame', '7/13', '1.8385'],
    ['8H', 'lowerOrSame', '7/13', '1.8385'],
    ['8H', 'higher', '6/13', '2.145'],
    ['KC', 'higherOrSame', '2/13', '6.435'],
    ['KC', 'lower', '11/13', '1.17'],
    ['AS', 'lower', '12/13', '1.0725'],
    ['5D', 'same', '1/13', '12.87'],
  ] as const)('from %s, %s has p = %s and pays %s×', (card, guess, p, shown) => {
    const from = rankOf(card);
    const [num, den] = p.split('/').map(BigInt);
    expect(guessProbability(from, guess)).toEqual(ratio(num!, den!));
    expect(toDecimal(guessMultiplier(from, guess), 4)).toBe(shown);
  });

  test('every offered guess on every rank returns exactly 0.99 over the 13 next ranks', () => {
    for (let from = 0; from < 13; from += 1) {
      for (const guess of availableGuesses(from)) {
        let expected = ZERO;
        for (let to = 0; to < 13; to += 1) {
          if (guessWins(from, to, guess))
            expected = add(expected, multiply(ratio(1n, 13n), guessMultiplier(from, guess)));
        }
        expect([from, guess, expected]).toEqual([from, guess, ratio(99n, 100n)]);
      }
    }
  });

  test('the pair offered on each card: higher / same on a 2, same / lower on an A, "or same" between', () => {
    expect(offeredPair(rankOf('2S'))).toEqual(['higher', 'same']);
    expect(offeredPair(rankOf('AS'))).toEqual(['same', 'lower']);
    for (let from = 1; from < 12; from += 1)
      expect(offeredPair(from)).toEqual(['higherOrSame', 'lowerOrSame']);
    // Every offered guess is available (0 < p < 1) and the two cover every next rank between them.
    for (let from = 0; from < RANKS.length; from += 1) {
      const pair = offeredPair(from);
      expect(pair.every((guess) => availableGuesses(from).includes(guess))).toBe(true);
      for (let to = 0; to < 13; to += 1) expect(pair.some((guess) => guessWins(from, to, guess))).toBe(true);
    }
  });

  test.each([
    ['2D', 'higher', '1.0725'],
    ['3D', 'higherOrSame', '1.0725'],
    ['8D', 'higherOrSame', '1.8385'],
    ['9D', 'lowerOrSame', '1.6087'],
    ['AD', 'lower', '1.0725'],
  ] as const)('the safest guess on %s is %s (%s×)', (card, guess, shown) => {
    expect(safestGuess(rankOf(card))).toBe(guess);
    expect(toDecimal(guessMultiplier(rankOf(card), guess), 4)).toBe(shown);
  });

  test('RTP 99 % for one step of the offered pair from every card, by enumeration of the 52 next cards', () => {
    for (const card of DECK) {
      const from = rankOf(card);
      for (const guess of offeredPair(from)) {
        const wins = DECK.filter((next) => guessWins(from, rankOf(next), guess)).length;
        const rtp = multiply(ratio(BigInt(wins), 52n), guessMultiplier(from, guess));
        expect([card, guess, rtp]).toEqual([card, guess, ratio(99n, 100n)]);
      }
    }
  });

  test('the streak of an open round is the product of its guesses, each on the card it was made', () => {
    const f = floats(VECTORS[0]!, 5); // KD 8C 3H 4S KC
    const actions: HiloAction[] = ['lower', 'skip', 'higher', 'higherOrSame'];
    const played = outcome(f, actions);
    expect(played.ok && streakOf(played.value.cards, actions)).toEqual(played.ok && played.value.multiplier);
    expect(streakOf(['KD', '8C'], ['skip'])).toEqual(ratio(1n));
  });

  test('ties: "or same" guesses and "same" win on an equal rank, strict guesses lose', () => {
    expect(GUESSES.filter((guess) => guessWins(5, 5, guess))).toEqual([
      'higherOrSame',
      'lowerOrSame',
      'same',
    ]);
  });

  test('a streak multiplies the won guesses, skips take a card without changing it, a loss ends the round', () => {
    const f = floats(VECTORS[0]!, 6); // KD 8C 3H 4S KC 2D
    const actions: HiloAction[] = ['lower', 'skip', 'higher', 'higherOrSame', 'higher'];
    const result = outcome(f, actions);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.value.cards).toEqual(['KD', '8C', '3H', '4S', 'KC', '2D']);
    expect(result.value.steps.map((step) => step.win)).toEqual([true, true, true, true, false]);
    expect(result.value).toMatchObject({ lost: true, multiplier: ZERO });
    const cashed = outcome(f, actions.slice(0, 4));
    const expected = [
      guessMultiplier(11, 'lower'),
      guessMultiplier(1, 'higher'),
      guessMultiplier(2, 'higherOrSame'),
    ].reduce(multiply);
    expect(cashed).toMatchObject({ ok: true, value: { lost: false, multiplier: expected } });
  });

  test.each<[HiloAction[], string]>([
    [['lower', 'higherOrSame'], 'ERR_GUESS_UNAVAILABLE'],
    [['sideways' as HiloAction], 'ERR_ACTION'],
  ])('refuses %o with %s', (actions, error) => {
    // VECTORS[1] deals JH then 2S: "lower" wins, then "higherOrSame" on a 2 is certain, so not offered.
    expect(outcome(floats(VECTORS[1]!, 3), actions)).toMatchObject({ ok: false, error });
  });

  test('cards are uniform over the 52 (chi-square, 99 %); a 3-guess strategy returns 0.99³ (Monte Carlo)', () => {
    const uniform = new Array(DECK.length).fill(1 / DECK.length);
    const deal = chiSquareAt99(() => {
      const indexes: number[] = [];
      for (const f of sampleBets(`hilo-chi-0`, 25_000, 8))
        for (const card of cards(f)) indexes.push(DECK.indexOf(card));
      return chiSquare(histogram(indexes, DECK.length), uniform);
    });
    expect(deal).toMatchObject({ passed: true });
    // Guess the likelier side three times, then cash out.
    const returns = Array.from(sampleBets('hilo-mc', 40_000, 4), (f) => {
      const dealt = cards(f);
      const actions = dealt.slice(0, 3).map((card): HiloAction => {
        const rank = rankOf(card);
        if (rank === 0) return 'higher';
        if (rank === 12) return 'lower';
        return rank < 6 ? 'higherOrSame' : 'lowerOrSame';
      });
      const result = outcome(f, actions);
      return result.ok ? toNumber(result.value.multiplier) : Number.NaN;
    });
    const { mean, bound } = meanWithBound(returns);
    expect(Math.abs(mean - 0.99 ** 3)).toBeLessThan(bound);
  });
});
