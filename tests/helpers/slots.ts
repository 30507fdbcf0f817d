import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { slugOf } from '../../src/server/modules/slots/catalogue.ts';
import { newKeyPair, SIGNATURE_HEADER, sign, verify } from '../../src/server/modules/slots/signature.ts';
import type { Currency } from '../../src/shared/currencies.ts';
import { appForFile, type TestApp } from './app.ts';
import { bearer } from './auth.ts';
import { playerWithCash } from './players.ts';

/**
 * The slots aggregator's part in the tests (docs/slots.md): its key pair and the casino's, the
 * environment that links them, signed Wallet API calls, and a double of the Games API answering
 * signed lists and URLs (it can be taken down, and serve the games' frames itself).
 */
export const aggregatorKeys = newKeyPair();
export const operatorKeys = newKeyPair();
const pem = (key: typeof aggregatorKeys.publicKey, type: 'spki' | 'pkcs8') =>
  key.export({ type, format: 'pem' }).toString();

export const GAME_CODES = ['orbita_star_quest', 'orbita_sugar_storm', 'orbita_fruit_express'] as const;

/** One entry of the double's list. */
export const listEntry = (game_code: string, extra: Record<string, unknown> = {}) => ({
  name: game_code.replace('orbita_', '').replaceAll('_', ' '),
  game_code,
  game_id: GAME_CODES.indexOf(game_code as (typeof GAME_CODES)[number]) + 1,
  category: 'Video',
  product: 'Orbita Studio',
  url_thumb: `https://studio.test/thumbs/${game_code}.webp`,
  url_background: null,
  platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
  enabled: true,
  freebet_support: false,
  demo_game_support: true,
  rtp: '96.21',
  ...extra,
});

export interface GamesDouble {
  url: string;
  /** The Games API calls received, with whether the casino's signature held. */
  calls: { path: string; body: Record<string, unknown>; signed: boolean }[];
  list: unknown[];
  /** What `live/tables` answers (our extension of the Games API). */
  tables: unknown[];
  /** Down: every call answers 503. */
  down: boolean;
  /**
   * Frames (for the pages' tests, off by default): game/url answers a page of the double itself,
   * `${url}/frame?game=<slug>&mode=<demo|real>`, and `GET /frame` serves it (not counted in
   * `calls`): a small HTML page whose `#game` reads `<slug> · <mode>`.
   */
  frames: boolean;
  /** `GET /art/<name>` requests received (pictures; a relative `url_thumb` resolves here). */
  artServed: number;
  close(): Promise<void>;
}

/** The picture `GET /art/<name>` serves (a 503 when down): a card naming the path. */
export function artSvg(pathname: string): string {
  const label = pathname.replace(/[^a-z0-9/._-]/gi, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><rect width="320" height="200" fill="#3a2a78"/><text x="20" y="100" fill="#fff">${label}</text></svg>`;
}

/** The page `GET /frame` serves when `frames` is on. */
function framePage(query: URLSearchParams): string {
  const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const label = `${html(query.get('game') ?? '')} · ${html(query.get('mode') ?? '')}`;
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>frame</title><body style="margin:0;display:grid;place-items:center;height:100vh;background:#241a4a;color:#fff;font:700 28px system-ui"><p id="game">${label}</p></body></html>`;
}

/** The Games API double: signed answers with the aggregator's key; game/url answers a studio URL. */
export async function gamesDouble(): Promise<GamesDouble> {
  const double: GamesDouble = {
    url: '',
    calls: [],
    list: GAME_CODES.map((code) => listEntry(code)),
    tables: [],
    down: false,
    frames: false,
    artServed: 0,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', double.url).pathname;
    if (req.method === 'GET' && pathname.startsWith('/art/')) {
      double.artServed += 1;
      if (double.down) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(artSvg(pathname));
      return;
    }
    if (double.frames && req.method === 'GET' && pathname === '/frame') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(framePage(new URL(req.url ?? '/', double.url).searchParams));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      const path = req.url ?? '';
      double.calls.push({
        path,
        body,
        signed: verify(raw, req.headers[SIGNATURE_HEADER], operatorKeys.publicKey),
      });
      const answer = (status: number, value: unknown) => {
        const text = JSON.stringify(value);
        res.writeHead(status, {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(text, aggregatorKeys.privateKey),
        });
        res.end(text);
      };
      if (double.down) return answer(503, { error: 'down' });
      if (path === '/operator/generic/v2/game/list') return answer(200, double.list);
      if (path === '/operator/generic/v2/live/tables') return answer(200, double.tables);
      if (path === '/operator/generic/v2/game/url') {
        const mode = body.currency === 'XXX' ? 'demo' : 'real';
        if (double.frames) {
          const query = new URLSearchParams({ game: slugOf(String(body.game_code)), mode });
          return answer(200, { url: `${double.url}/frame?${query}` });
        }
        return answer(200, {
          url: `https://studio.test/play/${String(body.game_code)}?mode=${mode}&lang=${String(body.lang)}`,
        });
      }
      answer(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.close = () => new Promise((resolve) => server.close(() => resolve()));
  return double;
}

/** The casino's environment for slots: the keys of both sides, the double's URL when given. */
export function slotsEnv(aggregatorUrl?: string): Record<string, string> {
  return {
    AGGREGATOR_PUBLIC_KEY: pem(aggregatorKeys.publicKey, 'spki'),
    // Base64-encoded, as an env file would carry it on one line.
    OPERATOR_PRIVATE_KEY: Buffer.from(pem(operatorKeys.privateKey, 'pkcs8')).toString('base64'),
    AGGREGATOR_OPERATOR_ID: 'test-operator',
    ...(aggregatorUrl ? { AGGREGATOR_URL: aggregatorUrl } : {}),
  };
}

export interface WalletReply {
  body: Record<string, unknown>;
  bytes: string;
  signed: boolean;
  httpStatus: number;
}

/** A Wallet API call signed with the aggregator's key (`signature` overrides it; null: none). */
export async function walletCall(
  t: TestApp,
  path: string,
  body: Record<string, unknown>,
  signature?: string | null,
): Promise<WalletReply> {
  const payload = JSON.stringify(body);
  const header = signature === undefined ? sign(payload, aggregatorKeys.privateKey) : signature;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/aggregator/wallet/${path}`,
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { [SIGNATURE_HEADER]: header }),
    },
    payload,
  });
  return {
    body: res.json(),
    bytes: res.body,
    signed: verify(res.rawPayload, res.headers[SIGNATURE_HEADER], operatorKeys.publicKey),
    httpStatus: res.statusCode,
  };
}

/** A bet's body (amount in protocol units: currency units × 100000). */
export function betBody(
  p: { id: string },
  token: string,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  const uuid = randomUUID();
  return {
    user: p.id,
    transaction_uuid: uuid,
    supplier_transaction_id: `s-${uuid}`,
    token,
    round: `round-${uuid}`,
    round_closed: false,
    request_uuid: randomUUID(),
    is_free: false,
    game_code: 'orbita_star_quest',
    currency: 'RUB',
    bet: null,
    amount,
    meta: { fair: { server_seed_hash: 'x', client_seed: 'y', nonce: 1 } },
    ...extra,
  };
}

/** The win of a bet (the same round, closed). */
export function winBody(
  bet: ReturnType<typeof betBody>,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return {
    ...bet,
    transaction_uuid: randomUUID(),
    request_uuid: randomUUID(),
    round_closed: true,
    reference_transaction_uuid: bet.transaction_uuid,
    amount,
    ...extra,
  };
}

/** The rollback of a bet. */
export function rollbackBody(bet: ReturnType<typeof betBody>, extra: Record<string, unknown> = {}) {
  const { is_free: _f, currency: _c, bet: _b, amount: _a, ...rest } = bet;
  return {
    ...rest,
    transaction_uuid: randomUUID(),
    request_uuid: randomUUID(),
    round_closed: true,
    reference_transaction_uuid: bet.transaction_uuid,
    ...extra,
  };
}

/** Launches a game for real money as the player; answers the session's token (from the database). */
export async function launch(
  t: TestApp,
  { id, token }: { id: string; token: string },
  slug = 'star-quest',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/slots/games/${slug}/launch`,
    headers: bearer(token),
    payload: { platform: 'desktop' },
  });
  if (res.statusCode !== 200) throw new Error(`launch answered ${res.statusCode}: ${res.body}`);
  const [row] = await t.database.query<{ token: string }>(
    // The game's newest (a test's clock may stand still: several launches at one instant).
    `select token from slot_sessions where user_id = $1 and game_code = $2
      order by created_at desc, token limit 1`,
    [id, `orbita_${slug.replaceAll('-', '_')}`],
  );
  return row!.token;
}

/**
 * A test file's app with the slots linked to a Games API double (started before, closed after):
 * `app()` links it on first use (the double's URL is known once it listens), `player` makes a
 * player with cash who launched Star Quest (`session` is the game token).
 */
export function slotsFile(env: Record<string, string> = {}, options: Parameters<typeof appForFile>[1] = {}) {
  let double: GamesDouble;
  beforeAll(async () => {
    double = await gamesDouble();
  });
  afterAll(async () => {
    await double?.close();
  });
  const t = appForFile({ ...slotsEnv(), ...env }, options);
  let linked = false;
  async function app(): Promise<TestApp> {
    if (!linked) {
      t.app.slots.link.connect({ url: double.url, publicKeyPem: slotsEnv().AGGREGATOR_PUBLIC_KEY! });
      if (!(await t.app.slots.refresh())) throw new Error('the catalogue was not read from the double');
      linked = true;
    }
    return t;
  }
  async function player(cash: bigint, currency: Currency = 'RUB') {
    const a = await app();
    const p = await playerWithCash(a, cash, { currency });
    return { ...p, session: await launch(a, p) };
  }
  return { t, app, player, double: () => double };
}
