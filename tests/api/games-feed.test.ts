import { describe, expect, test } from 'vitest';
import { feedPublishFailures } from '../../src/server/modules/games/feed.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { gamesBench } from '../helpers/games.ts';

/** The public feeds of settled bets (docs/api-games.md, "Bets"): `/ws` channels and `GET /games/feed`. */
const g = gamesBench();
const { player, call, cash } = g;

describe('feeds', () => {
  test('a settled bet is published on /ws feed:bets, a big stake also on feed:high-rollers; the balance on the player channel', async () => {
    const p = await player(2000_00n);
    const seen: Record<string, unknown[]> = {
      'feed:bets': [],
      'feed:high-rollers': [],
      [`user:${p.id}`]: [],
    };
    const stops = await Promise.all(
      Object.keys(seen).map((channel) =>
        g.t.bus.subscribe(channel, (payload) => seen[channel]!.push(JSON.parse(payload))),
      ),
    );
    const bet = (
      await call(p, 'POST', '/games/dice/bet', { amount: '1000', target: '50', direction: 'under' })
    ).json().data.bet;
    await expect.poll(() => seen['feed:high-rollers']!.length).toBe(1);
    expect(seen['feed:bets']).toEqual([
      expect.objectContaining({
        type: 'event',
        channel: 'feed:bets',
        version: Number(bet.id),
        data: expect.objectContaining({ id: bet.id, amount: '1000.00' }),
      }),
    ]);
    expect(seen[`user:${p.id}`]).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ type: 'balance', balance: fromMinor(await cash(p)) }),
      }),
    ]);
    await Promise.all(stops.map((stop) => stop()));
  });

  test('settled bets appear in the public feed; a hidden player is anonymous', async () => {
    const p = await player(100_00n);
    await call(p, 'PUT', '/profile/settings', { is_statistics_hidden: true });
    const bet = (
      await call(p, 'POST', '/games/dice/bet', { amount: '2', target: '50', direction: 'under' })
    ).json().data.bet;
    const feed = (await g.t.app.inject({ url: '/api/games/feed?kind=all' })).json().data;
    expect(feed[0]).toMatchObject({ id: bet.id, game: 'dice', player: null, amount: '2.00' });
    const high = (await g.t.app.inject({ url: '/api/games/feed?kind=high-rollers' })).json().data;
    expect(high.find((i: { id: string }) => i.id === bet.id)).toBeUndefined();
  });

  test('a player without a name appears under a stable alias that is not their user id', async () => {
    const p = await player(100_00n);
    const seen: { data: { player: string } }[] = [];
    const stop = await g.t.bus.subscribe('feed:bets', (payload) => seen.push(JSON.parse(payload)));
    const body = { amount: '1', target: '50', direction: 'under' };
    const first = (await call(p, 'POST', '/games/dice/bet', body)).json().data.bet;
    const second = (await call(p, 'POST', '/games/dice/bet', body)).json().data.bet;
    const feed: { id: string; player: string }[] = (
      await g.t.app.inject({ url: '/api/games/feed?kind=all' })
    ).json().data;
    const names = [first.id, second.id].map((id) => feed.find((item) => item.id === id)?.player);
    expect(names[0]).toMatch(/^#[0-9A-F]{6}$/);
    expect(names[1]).toBe(names[0]);
    expect(names[0]).not.toBe(`#${p.id}`);
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.map((event) => event.data.player)).toContain(names[0]);
    await stop();
  });

  test.each([
    ['an RTL override', 'evil\u202Egnp.exe', 'evilgnp.exe'],
    ['zero-width characters and a newline', 'Ad\u200Dmin\nWinner', 'Admin Winner'],
    ['nothing readable', '\u202E\u200B', /^#[0-9A-F]{6}$/],
  ])(
    'a name stored before names were validated, with %s, is shown sanitised in both feeds',
    async (_label, name, shown) => {
      const p = await player(100_00n);
      await g.t.database.query('update users set name = $2 where id = $1', [p.id, name]);
      const expected = typeof shown === 'string' ? shown : expect.stringMatching(shown);
      const seen: { data: { id: string; player: string } }[] = [];
      const stop = await g.t.bus.subscribe('feed:bets', (payload) => seen.push(JSON.parse(payload)));
      const bet = (
        await call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' })
      ).json().data.bet;
      const feed: { id: string; player: string }[] = (
        await g.t.app.inject({ url: '/api/games/feed?kind=all' })
      ).json().data;
      expect(feed.find((item) => item.id === bet.id)?.player).toEqual(expected);
      await expect.poll(() => seen.find((event) => event.data.id === bet.id)?.data.player).toEqual(expected);
      await stop();
    },
  );

  test('a feed event the bus cannot take is logged with its bet and counted; the bet stands', async () => {
    const p = await player(100_00n);
    const { bus } = g.t;
    const publish = bus.publish;
    bus.publish = async (channel, payload) => {
      if (channel.startsWith('feed:')) throw new Error('bus down');
      return publish.call(bus, channel, payload);
    };
    const before = feedPublishFailures();
    try {
      const res = await call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' });
      expect(res.statusCode).toBe(200);
      const bet = res.json().data.bet;
      await expect.poll(() => feedPublishFailures()).toBe(before + 1);
      const logged = g.logs
        .filter((line) => line.includes('feed publish failed'))
        .map((line) => JSON.parse(line));
      expect(logged).toEqual([
        expect.objectContaining({
          level: 50,
          bet: bet.id,
          game: 'dice',
          err: expect.objectContaining({ message: 'bus down' }),
        }),
      ]);
    } finally {
      bus.publish = publish;
    }
  });
});

g.secrecyTest();
