import { describe, expect, test } from 'vitest';
import { sha256Hex } from '../../../games/fair/node.ts';
import * as web from '../../../games/fair/web.ts';
import { freshShoe } from '../../../games/live/baccarat.ts';
import { baccaratRound, rouletteRound } from '../../../games/live/node.ts';
import { baccaratView } from '../../../games/live/verify.ts';
import { spinSlot } from '../../../games/slots/index.ts';
import { nodeFloatSource } from '../../../games/slots/node.ts';
import { slotOutcome } from '../../../games/slots/verify.ts';
import { VerifyFailure, verify } from '../../../games/verifier.ts';
import {
  emptyForm,
  foreignServerSeed,
  formFromBet,
  formFromQuery,
  invalidFields,
  isComplete,
  queryOf,
  requestOf,
} from './verify-query.ts';

const SEED = '4a7d1ed414474e4033ac29ccb8653d9b4a7d1ed414474e4033ac29ccb8653d9b';
const COMMITMENT = 'a3e32cb51f8d0e1760e58d2f70d5e106938a3a526fc461b908ca22c217ed9a8b';
const fair = { floats: web.floats, hmacSha256Hex: web.hmacSha256Hex };

describe('formFromQuery', () => {
  test('reads the game, its fields and the dice extras', () => {
    const { form, extras } = formFromQuery(
      `?game=dice&server_seed=${SEED}&client_seed=lucky-orbit&nonce=7&target=49.5&direction=over`,
    );
    expect(form.game).toBe('dice');
    expect(form.values).toMatchObject({ server_seed: SEED, client_seed: 'lucky-orbit', nonce: '7' });
    expect(extras).toEqual({ target: '49.5', direction: 'over' });
    expect(isComplete(form)).toBe(true);
  });

  test('falls back to dice for an unknown game and keeps select defaults', () => {
    const { form } = formFromQuery('game=poker');
    expect(form.game).toBe('dice');
    expect(form.values.risk).toBe('low');
    expect(isComplete(form)).toBe(false);
  });

  test.each([
    ['picks=3,3,41,x,12', { picks: [3, 12] }],
    ['target=abc&direction=sideways', {}],
    [`commitment=${COMMITMENT.toUpperCase()}`, { commitment: COMMITMENT }],
    ['commitment=short', {}],
    ['bet=9f1c-22', { bet: '9f1c-22' }],
    ['bet=../../x', {}],
  ])('%s gives extras %o', (query, extras) => {
    expect(formFromQuery(query).extras).toEqual(extras);
  });

  test.each([
    [`game=dice&server_seed=${SEED}&client_seed=&nonce=-1`, ['client_seed', 'nonce']],
    [`game=miner&server_seed=${SEED}&client_seed=a&nonce=1&mines=25`, ['mines']],
    [`game=hilo&server_seed=${SEED}&client_seed=a&nonce=1&count=0`, ['count']],
    [`game=coinflip&server_seed=${SEED}&client_seed=a&nonce=1&count=21`, ['count']],
    ['game=crash&hash=ABC&salt=', ['hash', 'salt']],
    [`game=rooms&server_seed=${SEED}&round_id=r&tickets=0`, ['tickets']],
    [`game=cases&server_seed=${SEED}&client_seed=a&nonce=1&case=nope`, ['case']],
    [`game=wheel&server_seed=${SEED}&client_seed=a&nonce=1&risk=wild&segments=15`, ['risk', 'segments']],
  ])('%s has invalid fields %o', (query, fields) => {
    expect(invalidFields(formFromQuery(query).form)).toEqual(fields);
  });

  test('trims pasted values, but keeps the spaces of free-text seeds (they are part of the HMAC input)', () => {
    const { values } = formFromQuery(
      `server_seed=%20${SEED}%0A&nonce=%201&client_seed=%20my%20seed%20&salt=%20s&round_id=r%20`,
    ).form;
    expect(values).toMatchObject({
      server_seed: SEED,
      nonce: '1',
      client_seed: ' my seed ',
      salt: ' s',
      round_id: 'r ',
    });
  });

  test('takes any server seed text up to 256 characters, warning (not refusing) when it is not this site’s format', () => {
    const other = formFromQuery('game=dice&server_seed=%20Old%20Seed%20&client_seed=a&nonce=1').form;
    // Not this site's format: kept exactly as typed, spaces included (they are part of the HMAC key).
    expect(other.values.server_seed).toBe(' Old Seed ');
    expect(invalidFields(other)).toEqual([]);
    expect(foreignServerSeed(other)).toBe(true);
    const site = formFromQuery(`game=dice&server_seed=${SEED}&client_seed=a&nonce=1`).form;
    expect(foreignServerSeed(site)).toBe(false);
    const long = formFromQuery(`game=dice&server_seed=${'x'.repeat(257)}&client_seed=a&nonce=1`).form;
    expect(invalidFields(long)).toEqual(['server_seed']);
    expect(invalidFields({ ...site, values: { ...site.values, server_seed: '' } })).toEqual(['server_seed']);
    expect(foreignServerSeed(formFromQuery('game=crash&hash=a&salt=b').form)).toBe(false);
  });
});

describe('queryOf', () => {
  test('writes only the fields the game reads, and round-trips', () => {
    const form = emptyForm('wheel');
    Object.assign(form.values, {
      server_seed: SEED,
      client_seed: 'c',
      nonce: '2',
      risk: 'high',
      segments: '30',
    });
    form.values.hash = 'ignored';
    const query = queryOf(form, { commitment: COMMITMENT, target: '10' });
    expect(query).toBe(
      `game=wheel&server_seed=${SEED}&client_seed=c&nonce=2&risk=high&segments=30&commitment=${COMMITMENT}`,
    );
    expect(formFromQuery(query).form).toEqual({ ...form, values: { ...form.values, hash: '' } });
  });
});

describe('requestOf', () => {
  test('builds the same request the CLI builds and verifies it', async () => {
    const { form } = formFromQuery(`game=dice&server_seed=${SEED}&client_seed=lucky-orbit&nonce=7`);
    const request = requestOf(form);
    expect(request.ok).toBe(true);
    if (request.ok) expect(await verify(request.value, fair)).toEqual({ roll: 9.17 });
  });

  test.each([
    [`game=crash&hash=${SEED}&salt=orbita`, { crashPoint: 1.1 }],
    [`game=rooms&server_seed=${SEED}&round_id=r-1&tickets=1000`, { winningTicket: 605n }],
    [`game=miner&server_seed=${SEED}&client_seed=lucky-orbit&nonce=7&mines=3`, { mines: [2, 7, 16] }],
  ])('%s verifies in Web Crypto', async (query, expected) => {
    const request = requestOf(formFromQuery(query).form);
    expect(request.ok).toBe(true);
    if (request.ok) expect(await verify(request.value, fair)).toEqual(expected);
  });

  test('reports a seed that is too long with the CLI message; takes another site’s short one', () => {
    const query = `game=keno&server_seed=${'x'.repeat(257)}&client_seed=c&nonce=1`;
    expect(requestOf(formFromQuery(query).form)).toMatchObject({ ok: false, error: 'ERR_USAGE' });
    expect(invalidFields(formFromQuery(query).form)).toEqual(['server_seed']);
    expect(requestOf(formFromQuery('game=keno&server_seed=xyz&client_seed=c&nonce=1').form)).toMatchObject({
      ok: true,
    });
  });
});

describe('formFromBet', () => {
  const bet = { nonce: 4, client_seed: 'cs', commitment: COMMITMENT, server_seed: SEED };

  test.each([
    [
      { game: 'dice', params: { target: '49.50', direction: 'under' }, outcome: { roll: '12.34' } },
      { game: 'dice', values: {} },
      { target: '49.50', direction: 'under' },
    ],
    [
      { game: 'keno', params: { risk: 'low', picks: [1, 2, 3] }, outcome: {} },
      { game: 'keno', values: {} },
      { picks: [1, 2, 3] },
    ],
    [{ game: 'miner', params: { mines: 5 } }, { game: 'miner', values: { mines: '5' } }, {}],
    [{ game: 'hilo', outcome: { cards: ['2D', '3H', 'AS'] } }, { game: 'hilo', values: { count: '3' } }, {}],
    [{ game: 'coinflip', outcome: { flips: ['heads'] } }, { game: 'coinflip', values: { count: '1' } }, {}],
    [
      { game: 'wheel', params: { risk: 'medium', segments: 40 } },
      { game: 'wheel', values: { risk: 'medium', segments: '40' } },
      {},
    ],
    [{ game: 'cases', params: { slug: 'comet' } }, { game: 'cases', values: { case: 'comet' } }, {}],
  ])('maps a %o bet', (partial, form, extras) => {
    const result = formFromBet({ ...bet, ...partial });
    expect(result.form.game).toBe(form.game);
    expect(result.form.values).toMatchObject({
      server_seed: SEED,
      client_seed: 'cs',
      nonce: '4',
      ...form.values,
    });
    expect(result.extras).toEqual({ commitment: COMMITMENT, ...extras });
  });

  test('leaves the server seed blank while the pair is active', () => {
    const { form } = formFromBet({ ...bet, game: 'dice', server_seed: null });
    expect(form.values.server_seed).toBe('');
    expect(isComplete(form)).toBe(false);
  });
});

describe('slots on the verifier page', () => {
  test.each(['star-quest', 'sugar-storm', 'fruit-express'] as const)(
    '%s: a link fills the seed fields and the browser replays the spin like the engine',
    async (game) => {
      const { form } = formFromQuery(`?game=${game}&server_seed=${SEED}&client_seed=lucky-orbit&nonce=3`);
      expect(form.game).toBe(game);
      expect(invalidFields(form)).toEqual([]);
      expect(queryOf(form)).toBe(`game=${game}&server_seed=${SEED}&client_seed=lucky-orbit&nonce=3`);
      const request = requestOf(form);
      if (!request.ok) throw new Error(request.message);
      const spin = spinSlot(game, nodeFloatSource(SEED, 'lucky-orbit', 3));
      expect(await verify(request.value, fair)).toEqual(slotOutcome(spin));
    },
  );
});

describe('live tables on the verifier page', () => {
  const HASH = 'c0ffee'.padEnd(64, '7');
  const SALT = '9a'.repeat(32);
  const liveFair = { ...fair, sha256Hex: web.sha256Hex };

  test('a live roulette link fills hash and salt, round-trips, and spins like the engine', async () => {
    const query = `game=live-roulette&hash=${HASH}&salt=${SALT}`;
    const { form } = formFromQuery(`?${query}`);
    expect(form.game).toBe('live-roulette');
    expect(invalidFields(form)).toEqual([]);
    expect(queryOf(form, { commitment: COMMITMENT })).toBe(`${query}&commitment=${COMMITMENT}`);
    expect(queryOf(form)).toBe(query);
    const request = requestOf(form);
    if (!request.ok) throw new Error(request.message);
    expect(await verify(request.value, liveFair)).toEqual(rouletteRound(HASH, SALT));
  });

  test('a live baccarat link reads shoe_hand (the CLI’s --shoe-hand) and round-trips', () => {
    const query = `game=live-baccarat&hash=${HASH}&salt=${SALT}&shoe_hand=2`;
    const { form } = formFromQuery(query);
    expect(form.game).toBe('live-baccarat');
    expect(form.values.shoe_hand).toBe('2');
    expect(isComplete(form)).toBe(true);
    expect(queryOf(form)).toBe(query);
    expect(requestOf(form)).toEqual({
      ok: true,
      value: { game: 'live-baccarat', hash: HASH, salt: SALT, shoeHand: 2 },
    });
    // Only the fields of the chosen game are written.
    expect(queryOf({ ...form, game: 'live-roulette' })).toBe(`game=live-roulette&hash=${HASH}&salt=${SALT}`);
  });

  test.each([
    [`game=live-roulette&hash=${HASH.toUpperCase()}&salt=`, ['hash', 'salt']],
    [`game=live-baccarat&hash=${HASH}&salt=s&shoe_hand=0`, ['shoe_hand']],
    [`game=live-baccarat&hash=${HASH}&salt=s&shoe_hand=105`, ['shoe_hand']],
    [`game=live-baccarat&hash=${HASH}&salt=s&shoe_hand=1.5`, ['shoe_hand']],
    [`game=live-baccarat&hash=${HASH}&salt=s`, ['shoe_hand']],
  ])('%s has invalid fields %o', (query, fields) => {
    const { form } = formFromQuery(query);
    expect(invalidFields(form)).toEqual(fields);
    expect(requestOf(form)).toMatchObject({ ok: false, error: 'ERR_USAGE' });
  });

  test('hand 1 opens a fresh shoe; hand 2 is dealt from the shoe hand 1 (the link below) left', async () => {
    const first = requestOf(formFromQuery(`game=live-baccarat&hash=${HASH}&salt=${SALT}&shoe_hand=1`).form);
    if (!first.ok) throw new Error(first.message);
    const opening = baccaratRound(HASH, SALT, freshShoe());
    expect(await verify(first.value, liveFair)).toEqual(baccaratView(opening));

    const second = requestOf(formFromQuery(`game=live-baccarat&hash=${HASH}&salt=${SALT}&shoe_hand=2`).form);
    if (!second.ok) throw new Error(second.message);
    const below = sha256Hex(HASH);
    const expected = baccaratRound(HASH, SALT, baccaratRound(below, SALT, freshShoe()).shoe);
    expect(await verify(second.value, liveFair)).toEqual(baccaratView(expected));
  });

  test('a hand number the chain contradicts fails with ERR_SHOE (104 hands cannot fit in one shoe)', async () => {
    const request = requestOf(
      formFromQuery(`game=live-baccarat&hash=${HASH}&salt=${SALT}&shoe_hand=104`).form,
    );
    if (!request.ok) throw new Error(request.message);
    const failure = await verify(request.value, liveFair).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VerifyFailure);
    expect(failure).toMatchObject({ code: 'ERR_SHOE' });
  });
});
