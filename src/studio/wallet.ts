/**
 * The casino's Wallet API as the studio calls it (docs/slots.md): signed JSON POSTs, answers
 * checked against the casino's key. An answer that does not come, is not JSON or is not signed by
 * the casino counts as no answer.
 */
import type { KeyObject } from 'node:crypto';
import { SIGNATURE_HEADER, sign256, verify256 } from './signing.ts';

export interface WalletAnswer {
  status: string;
  balance?: number;
  currency?: string;
  [key: string]: unknown;
}

/** Wire amounts are currency units × 100000; the studio counts minor units (hundredths). */
export const WIRE_PER_MINOR = 1000n;

export const toWire = (minor: bigint): number => Number(minor * WIRE_PER_MINOR);

/** A wire balance in minor units (rounded down: the casino's ledger only holds whole minor units). */
export const fromWire = (amount: number): bigint => BigInt(Math.trunc(amount)) / WIRE_PER_MINOR;

export interface WalletOptions {
  url: string;
  privateKey: KeyObject;
  operatorKey: KeyObject;
  /** How long one call waits for its answer. */
  timeoutMs?: number;
  /** The pauses between the retries of a call that must be answered (the last one repeats). */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY = [250, 500, 1000, 2000, 5000, 10_000, 30_000];

export class WalletClient {
  readonly #options: WalletOptions;
  readonly #closed = new AbortController();
  readonly #pending = new Set<Promise<unknown>>();

  constructor(options: WalletOptions) {
    this.#options = options;
  }

  /** One call: the casino's verified answer, or undefined when there is none. */
  async call(path: string, body: Record<string, unknown>): Promise<WalletAnswer | undefined> {
    return this.#send(path, JSON.stringify(body));
  }

  async #send(path: string, text: string): Promise<WalletAnswer | undefined> {
    try {
      const response = await fetch(`${this.#options.url.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign256(this.#options.privateKey, text),
        },
        body: text,
        signal: AbortSignal.any([
          AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
          this.#closed.signal,
        ]),
      });
      const raw = new Uint8Array(await response.arrayBuffer());
      if (!verify256(this.#options.operatorKey, raw, response.headers.get(SIGNATURE_HEADER)))
        return undefined;
      const answer = JSON.parse(Buffer.from(raw).toString('utf8')) as unknown;
      if (!answer || typeof answer !== 'object' || typeof (answer as WalletAnswer).status !== 'string')
        return undefined;
      return answer as WalletAnswer;
    } catch {
      return undefined;
    }
  }

  /**
   * Sends the same body (same request_uuid) until the casino answers, pausing longer each time;
   * undefined only when the studio closes first.
   */
  untilAnswered(path: string, body: Record<string, unknown>): Promise<WalletAnswer | undefined> {
    const text = JSON.stringify(body);
    const delays = this.#options.retryDelaysMs ?? DEFAULT_RETRY;
    const run = async () => {
      for (let attempt = 0; !this.#closed.signal.aborted; attempt += 1) {
        const answer = await this.#send(path, text);
        if (answer) return answer;
        const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.#closed.signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
      }
      return undefined;
    };
    const promise = run();
    this.#pending.add(promise);
    void promise.finally(() => this.#pending.delete(promise));
    return promise;
  }

  /** Stops every retry and waits for the loops to end. */
  async close(): Promise<void> {
    this.#closed.abort();
    await Promise.allSettled([...this.#pending]);
  }
}
