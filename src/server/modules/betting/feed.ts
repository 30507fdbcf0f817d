import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type EventSnapshot,
  eventSnapshot,
  type FeedMessage,
  type Fixture,
  fixturesResponse,
} from '../../../shared/sports/feed.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { type ApplyContext, applyMessage, applySnapshot, type Touched, touched } from './apply.ts';

/**
 * The odds feed's side of the book (docs/betting.md "The feed"): the link to the feed's REST API
 * (fixtures, and an event's snapshot for a recovery) and the consumer of its pushed messages.
 * Each event's messages are applied in `seq` order and at most once: a message is applied in the
 * transaction that moves the event's `seq` on by one under the event's row lock, an old one is
 * dropped, and one past a gap makes the book re-read the event (a recovery) instead. Instances
 * sharing the database may all receive messages: the row lock keeps them in turn.
 */

/** How far a pushed batch's signature time may be from ours. */
const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/** Checks `x-feed-signature: t=<ms>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function verifySignature(secret: string, header: unknown, body: string, nowMs: number): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowMs - t) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class FeedUnavailable extends Error {
  override name = 'FeedUnavailable';
}

/** The feed's REST API: where it is and its access token (set when the feed is connected). */
export class FeedLink {
  url: string | null = null;
  secret: string | null = null;

  connect(url: string, secret: string): void {
    this.url = url.replace(/\/$/, '');
    this.secret = secret;
  }

  async #get(path: string): Promise<unknown> {
    if (!this.url || !this.secret) throw new FeedUnavailable('no odds feed connected');
    const response = await fetch(`${this.url}${path}`, {
      headers: { 'x-access-token': this.secret },
      signal: AbortSignal.timeout(10_000),
    }).catch((err: unknown) => {
      throw new FeedUnavailable(`odds feed unreachable: ${String(err)}`);
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new FeedUnavailable(`odds feed answered ${response.status}`);
    return response.json();
  }

  async fixtures(from: number, to: number): Promise<Fixture[]> {
    return fixturesResponse.parse(await this.#get(`/v1/fixtures?from=${from}&to=${to}`)).fixtures;
  }

  async snapshot(eventId: string): Promise<EventSnapshot | null> {
    const body = await this.#get(`/v1/events/${encodeURIComponent(eventId)}`);
    return body === null ? null : eventSnapshot.parse(body);
  }
}

export type Outcome = 'applied' | 'duplicate' | 'recovered' | 'skipped';

/** Applies the feed's messages and recoveries to the book. */
export class FeedConsumer {
  readonly #db: Database;
  readonly #link: FeedLink;
  readonly #context: () => ApplyContext;
  readonly #changed: (t: Touched) => void;

  constructor(deps: {
    database: Database;
    link: FeedLink;
    context: () => ApplyContext;
    /** After each commit: what changed (the live channels, the players' balances). */
    changed: (t: Touched) => void;
  }) {
    this.#db = deps.database;
    this.#link = deps.link;
    this.#context = deps.context;
    this.#changed = deps.changed;
  }

  /**
   * A pushed batch: each event's messages in their order, in one transaction per event (the
   * events' own orders are independent): each applied, dropped as seen, or, past a gap, the rest
   * left and the event recovered.
   */
  async ingest(messages: readonly FeedMessage[]): Promise<{ applied: number; recovered: number }> {
    const byEvent = new Map<string, FeedMessage[]>();
    for (const message of messages) {
      const list = byEvent.get(message.event_id) ?? [];
      list.push(message);
      byEvent.set(message.event_id, list);
    }
    let applied = 0;
    let recovered = 0;
    for (const [eventId, list] of byEvent) {
      const run = await this.#applyRun(eventId, list);
      applied += run.applied;
      if (run.gap && (await this.recover(eventId)) === 'recovered') recovered++;
    }
    return { applied, recovered };
  }

  async #applyRun(
    eventId: string,
    messages: readonly FeedMessage[],
  ): Promise<{ applied: number; gap: boolean }> {
    const t = touched(eventId);
    const run = await this.#db.transaction(async (tx) => {
      const [row] = await tx.query<{ seq: number }>('select seq from sport_events where id = $1 for update', [
        eventId,
      ]);
      if (!row) return { applied: 0, gap: true };
      let seq = row.seq;
      let applied = 0;
      const context = this.#context();
      for (const message of messages) {
        if (message.seq <= seq) continue;
        if (message.seq > seq + 1) return this.#done(tx, eventId, seq, row.seq, { applied, gap: true });
        await applyMessage(tx, message, context, t);
        seq = message.seq;
        applied++;
      }
      return this.#done(tx, eventId, seq, row.seq, { applied, gap: false });
    });
    if (run.applied > 0) this.#changed(t);
    return run;
  }

  async #done<T>(tx: Queryable, eventId: string, seq: number, was: number, answer: T): Promise<T> {
    if (seq !== was) await tx.query('update sport_events set seq = $2 where id = $1', [eventId, seq]);
    return answer;
  }

  /**
   * Re-reads one event from the feed and applies it as it is now, unless the book already holds
   * it at that point or later. 'skipped' when the feed does not know the event.
   */
  async recover(eventId: string): Promise<Outcome> {
    const snapshot = await this.#link.snapshot(eventId);
    if (!snapshot) return 'skipped';
    const t = touched(eventId);
    const outcome = await this.#db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx.query<{ seq: number }>('select seq from sport_events where id = $1 for update', [
        eventId,
      ]);
      if (row && row.seq >= snapshot.seq) return 'duplicate';
      await applySnapshot(tx, snapshot, this.#context(), t);
      return 'recovered';
    });
    if (outcome === 'recovered') this.#changed(t);
    return outcome;
  }

  /**
   * Re-reads the events the feed has gone quiet about while they should be moving: live or ended
   * ones with no message for `quietMs`, and ones past their start still not started. A lost push
   * at the end of a match is otherwise only found by the event's next message, which may never
   * come. Answers how many were recovered.
   */
  async sweep(now: Date, quietMs = 120_000, limit = 50): Promise<number> {
    if (!this.#link.url) return 0;
    const stale = await this.#db.query<{ id: string }>(
      `select id from sport_events
        where producer = 'feed'
          and ((status in ('live', 'ended') and updated_at < $1::timestamptz - make_interval(secs => $2 / 1000.0))
               or (status = 'not_started' and scheduled_at < $1::timestamptz - interval '5 minutes'
                   and updated_at < $1::timestamptz - make_interval(secs => $2 / 1000.0)))
        order by updated_at limit $3`,
      [now, quietMs, limit],
    );
    let recovered = 0;
    for (const { id } of stale) if ((await this.recover(id)) === 'recovered') recovered++;
    return recovered;
  }

  /**
   * Learns the feed's events of a window that the book does not hold yet (at start, then now and
   * then); `stopped` ends it early (the server is closing).
   */
  async sync(from: number, to: number, stopped: () => boolean = () => false): Promise<number> {
    const fixtures = await this.#link.fixtures(from, to);
    if (fixtures.length === 0) return 0;
    const known = new Set(
      (
        await this.#db.query<{ id: string }>('select id from sport_events where id = any($1::text[])', [
          fixtures.map((f) => f.id),
        ])
      ).map((r) => r.id),
    );
    let added = 0;
    for (const fixture of fixtures) {
      if (stopped()) break;
      if (known.has(fixture.id)) continue;
      if ((await this.recover(fixture.id)) === 'recovered') added++;
    }
    return added;
  }
}
