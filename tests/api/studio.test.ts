import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startStudio } from '../../src/studio/index.ts';
import { type FakeWallet, operatorKeys, startFakeWallet } from '../helpers/fake-wallet.ts';
import { gamesApi, spawnStudio } from '../helpers/studio.ts';

/**
 * The in-house studio (docs/slots.md) against a small signed fake Wallet API: the Games API's
 * signatures both ways, demo and real sessions, the bet → win pair per spin and the rollbacks.
 */

let wallet: FakeWallet;
let studio: Awaited<ReturnType<typeof startStudio>>;

const OPERATOR = '42';

function checkSigned(response: Response, text: string): boolean {
  const signature = response.headers.get('x-hub88-signature');
  return (
    !!signature &&
    verify(
      'sha256',
      Buffer.from(text),
      createPublicKey(studio.publicKeyPem),
      Buffer.from(signature, 'base64'),
    )
  );
}

async function launch(body: Record<string, unknown>): Promise<string> {
  const response = await gamesApi(
    studio.url,
    'url',
    {
      operator_id: OPERATOR,
      platform: 'GPL_DESKTOP',
      lang: 'en',
      ip: '127.0.0.1',
      lobby_url: 'https://casino.test/games/slots',
      country: 'KZ',
      ...body,
    },
    wallet.operatorPrivateKeyPem,
  );
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(checkSigned(response, text)).toBe(true);
  const { url } = JSON.parse(text) as { url: string };
  expect(url).toMatch(new RegExp(`^${studio.url}/play/[\\w-]+$`));
  return url;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Waits until `check` holds (the studio retries in the background). */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

beforeAll(async () => {
  wallet = await startFakeWallet({ balance: 100_000_000, currency: 'USD' });
  studio = await startStudio({
    walletUrl: wallet.url,
    operatorId: OPERATOR,
    operatorPublicKeyPem: wallet.operatorPublicKeyPem,
    retryDelaysMs: [20, 40, 80],
    walletTimeoutMs: 2000,
  });
  wallet.setStudioKey(studio.publicKeyPem);
});

afterAll(async () => {
  await studio?.close();
  await wallet?.close();
});

describe('Games API', () => {
  test('refuses a missing or wrong signature with 401 and { error }', async () => {
    for (const signature of [null, 'bm90IGEgc2lnbmF0dXJl', undefined]) {
      const key = signature === undefined ? operatorKeys().privatePem : wallet.operatorPrivateKeyPem;
      const response = await gamesApi(studio.url, 'list', { operator_id: OPERATOR }, key, signature);
      expect(response.status).toBe(401);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
      expect(checkSigned(response, text)).toBe(true);
    }
  });

  test('lists the three slots and the two live tables with their art, signed', async () => {
    const response = await gamesApi(
      studio.url,
      'list',
      { operator_id: OPERATOR },
      wallet.operatorPrivateKeyPem,
    );
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(checkSigned(response, text)).toBe(true);
    const games = JSON.parse(text) as Record<string, unknown>[];
    expect(games.map((g) => g.game_code)).toEqual([
      'orbita_star_quest',
      'orbita_sugar_storm',
      'orbita_fruit_express',
      'orbita_live_roulette',
      'orbita_live_baccarat',
    ]);
    for (const game of games) {
      expect(game).toMatchObject({
        product: 'Orbita Studio',
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        enabled: true,
        demo_game_support: true,
        rtp: expect.stringMatching(/^\d{2}\.\d{2}$/),
        category: expect.stringMatching(/^(video|cascade|classic|Live)$/),
      });
      const art = await fetch(game.url_thumb as string);
      expect(art.headers.get('content-type')).toBe('image/svg+xml');
      expect(await art.text()).toContain('<svg');
    }
  });

  test('refuses another operator and an unknown game', async () => {
    const other = await gamesApi(studio.url, 'list', { operator_id: '7' }, wallet.operatorPrivateKeyPem);
    expect(other.status).toBe(403);
    const game = await gamesApi(
      studio.url,
      'url',
      { operator_id: OPERATOR, game_code: 'orbita_nope', currency: 'XXX' },
      wallet.operatorPrivateKeyPem,
    );
    expect(game.status).toBe(404);
    expect(await game.json()).toEqual({ error: expect.any(String) });
  });

  test('a real launch without a token is refused', async () => {
    const response = await gamesApi(
      studio.url,
      'url',
      { operator_id: OPERATOR, game_code: 'orbita_star_quest', currency: 'USD', user: 'u1' },
      wallet.operatorPrivateKeyPem,
    );
    expect(response.status).toBe(400);
  });
});

describe('demo play', () => {
  test('the page frames anywhere, and a spin moves the fun balance by exactly bet − payout', async () => {
    const url = await launch({ game_code: 'orbita_sugar_storm', currency: 'XXX', lang: 'pt-BR' });
    const page = await fetch(url);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(await page.text()).toContain('lang="pt-BR"');
    const client = await fetch(`${studio.url}/static/client/game.ts`);
    expect(client.headers.get('content-type')).toContain('javascript');
    expect(await client.text()).not.toMatch(/: Promise<|interface /);

    const state = (await (await fetch(`${url}/state`)).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ mode: 'demo', currency: 'XXX', balance: '100000', default_bet: '100' });
    const callsBefore = wallet.calls.length;
    let balance = 100_000n;
    for (let i = 0; i < 5; i += 1) {
      const spin = await post(`${url}/spin`, { bet: '200' });
      expect(spin.status).toBe(200);
      const body = (await spin.json()) as {
        balance: string;
        payout: string;
        result: { win: number };
        fair: { nonce: number };
      };
      expect(body.fair.nonce).toBe(i);
      expect(BigInt(body.payout)).toBe((200n * BigInt(body.result.win)) / 100n);
      balance = balance - 200n + BigInt(body.payout);
      expect(body.balance).toBe(balance.toString());
    }
    expect(wallet.calls.length).toBe(callsBefore);
    const after = (await (await fetch(`${url}/state`)).json()) as { balance: string };
    expect(after.balance).toBe(balance.toString());
    expect((await post(`${url}/spin`, { bet: '123' })).status).toBe(400);
  });

  test('rotating reveals the committed server seed and restarts the nonce', async () => {
    const url = await launch({ game_code: 'orbita_fruit_express', currency: 'XXX' });
    const { current } = (await (await fetch(`${url}/fairness`)).json()) as {
      current: { server_seed_hash: string };
    };
    await post(`${url}/spin`, { bet: '100' });
    const rotated = (await (
      await post(`${url}/fairness/rotate`, { client_seed: 'my lucky seed' })
    ).json()) as {
      revealed: { server_seed: string; server_seed_hash: string; nonce: number };
      current: { client_seed: string; nonce: number; server_seed_hash: string };
    };
    const { createHash } = await import('node:crypto');
    expect(rotated.revealed.server_seed_hash).toBe(current.server_seed_hash);
    expect(createHash('sha256').update(rotated.revealed.server_seed).digest('hex')).toBe(
      current.server_seed_hash,
    );
    expect(rotated.revealed.nonce).toBe(1);
    expect(rotated.current).toMatchObject({ client_seed: 'my lucky seed', nonce: 0 });
    expect(rotated.current.server_seed_hash).not.toBe(current.server_seed_hash);
  });
});

describe('real play against the Wallet API', () => {
  const real = { game_code: 'orbita_star_quest', currency: 'USD', user: 'player-1', token: 'tok-1' };

  test('a spin sends a signed bet, then a win closing the round, with the right amounts', async () => {
    wallet.behaviour = {};
    const url = await launch(real);
    const state = (await (await fetch(`${url}/state`)).json()) as { balance: string };
    expect(state.balance).toBe(String(wallet.balance / 1000));
    const start = wallet.calls.length;
    const before = wallet.balance;
    const spin = await post(`${url}/spin`, { bet: '200' });
    expect(spin.status).toBe(200);
    const body = (await spin.json()) as {
      balance: string;
      payout: string;
      result: { win: number };
      fair: Record<string, unknown>;
    };
    const calls = wallet.calls.slice(start);
    expect(calls.map((c) => [c.path, c.signed])).toEqual([
      ['/transaction/bet', true],
      ['/transaction/win', true],
    ]);
    const [bet, win] = calls.map((c) => c.body);
    expect(bet).toMatchObject({
      user: 'player-1',
      token: 'tok-1',
      amount: 200_000,
      currency: 'USD',
      round_closed: false,
      game_code: 'orbita_star_quest',
      meta: { fair: body.fair },
    });
    const payout = (200n * BigInt(body.result.win)) / 100n;
    expect(win).toMatchObject({
      round: bet!.round,
      reference_transaction_uuid: bet!.transaction_uuid,
      round_closed: true,
      amount: Number(payout) * 1000,
    });
    expect(win!.transaction_uuid).not.toBe(bet!.transaction_uuid);
    expect(body.payout).toBe(payout.toString());
    expect(wallet.balance).toBe(before - 200_000 + Number(payout) * 1000);
    expect(body.balance).toBe(String(wallet.balance / 1000));
  });

  test('NOT_ENOUGH_MONEY refuses the spin, with no win and no rollback', async () => {
    const url = await launch({ ...real, user: 'player-2', token: 'tok-2' });
    const start = wallet.calls.length;
    wallet.behaviour = { '/transaction/bet': 'RS_ERROR_NOT_ENOUGH_MONEY' };
    const spin = await post(`${url}/spin`, { bet: '10000' });
    expect(spin.status).toBe(402);
    expect(await spin.json()).toMatchObject({ code: 'NOT_ENOUGH_MONEY', error: expect.any(String) });
    expect(wallet.calls.slice(start).map((c) => c.path)).toEqual(['/transaction/bet']);
    wallet.behaviour = {};
  });

  test('RS_ERROR_UNKNOWN, a cut connection and a bad signature each roll the bet back', async () => {
    const url = await launch({ ...real, user: 'player-3', token: 'tok-3' });
    for (const behaviour of ['RS_ERROR_UNKNOWN', 'cut', 'bad-signature']) {
      const start = wallet.calls.length;
      wallet.behaviour = { '/transaction/bet': behaviour };
      const spin = await post(`${url}/spin`, { bet: '100' });
      expect(spin.status, behaviour).toBeGreaterThanOrEqual(400);
      expect(await spin.json()).toMatchObject({ error: expect.any(String) });
      await until(() =>
        wallet.calls.slice(start).some((c) => c.path === '/transaction/rollback' && c.answer),
      );
      const calls = wallet.calls.slice(start);
      const bet = calls.find((c) => c.path === '/transaction/bet')!.body;
      const rollback = calls.find((c) => c.path === '/transaction/rollback')!;
      expect(rollback.signed).toBe(true);
      expect(rollback.body).toMatchObject({
        reference_transaction_uuid: bet.transaction_uuid,
        round: bet.round,
        user: 'player-3',
      });
      expect(calls.some((c) => c.path === '/transaction/win')).toBe(false);
    }
    wallet.behaviour = {};
  });

  test('a rollback is retried with the same request until the casino answers', async () => {
    const url = await launch({ ...real, user: 'player-4', token: 'tok-4' });
    const start = wallet.calls.length;
    wallet.behaviour = { '/transaction/bet': 'cut', '/transaction/rollback': 'cut' };
    await post(`${url}/spin`, { bet: '100' });
    await until(
      () => wallet.calls.slice(start).filter((c) => c.path === '/transaction/rollback').length >= 3,
    );
    wallet.behaviour = {};
    await until(() =>
      wallet.calls
        .slice(start)
        .some((c) => c.path === '/transaction/rollback' && c.answer?.status === 'RS_OK'),
    );
    const rollbacks = wallet.calls.slice(start).filter((c) => c.path === '/transaction/rollback');
    expect(new Set(rollbacks.map((c) => c.body.request_uuid)).size).toBe(1);
  });
});

describe('real play: expiry, lost wins, restarts', () => {
  const real = { game_code: 'orbita_fruit_express', currency: 'KZT' };

  test('an expired token: the state says so, and a refused bet is rolled back', async () => {
    const url = await launch({ ...real, user: 'player-5', token: 'old' });
    wallet.behaviour = {
      '/user/balance': 'RS_ERROR_INVALID_TOKEN',
      '/transaction/bet': 'RS_ERROR_TOKEN_EXPIRED',
    };
    const state = await fetch(`${url}/state`);
    expect(state.status).toBe(401);
    expect(await state.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    const start = wallet.calls.length;
    const spin = await post(`${url}/spin`, { bet: '5000' });
    expect(spin.status).toBe(401);
    await until(() => wallet.calls.slice(start).some((c) => c.path === '/transaction/rollback' && c.answer));
    wallet.behaviour = {};
  });

  test('a win the casino does not answer is sent again, the same request, until it does', async () => {
    const url = await launch({ ...real, user: 'player-6', token: 'tok-6' });
    const start = wallet.calls.length;
    wallet.behaviour = { '/transaction/win': 'cut' };
    const spin = await post(`${url}/spin`, { bet: '5000' });
    expect(spin.status).toBe(200);
    await until(() => wallet.calls.slice(start).filter((c) => c.path === '/transaction/win').length >= 2);
    wallet.behaviour = {};
    await until(() =>
      wallet.calls.slice(start).some((c) => c.path === '/transaction/win' && c.answer?.status === 'RS_OK'),
    );
    const wins = wallet.calls.slice(start).filter((c) => c.path === '/transaction/win');
    expect(new Set(wins.map((c) => c.body.request_uuid)).size).toBe(1);
    expect(wallet.calls.slice(start).some((c) => c.path === '/transaction/rollback')).toBe(false);
  });

  test('with a data folder, sessions and seed pairs outlive a restart', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-data-'));
    const options = {
      walletUrl: wallet.url,
      operatorId: OPERATOR,
      operatorPublicKeyPem: wallet.operatorPublicKeyPem,
      dataDir,
    };
    try {
      const first = await startStudio(options);
      const response = await gamesApi(
        first.url,
        'url',
        { operator_id: OPERATOR, game_code: 'orbita_star_quest', currency: 'XXX' },
        wallet.operatorPrivateKeyPem,
      );
      const { url } = (await response.json()) as { url: string };
      await post(`${url}/spin`, { bet: '100' });
      const before = (await (await fetch(`${url}/state`)).json()) as { balance: string; fair: unknown };
      await first.close();
      const second = await startStudio(options);
      try {
        const again = url.replace(first.url, second.url);
        const after = (await (await fetch(`${again}/state`)).json()) as { balance: string; fair: unknown };
        expect(after).toMatchObject({ balance: before.balance, fair: before.fair });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test('the studio runs as its own process and answers', async () => {
  const keys = operatorKeys();
  const child = await spawnStudio({
    STUDIO_WALLET_URL: 'http://127.0.0.1:9/api/aggregator/wallet',
    STUDIO_OPERATOR_ID: OPERATOR,
    STUDIO_OPERATOR_PUBLIC_KEY: keys.publicPem,
  });
  try {
    expect(child.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const response = await gamesApi(child.url, 'list', { operator_id: OPERATOR }, keys.privatePem);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toHaveLength(5);
    const signature = response.headers.get('x-hub88-signature')!;
    expect(
      verify(
        'sha256',
        Buffer.from(text),
        createPublicKey(child.publicKeyPem),
        Buffer.from(signature, 'base64'),
      ),
    ).toBe(true);
  } finally {
    expect(await child.stop()).toBe(0);
  }
});
