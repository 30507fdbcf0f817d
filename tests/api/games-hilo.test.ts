import { describe, expect, test } from 'vitest';
import {
  cards as cardsOf,
  guessMultiplier,
  guessWins,
  type HiloGuess,
  MAX_SKIPS,
  offeredPair,
  rankOf,
} from '../../src/games/hilo/engine.ts';
import { applyRatio, multiply, ONE, type Ratio, toDecimal } from '../../src/games/ratio.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { gamesBench, type Player } from '../helpers/games.ts';

/** Hi-lo rounds across requests (docs/api-games.md "Hi-lo", docs/fairness.md "Points to know"). */
const g = gamesBench();
const { player, call, cash } = g;

interface Hand {
  id: string;
  seed_pair_id: string;
  client_seed: string;
  nonce: string;
  outcome: { cards: string[] };
}

async function start(p: Player, amount = '10'): Promise<Hand> {
  const res = await call(p, 'POST', '/games/hilo/start', { amount });
  expect(res.statusCode, res.body).toBe(200);
  const bet = res.json().data.bet;
  expect(bet).toMatchObject({ status: 'active', params: { actions: [] }, multiplier: '0' });
  expect(bet.outcome.cards).toHaveLength(1);
  return bet;
}

const step = (p: Player, hand: Hand, action: string, index: number) =>
  call(p, 'POST', '/games/hilo/step', { action, index, bet_id: hand.id });

/** The offered guess of the pair that wins (or loses) on the next card, from the secret stream. */
async function guessFor(
  hand: Hand,
  index: number,
  win: boolean,
): Promise<{ guess: HiloGuess; next: string }> {
  const deck = cardsOf(await g.floatsOf(hand, index + 2));
  const from = rankOf(deck[index]!);
  const next = deck[index + 1]!;
  const guess = offeredPair(from).find((x) => guessWins(from, rankOf(next), x) === win);
  return { guess: guess ?? (win ? 'same' : offeredPair(from)[0]), next };
}

describe('hi-lo rounds', () => {
  test('the start card is card 0; right guesses multiply by 0.99 / p; skips keep the streak; cash-out pays it', async () => {
    const p = await player(100_00n);
    let hand = await start(p);
    expect(await cash(p)).toBe(90_00n);
    const deck = cardsOf(await g.floatsOf(hand, 8));
    expect(hand.outcome.cards).toEqual([deck[0]]);
    // A skip draws card 1 and keeps the streak at nothing (no cash-out yet); then two right guesses.
    hand = (await step(p, hand, 'skip', 0)).json().data.bet;
    expect(hand).toMatchObject({ status: 'active', multiplier: '0', outcome: { cards: deck.slice(0, 2) } });
    let streak: Ratio = ONE;
    for (const index of [1, 2]) {
      const { guess } = await guessFor(hand, index, true);
      const res = await step(p, hand, guess, index);
      expect(res.statusCode, res.body).toBe(200);
      hand = res.json().data.bet;
      expect(hand.outcome.cards).toEqual(deck.slice(0, index + 2));
      streak = multiply(streak, guessMultiplier(rankOf(deck[index]!), guess));
    }
    expect(hand).toMatchObject({ status: 'active', multiplier: toDecimal(streak, 4) });
    // A retry answers the same step; another move for it is stale; a step ahead is refused.
    const { guess: last } = await guessFor(hand, 2, true);
    expect((await step(p, hand, last, 2)).json().data.bet.outcome.cards).toHaveLength(4);
    expect((await step(p, hand, 'skip', 2)).json().errors).toEqual({ index: ['stale_step'] });
    expect((await step(p, hand, 'skip', 5)).json().errors).toEqual({ index: ['invalid_index'] });
    expect((await call(p, 'GET', '/games/hilo/active')).json().data).toMatchObject({ id: hand.id });
    expect((await call(p, 'PUT', '/games/fairness/seeds', {})).json().errors.game).toEqual([
      'game_in_progress',
    ]);
    const out = await call(p, 'POST', '/games/hilo/cashout', {}, 'hilo-cash-out-1');
    const paid = applyRatio(10_00n, streak);
    expect(out.json().data.bet).toMatchObject({ status: 'settled', payout: fromMinor(paid) });
    expect(await cash(p)).toBe(90_00n + paid);
    expect((await call(p, 'POST', '/games/hilo/cashout', {}, 'hilo-cash-out-1')).json().data.bet.id).toBe(
      hand.id,
    );
    expect(await cash(p)).toBe(90_00n + paid);
  });

  test('a wrong guess loses the stake and ends the round', async () => {
    const p = await player(100_00n);
    let hand = await start(p);
    // When the next card has the same rank, both offered guesses win ("or same"): skip to a card
    // where one loses (about 1 round in 13 needs a skip).
    let index = 0;
    for (;;) {
      const deck = cardsOf(await g.floatsOf(hand, index + 2));
      const from = rankOf(deck[index]!);
      const losing = offeredPair(from).find((x) => !guessWins(from, rankOf(deck[index + 1]!), x));
      if (losing) {
        const lost = (await step(p, hand, losing, index)).json().data.bet;
        expect(lost).toMatchObject({ status: 'settled', payout: '0.00', multiplier: '0' });
        expect(lost.outcome.cards).toEqual(deck.slice(0, index + 2));
        break;
      }
      expect(index, 'a losing guess within the skips').toBeLessThan(MAX_SKIPS);
      hand = (await step(p, hand, 'skip', index)).json().data.bet;
      index += 1;
    }
    expect(await cash(p)).toBe(90_00n);
  });

  test('the rule for 2 and A: only guesses with 0 < p < 1; skips are limited; cash-out needs a right guess', async () => {
    const p = await player(100_00n);
    const hand = await start(p);
    expect((await call(p, 'POST', '/games/hilo/cashout', {})).json().errors.game).toEqual([
      'nothing_to_cash_out',
    ]);
    let current = hand;
    for (let i = 0; i < MAX_SKIPS; i += 1) current = (await step(p, hand, 'skip', i)).json().data.bet;
    expect(current.outcome.cards).toHaveLength(MAX_SKIPS + 1);
    expect((await step(p, hand, 'skip', MAX_SKIPS)).json().errors).toEqual({ action: ['no_skips_left'] });
    const from = rankOf(current.outcome.cards.at(-1)!);
    // An impossible or certain guess on this card (e.g. "lower" on a 2, "higherOrSame" on a 2).
    const refused = from === 0 ? 'lower' : from === 12 ? 'higher' : null;
    if (refused)
      expect((await step(p, hand, refused, MAX_SKIPS)).json().errors).toEqual({
        action: ['guess_unavailable'],
      });
    expect((await step(p, hand, 'sideways', MAX_SKIPS)).json().errors).toEqual({
      action: ['invalid_action'],
    });
  });

  test('20 steps at once on one round: one step per index, every answer agrees', async () => {
    const p = await player(100_00n);
    const hand = await start(p);
    const pair = offeredPair(rankOf(hand.outcome.cards[0]!));
    const wave = await Promise.all(
      Array.from({ length: 20 }, (_, i) => step(p, hand, i % 2 ? 'skip' : pair[0], 0)),
    );
    const round = (await call(p, 'GET', `/games/bets/${hand.id}`)).json().data;
    expect(round.params.actions).toHaveLength(1);
    for (const [i, res] of wave.entries()) {
      if ((i % 2 ? 'skip' : pair[0]) === round.params.actions[0])
        expect(res.json().data.bet.id).toBe(hand.id);
      else expect(res.json().errors).toEqual({ index: ['stale_step'] });
    }
    expect(await checkLedger(g.t.database)).toEqual([]);
  });

  test('nothing hidden leaves the server before the round ends: no next card in any answer or log line', async () => {
    const p = await player(100_00n);
    const hand = await start(p);
    await step(p, hand, 'skip', 0);
    await call(p, 'GET', '/games/hilo/active');
    await call(p, 'GET', `/games/bets/${hand.id}`);
    const deck = cardsOf(await g.floatsOf(hand, 3));
    const shown = JSON.stringify(deck.slice(0, 2));
    const withNext = JSON.stringify(deck);
    const about = g.answers.filter((body) => body.includes(`"id":"${hand.id}"`));
    expect(about.length).toBeGreaterThan(2);
    for (const body of about) expect(body.includes(withNext)).toBe(false);
    expect(about.at(-1)).toContain(shown);
    expect(g.logs.filter((line) => line.includes(withNext))).toEqual([]);
  });
});

g.secrecyTest();
