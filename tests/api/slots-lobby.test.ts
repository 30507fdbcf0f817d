import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { newKeyPair } from '../../src/server/modules/slots/signature.ts';
import { appForFile } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { newPlayer, playerWithCash } from '../helpers/players.ts';
import { artSvg, type GamesDouble, gamesDouble, listEntry, slotsEnv } from '../helpers/slots.ts';

/**
 * The slots lobby (src/shared/api/slots-routes.ts, docs/slots.md "Lobby"): the catalogue read from
 * a double of the Games API (signed both ways) and kept while it is down, a launch that opens a
 * game session and answers the double's URL, demo play for a guest, favourites and recent games.
 */
let double: GamesDouble;
beforeAll(async () => {
  double = await gamesDouble();
});
afterAll(async () => {
  await double.close();
});
const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
const t = appForFile(slotsEnv(), { clock });

const connect = () =>
  t.app.slots.link.connect({ url: double.url, publicKeyPem: slotsEnv().AGGREGATOR_PUBLIC_KEY! });

describe('the slots lobby', () => {
  test('the catalogue from the signed list, kept when the aggregator is down', async () => {
    const empty = await t.app.inject('/api/slots/games');
    expect(empty.json()).toEqual({ data: [], updated_at: null });
    connect();
    double.list = [
      listEntry('orbita_star_quest'),
      listEntry('orbita_fruit_express', { category: 'Classic', platforms: ['GPL_DESKTOP'], rtp: '95.50' }),
      listEntry('Acme_Book_Of_Gold', { product: 'Acme', demo_game_support: false }),
      listEntry('orbita_disabled', { enabled: false }),
      { name: 'broken' },
    ];
    expect(await t.app.slots.refresh()).toBe(true);
    expect(double.calls.at(-1)).toMatchObject({
      path: '/operator/generic/v2/game/list',
      body: { operator_id: 'test-operator' },
      signed: true,
    });
    const res = await t.app.inject('/api/slots/games');
    expect(res.statusCode).toBe(200);
    const { data, updated_at } = res.json();
    expect(updated_at).not.toBeNull();
    expect(data).toEqual([
      {
        slug: 'star-quest',
        game_code: 'orbita_star_quest',
        name: 'star quest',
        provider: 'Orbita Studio',
        category: 'video',
        rtp: '96.21',
        thumb: expect.stringMatching(/^\/api\/slots\/games\/star-quest\/art\?v=[\w-]{12}$/),
        demo: true,
        platforms: ['desktop', 'mobile'],
      },
      expect.objectContaining({
        slug: 'fruit-express',
        category: 'classic',
        rtp: '95.50',
        platforms: ['desktop'],
      }),
      expect.objectContaining({ slug: 'acme-book-of-gold', provider: 'Acme', demo: false }),
    ]);
    double.down = true;
    expect(await t.app.slots.refresh()).toBe(false);
    expect((await t.app.inject('/api/slots/games')).json().data).toHaveLength(3);
    double.down = false;
  });

  test('an answer not signed by the aggregator is not taken', async () => {
    t.app.slots.link.connect({ url: double.url, publicKeyPem: otherKey() });
    expect(await t.app.slots.refresh()).toBe(false);
    expect((await t.app.inject('/api/slots/games')).json().data).toHaveLength(3);
    connect();
  });

  test('a launch opens a game session in the player’s currency and answers the game’s URL', async () => {
    connect();
    double.list = [listEntry('orbita_star_quest'), listEntry('orbita_sugar_storm')];
    await t.app.slots.refresh();
    const p = await playerWithCash(t, 10_00n, { currency: 'USD' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slots/games/star-quest/launch',
      headers: { ...bearer(p.token), 'accept-language': 'pt-BR,pt;q=0.9' },
      payload: { platform: 'mobile' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      url: 'https://studio.test/play/orbita_star_quest?mode=real&lang=pt-BR',
      origin: 'https://studio.test',
      mode: 'real',
    });
    const [session] = await t.database.query<{
      token: string;
      currency: string;
      game_code: string;
      platform: string;
    }>('select token, currency, game_code, platform from slot_sessions where user_id = $1', [p.id]);
    expect(session).toMatchObject({ currency: 'USD', game_code: 'orbita_star_quest', platform: 'mobile' });
    expect(Buffer.from(session!.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(double.calls.at(-1)).toMatchObject({
      path: '/operator/generic/v2/game/url',
      signed: true,
      body: {
        user: p.id,
        token: session!.token,
        platform: 'GPL_MOBILE',
        operator_id: 'test-operator',
        lang: 'pt-BR',
        game_code: 'orbita_star_quest',
        currency: 'USD',
        lobby_url: expect.stringMatching(/\/br\/games\/slots$/),
      },
    });
    // A guest cannot; an unknown game is 404; the aggregator down is 409 provider_failed.
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/slots/games/star-quest/launch',
      payload: {},
    });
    expect(guest.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/slots/games/no-such-game/launch',
      headers: bearer(p.token),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    double.down = true;
    const down = await t.app.inject({
      method: 'POST',
      url: '/api/slots/games/sugar-storm/launch',
      headers: bearer(p.token),
      payload: {},
    });
    double.down = false;
    expect(down.statusCode).toBe(409);
    // Recent: the games opened, newest first.
    await t.app.inject({
      method: 'POST',
      url: '/api/slots/games/sugar-storm/launch',
      headers: bearer(p.token),
      payload: {},
    });
    const recent = await t.app.inject({ url: '/api/slots/recent', headers: bearer(p.token) });
    expect(recent.json().data).toEqual(expect.arrayContaining(['star-quest', 'sugar-storm']));
    expect(recent.json().data).toHaveLength(2);
  });

  test('demo play for a guest: fun money, no session, no user', async () => {
    const before = await t.database.query('select 1 from slot_sessions');
    const res = await t.app.inject({ method: 'POST', url: '/api/slots/games/star-quest/demo', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mode: 'demo', url: expect.stringContaining('mode=demo') });
    const call = double.calls.at(-1)!;
    expect(call.body).toMatchObject({
      currency: 'XXX',
      platform: 'GPL_DESKTOP',
      game_code: 'orbita_star_quest',
    });
    expect(call.body).not.toHaveProperty('user');
    expect(call.body).not.toHaveProperty('token');
    expect(await t.database.query('select 1 from slot_sessions')).toHaveLength(before.length);
  });

  test('art is kept from the aggregator and served from our address, once fetched', async () => {
    connect();
    const before = double.list;
    double.list = [
      listEntry('orbita_star_quest', { url_thumb: '/art/star.svg' }),
      listEntry('orbita_fruit_express', { name: 'Fruit <Express>', url_thumb: 'https://studio.test/f.webp' }),
      listEntry('orbita_sugar_storm', { url_thumb: '/frame' }),
    ];
    expect(await t.app.slots.refresh()).toBe(true);
    const { data } = (await t.app.inject('/api/slots/games')).json() as { data: { thumb: string }[] };
    const [star, fruit, sugar] = data.map((g) => g.thumb) as [string, string, string];
    const served = double.artServed;
    // Five at once: one fetch; then kept.
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.inject(star)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toBe(artSvg('/art/star.svg'));
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
    expect(double.artServed).toBe(served + 1);
    expect((await t.app.inject(star)).body).toBe(artSvg('/art/star.svg'));
    expect(double.artServed).toBe(served + 1);

    // Unreachable, or not a picture: a plain card with the name (escaped), cached briefly.
    for (const [path, name] of [
      [fruit, 'Fruit &#60;Express&#62;'],
      [sugar, 'sugar storm'],
    ] as const) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toContain(`>${name}</text>`);
      expect(res.body).not.toContain('<Express>');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }

    // A new address while the aggregator is down: the kept picture, not yet the new one.
    double.list = [listEntry('orbita_star_quest', { url_thumb: '/art/star-2.svg' })];
    expect(await t.app.slots.refresh()).toBe(true);
    const moved = ((await t.app.inject('/api/slots/games')).json() as { data: { thumb: string }[] }).data[0]!
      .thumb;
    expect(moved).not.toBe(star);
    double.down = true;
    const old = await t.app.inject(moved);
    expect(old.body).toBe(artSvg('/art/star.svg'));
    expect(old.headers['cache-control']).toBe('public, max-age=300');
    double.down = false;
    expect((await t.app.inject(moved)).body).toBe(artSvg('/art/star-2.svg'));
    expect((await t.app.inject('/api/slots/games/no-such-game/art')).statusCode).toBe(404);

    double.list = before;
    expect(await t.app.slots.refresh()).toBe(true);
  });

  test('the live casino: its tables apart from the slots, a seat named as the player shows themselves', async () => {
    connect();
    const before = double.list;
    double.list = [listEntry('orbita_star_quest'), listEntry('orbita_live_roulette', { category: 'Live' })];
    expect(await t.app.slots.refresh()).toBe(true);
    const slugs = async (path: string) =>
      ((await t.app.inject(path)).json() as { data: { slug: string }[] }).data.map((g) => g.slug);
    expect(await slugs('/api/live/games')).toEqual(['live-roulette']);
    expect(await slugs('/api/slots/games')).toEqual(['star-quest']);
    const p = await playerWithCash(t, 10_00n);
    const setting = async (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/settings', headers: bearer(p.token), payload: body });
    expect((await setting({ name: 'Lucky Sam' })).statusCode).toBe(200);
    const launch = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: bearer(p.token), payload: { platform: 'desktop' } });
    expect((await launch('/api/live/games/live-roulette/launch')).statusCode).toBe(200);
    expect(double.calls.at(-1)?.body).toMatchObject({
      user: p.id,
      game_code: 'orbita_live_roulette',
      nickname: 'Lucky Sam',
      lobby_url: expect.stringMatching(/\/games\/live-casino$/),
    });
    // Hidden statistics: no name goes to the table (it shows a masked one).
    expect((await setting({ is_statistics_hidden: true })).statusCode).toBe(200);
    await launch('/api/live/games/live-roulette/launch');
    expect(double.calls.at(-1)?.body).toMatchObject({ nickname: null });
    // Each lobby opens its own games only; a guest's demo carries no user.
    expect((await launch('/api/slots/games/live-roulette/launch')).statusCode).toBe(404);
    expect((await launch('/api/live/games/star-quest/launch')).statusCode).toBe(404);
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/live/games/live-roulette/demo',
      payload: {},
    });
    expect(demo.json().data.mode).toBe('demo');
    expect(double.calls.at(-1)?.body).not.toHaveProperty('user');

    // The lobby's table states: the live lobby's tables only, in decimal amounts, the time left.
    const table = {
      game_code: 'orbita_live_roulette',
      round: 12,
      phase: 'betting',
      phase_ends_at: 1_000_009_000,
      server_time: 1_000_000_000,
      players: 3,
      dealer: 'Anna',
      results: ['17', '0'],
      limits: { RUB: { min: 10_00_000, max: 50_000_00_000 }, USD: { min: 20_000, max: 1_500 } },
    };
    double.tables = [table, { ...table, game_code: 'orbita_star_quest' }, { game_code: 'broken' }];
    const tables = async () => (await t.app.inject('/api/live/tables')).json();
    expect(await tables()).toEqual({
      data: [
        {
          slug: 'live-roulette',
          round: 12,
          phase: 'betting',
          phase_left_ms: 9_000,
          at: new Date(clock.now()).toISOString(),
          players: 3,
          dealer: 'Anna',
          results: ['17', '0'],
          // USD's maximum is not a whole number of cents: left out, never rounded.
          limits: { RUB: { min: '10.00', max: '50000.00' } },
        },
      ],
    });
    // Kept two seconds however many ask; then asked again; the aggregator down: no tables.
    const asked = () => double.calls.filter((c) => c.path === '/operator/generic/v2/live/tables').length;
    const first = asked();
    await Promise.all([tables(), tables(), tables()]);
    expect(asked()).toBe(first);
    clock.advance(2_000);
    double.down = true;
    expect(await tables()).toEqual({ data: [] });
    expect(asked()).toBe(first + 1);
    double.down = false;
    double.tables = [];
    double.list = before;
    expect(await t.app.slots.refresh()).toBe(true);
  });

  test('favourites: added, listed newest first, removed; an unknown game is 404', async () => {
    const p = await newPlayer(t, { currency: 'RUB' });
    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string) =>
      t.app.inject({ method, url: `/api${url}`, headers: bearer(p.token) });
    expect((await call('GET', '/slots/favourites')).json()).toEqual({ data: [] });
    expect((await call('PUT', '/slots/favourites/star-quest')).json()).toEqual({ data: ['star-quest'] });
    expect((await call('PUT', '/slots/favourites/star-quest')).json()).toEqual({ data: ['star-quest'] });
    expect((await call('PUT', '/slots/favourites/sugar-storm')).json().data).toHaveLength(2);
    expect((await call('PUT', '/slots/favourites/nope')).statusCode).toBe(404);
    expect((await call('DELETE', '/slots/favourites/star-quest')).json()).toEqual({ data: ['sugar-storm'] });
    expect((await t.app.inject({ url: '/api/slots/favourites' })).statusCode).toBe(401);
  });
});

function otherKey(): string {
  // A key the double does not sign with: its answers do not verify.
  return newKeyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
}
