import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { eventSnapshot, type FeedMessage, feedBatch, fixturesResponse } from '../shared/sports/feed.ts';
import { type RunningSportsFeed, type SportsFeedOptions, startSportsFeed } from './index.ts';
import { signFeedBody, verifyFeedSignature } from './signing.ts';

const SECRET = 'feed-secret-for-tests';
const NOW = Date.UTC(2026, 5, 20, 15, 40);

interface Received {
  status: number;
  signature: string;
  body: string;
  messages: FeedMessage[];
}

/** A stand-in for the casino's feed endpoint: records every request, answers `status`. */
async function receiver() {
  const requests: Received[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        status,
        signature: String(request.headers['x-feed-signature']),
        body,
        messages: feedBatch.parse(JSON.parse(body)).messages,
      });
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/sports/feed`,
    requests,
    answer(code: number) {
      status = code;
    },
    /** The messages of the requests answered 2xx, in the order they came. */
    accepted: () => requests.filter((r) => r.status < 300).flatMap((r) => r.messages),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()!();
});

async function setup(options: Partial<SportsFeedOptions> = {}) {
  const sink = await receiver();
  const clock = { t: NOW, now: () => clock.t };
  const errors: Error[] = [];
  const feed: RunningSportsFeed = await startSportsFeed({
    pushUrl: sink.url,
    secret: SECRET,
    clock,
    schedule: false,
    seed: 'service',
    // One day published ahead keeps the first tick small; the model's tests cover the default.
    daysAhead: 1,
    onPushError: (error) => errors.push(error),
    ...options,
  });
  cleanup.push(
    () => sink.close(),
    () => feed.close(),
  );
  return { sink, clock, feed, errors };
}

/** Per event, the seqs in the order received. */
function seqsByEvent(messages: readonly FeedMessage[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of messages) out.set(m.event_id, [...(out.get(m.event_id) ?? []), m.seq]);
  return out;
}

describe('the feed service', () => {
  test('pushes signed batches, oldest first; the first tick starts at what is due now', async () => {
    const { sink, clock, feed } = await setup({ maxBatchMessages: 100 });
    await feed.tick();
    expect(sink.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of sink.requests) {
      expect(verifyFeedSignature(SECRET, request.signature, request.body, NOW, 60_000)).toBe(true);
      expect(request.messages.length).toBeLessThanOrEqual(100);
    }
    const first = sink.accepted();
    const stamps = first.map((m) => m.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    // One message per event: its latest, no history replayed.
    const byEvent = seqsByEvent(first);
    expect(byEvent.size).toBe(first.length);
    for (const [id, [seq]] of byEvent) expect(seq).toBe(feed.model.lastSeq(id, NOW));
    const liveNow = feed.fixtures(NOW, NOW).filter((f) => f.scheduled <= NOW);
    expect(liveNow.every((f) => byEvent.has(f.id))).toBe(true);

    // Half a minute later: only what was published since, each event carrying on from its seq.
    clock.t += 30_000;
    await feed.tick();
    const second = sink.accepted().slice(first.length);
    expect(second.length).toBeGreaterThan(0);
    for (const [id, seqs] of seqsByEvent(second)) {
      const before = byEvent.get(id)?.[0] ?? 0;
      expect(seqs).toEqual(seqs.map((_, i) => before + 1 + i));
      expect(seqs.at(-1)).toBe(feed.model.lastSeq(id, clock.t));
    }
    await feed.tick();
    expect(sink.accepted().length).toBe(first.length + second.length);
  });

  test('a failed push is kept and retried, in order, without loss', async () => {
    const { sink, clock, feed, errors } = await setup({ seed: 'retry' });
    await feed.tick();
    const start = sink.accepted().length;
    sink.answer(500);
    clock.t += 60_000;
    await feed.tick();
    expect(errors.at(-1)?.message).toMatch(/500/);
    const waiting = feed.pending();
    expect(waiting).toBeGreaterThan(0);
    clock.t += 20_000;
    await feed.tick();
    expect(feed.pending()).toBeGreaterThan(waiting);
    sink.answer(200);
    clock.t += 10_000;
    await feed.tick();
    expect(feed.pending()).toBe(0);
    const all = sink.accepted();
    for (const [id, seqs] of seqsByEvent(all)) {
      expect(seqs, id).toEqual(seqs.map((_, i) => seqs[0]! + i));
      expect(seqs.at(-1)).toBe(feed.model.lastSeq(id, clock.t));
    }
    expect(all.length).toBeGreaterThan(start);
  });

  test('an event’s backlog past the limit is dropped (the casino recovers from the gap)', async () => {
    const { sink, clock, feed } = await setup({ seed: 'backlog', maxBacklog: 5 });
    await feed.tick();
    const first = seqsByEvent(sink.accepted());
    sink.answer(503);
    clock.t += 5 * 60_000;
    await feed.tick();
    sink.answer(200);
    clock.t += 10_000;
    await feed.tick();
    expect(feed.pending()).toBe(0);
    const after = seqsByEvent(sink.accepted().slice(first.size));
    const gaps = [...after].filter(([id, seqs]) => seqs[0]! > (first.get(id)?.[0] ?? 0) + 1);
    expect(gaps.length).toBeGreaterThan(0);
    for (const [, seqs] of after) expect(seqs.length).toBeLessThanOrEqual(6);
  });

  test('one tick at a time (a second call joins it); bodies kept under the byte limit', async () => {
    const { sink, feed } = await setup({ seed: 'join', maxBatchBytes: 20_000 });
    const a = feed.tick();
    const b = feed.tick();
    expect(b).toBe(a);
    await a;
    expect(sink.requests.length).toBeGreaterThan(3);
    for (const request of sink.requests) expect(Buffer.byteLength(request.body)).toBeLessThanOrEqual(20_000);
    expect(feed.pending()).toBe(0);
  });

  test('the REST API answers fixtures and snapshots to the token only', async () => {
    const { feed } = await setup({ seed: 'rest' });
    const get = (path: string, token: string | null = SECRET) =>
      fetch(`${feed.url}${path}`, { headers: token === null ? {} : { 'x-access-token': token } });
    const listed = await get(`/v1/fixtures?from=${NOW}&to=${NOW + 86_400_000}`);
    expect(listed.status).toBe(200);
    const { fixtures } = fixturesResponse.parse(await listed.json());
    expect(fixtures.length).toBeGreaterThan(20);
    expect(fixtures.some((f) => f.scheduled < NOW)).toBe(true);
    const byDefault = fixturesResponse.parse(await (await get('/v1/fixtures')).json());
    expect(byDefault.fixtures.length).toBeGreaterThan(fixtures.length);

    const live = fixtures.find((f) => f.scheduled < NOW)!;
    const snapshot = await get(`/v1/events/${encodeURIComponent(live.id)}`);
    expect(snapshot.status).toBe(200);
    const parsed = eventSnapshot.parse(await snapshot.json());
    expect(parsed.seq).toBe(feed.model.lastSeq(live.id, NOW));
    expect(parsed).toEqual(feed.snapshot(live.id));

    // Slot 999 of today: no such match; a day not yet published.
    const today = Math.floor(NOW / 86_400_000);
    expect((await get(`/v1/events/od:match:${today * 1000 + 999}`)).status).toBe(404);
    expect((await get(`/v1/events/od:match:${(today + 5) * 1000}`)).status).toBe(404);
    expect((await get('/v1/events/nothing')).status).toBe(404);
    expect((await get('/v1/fixtures?from=yesterday')).status).toBe(400);
    expect((await get('/v1/fixtures', 'wrong')).status).toBe(401);
    expect((await get('/v1/fixtures', null)).status).toBe(401);
    expect((await get(`/v1/events/${encodeURIComponent(live.id)}`, `${SECRET}x`)).status).toBe(401);
    expect((await fetch(`${feed.url}/healthz`)).status).toBe(200);
    // The model keeps its own options only, never the secret.
    expect(JSON.stringify(feed.model.options)).not.toContain(SECRET);
  });
});

describe('push signatures', () => {
  const body = '{"messages":[]}';
  const header = signFeedBody(SECRET, body, NOW);

  test('verify over the exact bytes, the secret and a recent time only', () => {
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyFeedSignature(SECRET, header, body, NOW + 1_000, 300_000)).toBe(true);
    expect(verifyFeedSignature(SECRET, header, Buffer.from(body), NOW, 300_000)).toBe(true);
    expect(verifyFeedSignature(SECRET, header, `${body} `, NOW, 300_000)).toBe(false);
    expect(verifyFeedSignature('another', header, body, NOW, 300_000)).toBe(false);
    expect(verifyFeedSignature(SECRET, header, body, NOW + 301_000, 300_000)).toBe(false);
    expect(verifyFeedSignature(SECRET, header, body, NOW - 301_000, 300_000)).toBe(false);
    expect(verifyFeedSignature(SECRET, undefined, body, NOW, 300_000)).toBe(false);
    expect(verifyFeedSignature(SECRET, 'garbage', body, NOW, 300_000)).toBe(false);
    expect(verifyFeedSignature(SECRET, header.replace(/t=\d+/, `t=${NOW + 1}`), body, NOW, 300_000)).toBe(
      false,
    );
    // During a rotation the sender may sign twice; one match is enough.
    const other = signFeedBody('old-secret', body, NOW).split(',')[1];
    expect(verifyFeedSignature(SECRET, `${header},${other}`, body, NOW, 300_000)).toBe(true);
  });
});
