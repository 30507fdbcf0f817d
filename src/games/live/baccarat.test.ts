import { describe, expect, test } from 'vitest';
import { previousHash } from '../crash/chain.ts';
import { compare, type Ratio, ratio } from '../ratio.ts';
import { SEED_2 } from '../testing/reference.ts';
import {
  type BaccaratBet,
  type BaccaratHand,
  type BaccaratRound,
  bankerDraws,
  betReturn,
  burnCount,
  CARDS,
  CUT_CARD,
  cardAt,
  cardValue,
  dealRound,
  exactOdds,
  floatsNeeded,
  freshShoe,
  HAND_FLOATS,
  houseEdges,
  isShoeClosed,
  MAX_ROUND_FLOATS,
  playerDraws,
  playHand,
  returnsToPlayer,
  SHOE_CARDS,
  type Shoe,
  settleBaccarat,
  validateBaccaratBets,
  validateBaccaratLimits,
} from './baccarat.ts';
import { baccaratRound } from './node.ts';

const card = (name: string): number => {
  const index = CARDS.indexOf(name);
  if (index < 0) throw new Error(`No card ${name}`);
  return index;
};

/** A card source dealing the named cards in order. */
function deck(...names: string[]): () => number {
  const cards = names.map(card);
  return () => {
    const next = cards.shift();
    if (next === undefined) throw new Error('The hand wanted more cards than the test gave');
    return next;
  };
}

/** The float that takes the first copy of `name` from `shoe` (mid-way into its slot). */
function floatFor(shoe: { counts: readonly number[]; left: number }, name: string): number {
  const index = card(name);
  const position = shoe.counts.slice(0, index).reduce((sum, count) => sum + count, 0);
  return (position + 0.5) / shoe.left;
}

/** Floats that make `dealRound` take the named cards in order from `shoe`. */
function floatsFor(shoe: Shoe, names: readonly string[]): number[] {
  const counts = [...shoe.counts];
  let left = shoe.left;
  return names.map((name) => {
    const float = floatFor({ counts, left }, name);
    counts[card(name)]! -= 1;
    left -= 1;
    return float;
  });
}

/** Rounds a rational percentage to `digits` decimals (half up), as published tables do. */
function percent(r: Ratio, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (r.num * 100n * scale * 2n + r.den) / (2n * r.den);
  return `${scaled / scale}.${String(scaled % scale).padStart(digits, '0')}`;
}

describe('baccarat: cards and the shoe', () => {
  test('values: A = 1, 2-9 their pips, 10 J Q K = 0; the burn counts 10 for a zero', () => {
    const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
    expect(ranks.map((rank) => cardValue(card(`${rank}S`)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
    expect(ranks.map((rank) => burnCount(card(`${rank}H`)))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10,
    ]);
    expect(() => cardValue(52)).toThrow(RangeError);
  });

  test('a fresh shoe holds 8 decks: 416 cards, 8 of each', () => {
    const shoe = freshShoe();
    expect([shoe.left, SHOE_CARDS, shoe.hands, CARDS.length]).toEqual([416, 416, 0, 52]);
    expect(new Set(shoe.counts)).toEqual(new Set([8]));
    expect(CARDS.slice(0, 5)).toEqual(['2D', '2H', '2S', '2C', '3D']);
    expect(CARDS.at(-1)).toBe('AC');
  });

  test('a float takes position floor(float × left) of what is left, in card order, skipping spent cards', () => {
    const counts = CARDS.map(() => 0);
    counts[card('5H')] = 2;
    counts[card('KD')] = 1;
    expect(cardAt(counts, 3, 0)).toBe(card('5H'));
    expect(cardAt(counts, 3, 2 / 3 - 2 ** -32)).toBe(card('5H'));
    expect(cardAt(counts, 3, 2 / 3)).toBe(card('KD'));
    expect(cardAt(counts, 3, 1 - 2 ** -32)).toBe(card('KD'));
    expect(() => cardAt(counts, 3, 1)).toThrow(RangeError);
    expect(() => cardAt(counts, 4, 0.99)).toThrow(RangeError);
  });
});

describe('baccarat: the tableau', () => {
  test('the player draws on 0-5 and stands on 6-7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  // The published third-card rule: rows are the banker's two-card total, columns "-" (the player
  // stood) then the value of the player's third card 0 … 9; D draws, S stands.
  const TABLE = `
    0  D  D D D D D D D D D D
    1  D  D D D D D D D D D D
    2  D  D D D D D D D D D D
    3  D  D D D D D D D D S D
    4  D  S S D D D D D D S S
    5  D  S S S S D D D D S S
    6  S  S S S S S S D D S S
    7  S  S S S S S S S S S S`;
  const cells = TABLE.trim()
    .split('\n')
    .flatMap((line) => {
      const [total, stood, ...thirds] = line.trim().split(/\s+/);
      return [
        [Number(total), null, stood === 'D'] as const,
        ...thirds.map((mark, third) => [Number(total), third, mark === 'D'] as const),
      ];
    });

  test('the table has 88 cells', () => {
    expect(cells).toHaveLength(8 * 11);
  });

  test.each(cells)('banker on %i, player third card %s: draws %s', (total, third, draws) => {
    expect(bankerDraws(total, third)).toBe(draws);
  });

  test.each([
    [
      'a natural 9 stands against anything',
      ['4D', '2C', '5S', '3H'],
      ['4D', '5S'],
      ['2C', '3H'],
      'player',
      true,
    ],
    ['a natural 8 beats a two-card 7', ['8D', '7C', 'KS', 'QH'], ['8D', 'KS'], ['7C', 'QH'], 'player', true],
    ['two naturals tie', ['9D', '9C', '10S', 'KH'], ['9D', '10S'], ['9C', 'KH'], 'tie', true],
    [
      'player 6 stands, banker 5 draws',
      ['2D', '3C', '4S', '2H', 'KD'],
      ['2D', '4S'],
      ['3C', '2H', 'KD'],
      'player',
      false,
    ],
    [
      'player 7 stands, banker 6 stands',
      ['3D', '3C', '4S', '3H'],
      ['3D', '4S'],
      ['3C', '3H'],
      'player',
      false,
    ],
    [
      'player draws an 8, banker on 3 stands',
      ['AD', '2C', '2S', 'AH', '8H'],
      ['AD', '2S', '8H'],
      ['2C', 'AH'],
      'banker',
      false,
    ],
    [
      'player draws a 7, banker on 6 draws',
      ['AD', '3C', '2S', '3H', '7H', 'KC'],
      ['AD', '2S', '7H'],
      ['3C', '3H', 'KC'],
      'banker',
      false,
    ],
    [
      'banker 7 stands on a drawing player',
      ['AD', '3C', '2S', '4H', '5H'],
      ['AD', '2S', '5H'],
      ['3C', '4H'],
      'player',
      false,
    ],
  ] as const)('%s', (_, cards, player, banker, winner, natural) => {
    const hand = playHand(deck(...cards));
    expect(hand).toMatchObject({ player, banker, winner, natural });
  });

  test('pairs are the first two cards of a hand of one rank: K K is a pair, K Q is not', () => {
    const hand = playHand(deck('KD', 'QC', 'KS', '10H', 'AD', 'AH'));
    expect([hand.playerPair, hand.bankerPair, hand.natural]).toEqual([true, false, false]);
    expect(playHand(deck('5D', '9C', '5S', '9H', 'AD')).bankerPair).toBe(true);
  });
});

describe('baccarat: dealing from a shoe', () => {
  test('the first hand of a shoe burns the first card and as many more as its value, then deals', () => {
    const shoe = freshShoe();
    const names = ['7S', 'AD', 'AD', 'AD', 'AD', 'AD', 'AD', 'AD', '9D', '9C', 'KD', '8C'];
    const round = dealRound(shoe, floatsFor(shoe, names));
    expect(round.burnt).toEqual(names.slice(0, 8));
    expect(round).toMatchObject({
      player: ['9D', 'KD'],
      banker: ['9C', '8C'],
      winner: 'player',
      natural: true,
    });
    expect([round.floatsUsed, round.shoe.left, round.shoe.hands, round.lastOfShoe]).toEqual([
      12,
      404,
      1,
      false,
    ]);
    expect(round.shoe.counts[card('AD')]).toBe(1);
    expect(shoe.left).toBe(416);
  });

  test.each([
    ['an ace burns 1 more', 'AH', 2],
    ['a king burns 10 more', 'KH', 11],
    ['a ten burns 10 more', '10C', 11],
  ])('%s', (_, first, burnt) => {
    const shoe = freshShoe();
    const more = Array.from({ length: burnt - 1 }, (_, i) => ['2D', '3D'][i % 2]!);
    const names = [first, ...more, '9D', '9C', '8D', '8C'];
    const round = dealRound(shoe, floatsFor(shoe, names));
    expect(round.burnt).toHaveLength(burnt);
    expect(round.floatsUsed).toBe(burnt + 4);
  });

  test('later hands burn nothing and read one float per card dealt', () => {
    const opened = freshShoe();
    const first = dealRound(opened, floatsFor(opened, ['AH', '2D', '9D', '9C', '8D', '8C']));
    const names = ['AD', '3C', '2S', '3H', '7H', 'KC'];
    const round = dealRound(first.shoe, floatsFor(first.shoe, names));
    expect(round.burnt).toEqual([]);
    expect([round.floatsUsed, round.shoe.left, round.shoe.hands]).toEqual([6, 404, 2]);
    expect([floatsNeeded(opened), floatsNeeded(first.shoe), MAX_ROUND_FLOATS, HAND_FLOATS]).toEqual([
      17, 6, 17, 6,
    ]);
  });

  test('the hand that deals a card behind the cut card is the last; a closed shoe deals no more', () => {
    // 17 cards left: a six-card hand leaves 11, behind the cut card; a four-card one leaves 13.
    const counts = CARDS.map(() => 0);
    counts[card('AD')] = 9;
    counts[card('9S')] = 8;
    const shoe: Shoe = { counts, left: 17, hands: 60 };
    const six = dealRound(shoe, floatsFor(shoe, ['AD', 'AD', 'AD', 'AD', 'AD', 'AD']));
    expect([six.player.length + six.banker.length, six.shoe.left, six.lastOfShoe]).toEqual([6, 11, true]);
    expect(isShoeClosed(six.shoe)).toBe(true);
    expect(() => dealRound(six.shoe, [0, 0, 0, 0, 0, 0])).toThrow(RangeError);
    // Exactly 14 left after the hand: the cut card is next, so one more hand is dealt.
    const eighteen: Shoe = {
      counts: counts.map((c, i) => (i === card('9S') ? c + 1 : c)),
      left: 18,
      hands: 60,
    };
    const four = dealRound(eighteen, floatsFor(eighteen, ['9S', '9S', '9S', '9S']));
    expect([four.natural, four.shoe.left, four.lastOfShoe, CUT_CARD]).toEqual([true, 14, false, 14]);
  });

  test('too few floats is a programming error', () => {
    expect(() => dealRound(freshShoe(), [0.5, 0.5])).toThrow(RangeError);
  });
});

describe('baccarat: a shoe from a chain (known answers computed outside this code)', () => {
  // Chain head h_200 = SEED_2, salt "orbita-live-salt"; the first shoe opens at h_1. The answers
  // come from a Python script written from docs/fairness.md §10 alone.
  const SALT = 'orbita-live-salt';
  const chain: string[] = [SEED_2];
  for (let i = 0; i < 200; i += 1) chain.unshift(previousHash(chain[0]!));
  const hashAt = (i: number) => chain[i]!;

  function playShoe(start: number): BaccaratRound[] {
    const rounds: BaccaratRound[] = [];
    let shoe = freshShoe();
    for (let i = start; ; i += 1) {
      const round = baccaratRound(hashAt(i), SALT, shoe);
      rounds.push(round);
      if (round.lastOfShoe) return rounds;
      shoe = round.shoe;
    }
  }

  const first = playShoe(1);

  test('the links are the chain', () => {
    expect(hashAt(1)).toBe('f4892471b9e6689549222bc382cafd4dac82d5e7e8bcfacbc6cb68739d5f92ee');
    expect(hashAt(79)).toBe('03ea63c8f42045d0e6d73e0064f995b51ac6686ae16b78055459b1f3cbb3dae2');
  });

  test('the first shoe deals 79 hands, winners as pinned, and closes with 12 cards left', () => {
    expect(first).toHaveLength(79);
    const marks = first.map((round) => ({ player: 'P', banker: 'B', tie: 'T' })[round.winner]).join('');
    expect(marks).toBe('BBPPBPPBTBPBBPBBBBPPPPPPBPBBTBBBBPBPPPBPTBPPPPPBPPBBPBPTBPBPBBPBPBBPPPBBPPPPPPP');
    const pairs = first
      .map((round) => `${round.playerPair ? 'p' : ''}${round.bankerPair ? 'b' : ''}.`)
      .join('');
    expect(pairs).toBe(
      '............b...............................b.pb.............p..b..........p.....p.....',
    );
    expect(first.at(-1)!.shoe.left).toBe(12);
  });

  test('the first hand burns AD and one more, then deals', () => {
    expect(first[0]).toMatchObject({
      burnt: ['AD', 'JD'],
      player: ['8D', '7S', 'AD'],
      banker: ['JS', '2D', '6D'],
      winner: 'banker',
      floatsUsed: 8,
      shoe: { left: 408, hands: 1 },
    });
    expect(first.at(-1)).toMatchObject({
      player: ['7H', '3D', '8C'],
      banker: ['7H', '4D', 'AS'],
      winner: 'player',
    });
  });

  test('the next round opens a new shoe: it burns a queen and 10 more', () => {
    const [opening] = playShoe(80);
    expect(opening).toMatchObject({
      burnt: ['QS', '7S', 'AS', '3S', '3S', '8S', '2H', 'QS', '8S', '6D', 'JD'],
      player: ['JH', 'KS', '5D'],
      banker: ['JS', '6H'],
      winner: 'banker',
      floatsUsed: 16,
    });
  });

  test('dealing is deterministic: the same links and salt deal the same shoe', () => {
    expect(playShoe(1)).toEqual(first);
    expect(baccaratRound(hashAt(1), `${SALT}!`, freshShoe())).not.toEqual(first[0]);
  });

  test('every card dealt or burnt leaves the shoe once: counts add up over the whole shoe', () => {
    const dealt = new Map<string, number>();
    for (const round of first) {
      for (const name of [...round.burnt, ...round.player, ...round.banker]) {
        dealt.set(name, (dealt.get(name) ?? 0) + 1);
      }
    }
    const end = first.at(-1)!.shoe;
    for (const [index, name] of CARDS.entries()) expect((dealt.get(name) ?? 0) + end.counts[index]!).toBe(8);
  });
});

describe('baccarat: bets and payouts', () => {
  const hand = (winner: BaccaratHand['winner'], playerPair = false, bankerPair = false): BaccaratHand => ({
    player: [],
    banker: [],
    playerTotal: 0,
    bankerTotal: 0,
    winner,
    natural: false,
    playerPair,
    bankerPair,
  });

  test.each([
    ['player', 'player', 200n],
    ['player', 'banker', 0n],
    ['player', 'tie', 100n],
    ['banker', 'banker', 195n],
    ['banker', 'player', 0n],
    ['banker', 'tie', 100n],
    ['tie', 'tie', 900n],
    ['tie', 'player', 0n],
    ['tie', 'banker', 0n],
  ] as const)('%s on a %s hand returns %i for 100', (kind, winner, returned) => {
    expect(betReturn({ kind, amount: 100n }, hand(winner))).toBe(returned);
  });

  test('pairs pay 11:1 whoever wins', () => {
    for (const winner of ['player', 'banker', 'tie'] as const) {
      expect(betReturn({ kind: 'playerPair', amount: 10n }, hand(winner, true))).toBe(120n);
      expect(betReturn({ kind: 'bankerPair', amount: 10n }, hand(winner, true))).toBe(0n);
      expect(betReturn({ kind: 'bankerPair', amount: 10n }, hand(winner, false, true))).toBe(120n);
    }
  });

  test.each([
    [1n, 1n],
    [2n, 3n],
    [20n, 39n],
    [101n, 196n],
    [10n ** 20n + 1n, 195n * 10n ** 18n + 1n],
  ])('a winning banker bet of %i returns floor(stake × 195 / 100) = %i', (stake, returned) => {
    expect(betReturn({ kind: 'banker', amount: stake }, hand('banker'))).toBe(returned);
  });

  test('a settlement returns each bet and the totals', () => {
    const bets: BaccaratBet[] = [
      { kind: 'banker', amount: 1_000n },
      { kind: 'tie', amount: 100n },
      { kind: 'playerPair', amount: 50n },
    ];
    expect(settleBaccarat(bets, hand('tie', true))).toEqual({
      totalStake: 1_150n,
      totalReturn: 1_000n + 900n + 600n,
      returns: [1_000n, 900n, 600n],
    });
  });

  test.each<[string, BaccaratBet[], string, number | undefined]>([
    ['no bets', [], 'ERR_NO_BETS', undefined],
    ['an unknown kind', [{ kind: 'dragon' as 'tie', amount: 1n }], 'ERR_BET_KIND', 0],
    [
      'a zero amount',
      [
        { kind: 'tie', amount: 1n },
        { kind: 'player', amount: 0n },
      ],
      'ERR_AMOUNT',
      1,
    ],
    [
      'player and banker together',
      [
        { kind: 'player', amount: 1n },
        { kind: 'tie', amount: 1n },
        { kind: 'banker', amount: 1n },
      ],
      'ERR_BOTH_SIDES',
      2,
    ],
    [
      'eleven bets',
      Array.from({ length: 11 }, () => ({ kind: 'tie' as const, amount: 1n })),
      'ERR_TOO_MANY_BETS',
      undefined,
    ],
  ])('refuses %s', (_, bets, error, index) => {
    const result = validateBaccaratBets(bets);
    expect(result).toMatchObject({ ok: false, error });
    expect(result.index).toBe(index);
  });

  test('accepts one side with the tie and the pairs', () => {
    const bets: BaccaratBet[] = ['banker', 'tie', 'playerPair', 'bankerPair'].map((kind) => ({
      kind: kind as BaccaratBet['kind'],
      amount: 5n,
    }));
    expect(validateBaccaratBets(bets)).toEqual({ ok: true, value: bets });
  });

  test('limits add up bets of one kind and name the box at fault', () => {
    const limits = { EUR: { banker: { min: 100n, max: 10_000n }, tie: { min: 100n, max: 1_000n } } };
    const bets: BaccaratBet[] = [
      { kind: 'tie', amount: 600n },
      { kind: 'banker', amount: 100n },
      { kind: 'tie', amount: 500n },
    ];
    expect(validateBaccaratLimits(bets, 'EUR', limits)).toMatchObject({
      ok: false,
      error: 'ERR_ABOVE_MAX',
      key: 'tie',
    });
    expect(validateBaccaratLimits(bets.slice(0, 2), 'EUR', limits)).toMatchObject({ ok: true });
    expect(validateBaccaratLimits([{ kind: 'playerPair', amount: 100n }], 'EUR', limits)).toMatchObject({
      error: 'ERR_KIND_CLOSED',
    });
    expect(validateBaccaratLimits([{ kind: 'banker', amount: 99n }], 'EUR', limits)).toMatchObject({
      error: 'ERR_BELOW_MIN',
    });
    expect(validateBaccaratLimits([{ kind: 'banker', amount: 100n }], 'GBP', limits)).toMatchObject({
      error: 'ERR_CURRENCY',
    });
  });
});

describe('baccarat: exact odds and house edges', () => {
  const odds = exactOdds();

  test('the full 8-deck shoe: the published counts of the 416·415·…·411 orders of six cards', () => {
    const total = 4_998_398_275_503_360n;
    expect(416n * 415n * 414n * 413n * 412n * 411n).toBe(total);
    const count = (r: Ratio) => (r.num * total) / r.den;
    expect(count(odds.banker)).toBe(2_292_252_566_437_888n);
    expect(count(odds.player)).toBe(2_230_518_282_592_256n);
    expect(count(odds.tie)).toBe(475_627_426_473_216n);
    expect(compare(ratio(count(odds.banker) + count(odds.player) + count(odds.tie), total), ratio(1n))).toBe(
      0,
    );
  });

  test('house edges: banker 1.0579 %, player 1.2351 %, tie 14.3596 %, pairs 10.3614 %', () => {
    const edges = houseEdges(odds);
    expect(percent(edges.banker, 4)).toBe('1.0579');
    expect(percent(edges.player, 4)).toBe('1.2351');
    expect(percent(edges.tie, 4)).toBe('14.3596');
    expect(percent(edges.playerPair, 4)).toBe('10.3614');
    expect(edges.playerPair).toEqual(ratio(43n, 415n));
    expect(edges.bankerPair).toEqual(edges.playerPair);
    expect(percent(returnsToPlayer(odds).banker, 4)).toBe('98.9421');
  });

  test('the enumeration agrees with the tableau dealt over every order of a 10-card shoe', () => {
    // Brute force: all 10·9·8·7·6·5 orders of the first six cards through playHand.
    const names = ['10D', 'JD', 'AD', 'AH', '2D', '5D', '6D', '7D', '8D', '9D'];
    const counts = CARDS.map(() => 0);
    for (const name of names) counts[card(name)]! += 1;
    const tally = { player: 0n, banker: 0n, tie: 0n, playerPair: 0n, bankerPair: 0n };
    const order: number[] = [];
    const used = new Set<number>();
    const walk = () => {
      if (order.length === 6) {
        let next = 0;
        const dealt = playHand(() => card(names[order[next++]!]!));
        tally[dealt.winner] += 1n;
        if (dealt.playerPair) tally.playerPair += 1n;
        if (dealt.bankerPair) tally.bankerPair += 1n;
        return;
      }
      for (let i = 0; i < names.length; i += 1) {
        if (used.has(i)) continue;
        used.add(i);
        order.push(i);
        walk();
        order.pop();
        used.delete(i);
      }
    };
    walk();
    const orders = 10n * 9n * 8n * 7n * 6n * 5n;
    const small = exactOdds({ counts, left: names.length, hands: 0 });
    expect(small).toEqual({
      player: ratio(tally.player, orders),
      banker: ratio(tally.banker, orders),
      tie: ratio(tally.tie, orders),
      playerPair: ratio(tally.playerPair, orders),
      bankerPair: ratio(tally.bankerPair, orders),
    });
  });

  test('a shoe of fewer than 6 cards has no odds; an edge in the player’s favour throws', () => {
    const counts = CARDS.map(() => 0);
    counts[card('9D')] = 5;
    expect(() => exactOdds({ counts, left: 5, hands: 0 })).toThrow(RangeError);
    // Only nines: every hand is 8-8, a tie, and the tie bet returns 9.
    counts[card('9D')] = 8;
    const nines = exactOdds({ counts, left: 8, hands: 0 });
    expect(nines.tie).toEqual(ratio(1n));
    expect(() => houseEdges(nines)).toThrow(RangeError);
  });
});
