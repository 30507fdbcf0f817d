/**
 * `npm run bench:slots`: signed Wallet API bet + win pairs through HTTP against the real server
 * (docs/slots.md), as the aggregator sends them for each paid spin, next to dice bets through HTTP
 * measured in the same run on the same server; then the ledger check of that database. PGlite,
 * file-backed, as `npm start` runs it; loopback, the client shares the cores. A double of the
 * Games API (tests/helpers/slots.ts) lists the games and hands out launch URLs.
 * BENCH_PAIRS (default 10000) pairs at most, for BENCH_SECONDS (default 60) at most;
 * BENCH_CONCURRENCY (default 32) callers; BENCH_PLAYERS (default 32). The aggregator's signatures
 * are made before the clock starts (its cost is not the casino's). The goal: pairs per second at
 * least 50 % of dice bets per second.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { sign } from '../src/server/modules/slots/signature.ts';
import { checkLedger, ledgerSize } from '../src/server/modules/wallet/check.ts';
import { apiCall, fundedPlayer } from '../tests/helpers/funding.ts';
import { startServer } from '../tests/helpers/server.ts';
import { aggregatorKeys, gamesDouble, slotsEnv } from '../tests/helpers/slots.ts';
import { type Measured, measureLoop } from './measure.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 32);
const RUB = 100_000;

/** Runs `work` from CONCURRENCY callers until `limit` operations or the time is up. */
const loop = (work: (caller: number) => Promise<void>, limit: number) =>
  measureLoop({ concurrency: CONCURRENCY, seconds: SECONDS, limit }, work);

/** One POST over a keep-alive socket; resolves with the body, rejects on a non-200. */
function post(
  agent: http.Agent,
  base: string,
  pathname: string,
  body: string,
  headers: Record<string, string>,
) {
  const url = new URL(base);
  return new Promise<string>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(text) : reject(new Error(String(res.statusCode))),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const double = await gamesDouble();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-slots-'));
const profile = process.env.BENCH_CPU_PROF;
const server = await startServer({
  SERVE_SITE: 'false',
  LOG_LEVEL: 'error',
  DATA_DIR: dataDir,
  ...slotsEnv(double.url),
  ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let slots: Measured;
let dice: Measured;
try {
  // The catalogue is read at start; each player launches Star Quest once (one session each).
  for (const deadline = Date.now() + 15_000; ; ) {
    const { data } = await apiCall<{ data: unknown[] }>(server.url, 'GET', '/slots/games', '');
    if (data.length > 0) break;
    if (Date.now() > deadline) throw new Error('the catalogue was not read');
    await new Promise((r) => setTimeout(r, 100));
  }
  const players: { id: string; token: string; session: string }[] = [];
  for (let i = 0; i < PLAYERS; i += 8) {
    players.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, PLAYERS - i) }, async () => {
          const { token } = await fundedPlayer(server.url, { amount: '100000', prefix: 'bench-slots' });
          const { user } = await apiCall<{ user: { id: string | number } }>(
            server.url,
            'GET',
            '/profile/user',
            token,
          );
          await apiCall(server.url, 'POST', '/slots/games/star-quest/launch', token, { platform: 'desktop' });
          const last = double.calls
            .filter((c) => c.path.endsWith('/game/url'))
            .find((c) => c.body.token && c.body.user === String(user.id));
          return { id: String(user.id), token, session: String(last?.body.token) };
        }),
      )),
    );
  }
  // The aggregator's side is not measured: every pair's two calls are built and signed first.
  const signedCall = (body: object) => {
    const text = JSON.stringify(body);
    return { text, signature: sign(text, aggregatorKeys.privateKey) };
  };
  const prepared = Array.from({ length: PAIRS + 200 }, (_, n) => {
    const p = players[n % players.length]!;
    const uuid = randomUUID();
    const bet = {
      user: p.id,
      transaction_uuid: uuid,
      supplier_transaction_id: uuid,
      token: p.session,
      round: uuid,
      round_closed: false,
      request_uuid: randomUUID(),
      is_free: false,
      game_code: 'orbita_star_quest',
      currency: 'RUB',
      bet: null,
      amount: RUB,
      meta: { fair: { server_seed_hash: 'h', client_seed: 'c', nonce: n } },
    };
    const win = {
      ...bet,
      transaction_uuid: randomUUID(),
      request_uuid: randomUUID(),
      round_closed: true,
      reference_transaction_uuid: uuid,
      amount: n % 2 ? 2 * RUB : 0,
    };
    return { bet: signedCall(bet), win: signedCall(win) };
  });
  const send = async (pathname: string, call: { text: string; signature: string }) => {
    const answer = JSON.parse(
      await post(agent, server.url, `/api/aggregator/wallet/${pathname}`, call.text, {
        'x-hub88-signature': call.signature,
      }),
    ) as { status: string };
    if (answer.status !== 'RS_OK') throw new Error(answer.status);
  };
  // Callers take the prepared pairs in turn.
  let next = 0;
  let n = 0;
  const pair = async () => {
    const call = prepared[next++];
    if (!call) throw new Error('no more prepared pairs');
    await send('transaction/bet', call.bet);
    await send('transaction/win', call.win);
  };
  await loop(pair, 200); // warm-up
  slots = await loop(pair, PAIRS);
  console.log(
    JSON.stringify({ bench: 'slots bet+win pairs via HTTP (signed)', concurrency: CONCURRENCY, ...slots }),
  );
  const diceBody = JSON.stringify({ amount: '1', target: '49.50', direction: 'under' });
  const diceBet = async (caller: number) => {
    const p = players[(caller + n++) % players.length]!;
    await post(agent, server.url, '/api/games/dice/bet', diceBody, { authorization: `Bearer ${p.token}` });
  };
  await loop(diceBet, 200);
  dice = await loop(diceBet, PAIRS);
  console.log(JSON.stringify({ bench: 'dice bets via HTTP', concurrency: CONCURRENCY, ...dice }));
} finally {
  agent.destroy();
  await server.stop();
  await double.close();
}
const share = (100 * slots.perSecond) / dice.perSecond;
console.log(
  JSON.stringify({
    bench: 'slots pairs / dice bets',
    share: `${share.toFixed(1)} %`,
    goal: '>= 50 %',
    p99: slots.p99,
    met: share >= 50,
  }),
);
const database = await openDatabase({ dataDir });
try {
  const problems = await checkLedger(database);
  const counts = await ledgerSize(database);
  for (const p of problems) console.error(`✗ ${p.rule}: ${p.detail}`);
  console.log(
    JSON.stringify({
      bench: 'ledger check',
      ok: problems.length === 0,
      problems: problems.length,
      ...counts,
    }),
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
