/**
 * The feed's push to the casino (docs/betting.md "The feed"): each tick gathers, for every event
 * in the window, the messages published since the last one gathered, and POSTs them all, oldest
 * first, in signed batches. A failed POST keeps its messages (and those after it) for the next
 * tick, so one event's messages are never reordered nor lost while the casino is away; an event
 * whose backlog passes `maxBacklog` is dropped, the casino recovering it by snapshot when the next
 * seq arrives past its gap.
 *
 * The first tick after a start does not replay history: each event starts at its latest message
 * (a casino that missed the ones before sees the gap and recovers). Events published later start
 * at their first message.
 */
import type { FeedModel } from './model.ts';
import { LONGEST_EVENT_MS } from './model.ts';
import { DAY } from './schedule.ts';
import { FEED_SIGNATURE_HEADER, signFeedBody } from './signing.ts';

/** What the pusher pushes from and to, and its limits. */
export interface PusherOptions {
  model: FeedModel;
  pushUrl: string;
  secret: string;
  clock: { now(): number };
  /** Messages per POST (500). */
  maxBatchMessages?: number;
  /** Bytes of a POST's body (1 000 000, under Fastify's default limit of 1 MiB; a larger single message goes alone). */
  maxBatchBytes?: number;
  /** An event's undelivered messages beyond which its backlog is dropped (1000). */
  maxBacklog?: number;
  /** How long one POST may take (10 s). */
  timeoutMs?: number;
  onError?: (error: Error) => void;
}

/** Remembers per event what it gathered and what still waits; see the file's comment. */
export class FeedPusher {
  readonly #options: PusherOptions;
  /** Per event: the seq of the last message gathered. */
  readonly #cursors = new Map<string, number>();
  /** Per event: gathered messages not yet delivered, in seq order. */
  readonly #queues = new Map<string, { seq: number; json: string; bytes: number; timestamp: number }[]>();
  #lastGather: number | undefined;
  #running: Promise<void> | undefined;

  constructor(options: PusherOptions) {
    this.#options = options;
  }

  /** Messages gathered and not yet delivered. */
  get pending(): number {
    let count = 0;
    for (const queue of this.#queues.values()) count += queue.length;
    return count;
  }

  /** Gathers and pushes; a tick already in flight is joined rather than doubled. */
  tick(): Promise<void> {
    this.#running ??= (async () => {
      try {
        this.#gather(this.#options.clock.now());
        await this.#flush();
      } catch (error) {
        this.#options.onError?.(error as Error);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  #gather(now: number): void {
    const { model } = this.#options;
    const { daysAhead, speed, settleDelayMs } = model.options;
    const back = LONGEST_EVENT_MS / Math.min(1, speed) + settleDelayMs;
    const maxBacklog = this.#options.maxBacklog ?? 1_000;
    const seen = new Set<string>();
    for (const event of model.events(now - back, now + (daysAhead + 1) * DAY, now)) {
      const id = event.fixture.id;
      seen.add(id);
      const timeline = model.timeline(event);
      const last = timeline.lastSeq(now);
      let cursor = this.#cursors.get(id);
      if (cursor === undefined) {
        cursor = this.#lastGather === undefined ? Math.max(0, last - 1) : timeline.lastSeq(this.#lastGather);
      }
      if (last > cursor) {
        const queue = this.#queues.get(id) ?? [];
        for (const message of timeline.messagesUntil(cursor, now)) {
          const json = JSON.stringify(message);
          queue.push({
            seq: message.seq,
            json,
            bytes: Buffer.byteLength(json),
            timestamp: message.timestamp,
          });
        }
        this.#queues.set(id, queue.length > maxBacklog ? [] : queue);
      }
      this.#cursors.set(id, Math.max(cursor, last));
    }
    // Forget events out of the window once nothing of theirs waits.
    for (const id of this.#cursors.keys())
      if (!seen.has(id) && !this.#queues.get(id)?.length) {
        this.#cursors.delete(id);
        this.#queues.delete(id);
      }
    for (const [id, queue] of this.#queues) if (queue.length === 0) this.#queues.delete(id);
    this.#lastGather = now;
  }

  async #flush(): Promise<void> {
    const all: { id: string; seq: number; json: string; bytes: number; timestamp: number }[] = [];
    for (const [id, queue] of this.#queues) for (const item of queue) all.push({ id, ...item });
    if (all.length === 0) return;
    // Oldest first across events; an event's own messages stay in seq order.
    all.sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.seq - b.seq));
    const maxMessages = Math.min(500, this.#options.maxBatchMessages ?? 500);
    const maxBytes = this.#options.maxBatchBytes ?? 1_000_000;
    let index = 0;
    while (index < all.length) {
      const batch: typeof all = [];
      let bytes = '{"messages":[]}'.length;
      while (index < all.length && batch.length < maxMessages) {
        const next = all[index]!;
        if (batch.length > 0 && bytes + next.bytes + 1 > maxBytes) break;
        batch.push(next);
        bytes += next.bytes + 1;
        index++;
      }
      await this.#post(`{"messages":[${batch.map((m) => m.json).join(',')}]}`);
      const delivered = new Map<string, number>();
      for (const m of batch) delivered.set(m.id, (delivered.get(m.id) ?? 0) + 1);
      for (const [id, count] of delivered) {
        const queue = this.#queues.get(id);
        if (!queue) continue;
        queue.splice(0, count);
        if (queue.length === 0) this.#queues.delete(id);
      }
    }
  }

  async #post(body: string): Promise<void> {
    const { pushUrl, secret, clock } = this.#options;
    const response = await fetch(pushUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [FEED_SIGNATURE_HEADER]: signFeedBody(secret, body, clock.now()),
      },
      body,
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`Feed push refused: HTTP ${response.status}`);
  }

  /** Waits for a tick in flight. */
  async idle(): Promise<void> {
    await this.#running;
  }
}
