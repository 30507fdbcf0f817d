import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { type CrawlerEngine, claimedCrawler } from '../../../shared/crawlers.ts';
import { bareAddress } from '../proxy-trust.ts';

/** The DNS queries a verification makes; injected in tests, so they never touch the network. */
export interface CrawlerDns {
  /** The PTR names of an address. */
  reverse(ip: string): Promise<string[]>;
  /** The A and AAAA addresses of a name. */
  resolve(name: string): Promise<string[]>;
}

/** The domains each engine names its crawlers' addresses under (docs/edge.md "Geo"). */
export const CRAWLER_DOMAINS: Readonly<Record<CrawlerEngine, readonly string[]>> = {
  google: ['googlebot.com', 'google.com'],
  yandex: ['yandex.ru', 'yandex.net', 'yandex.com'],
};

/** The reverse names of one address that are looked up forward; a PTR set longer than this is not a crawler's. */
const MAX_NAMES = 4;

/**
 * The system's resolver, over DNS itself (c-ares: `Resolver`, not `lookup`): its queries run
 * outside libuv's thread pool, so slow answers never hold up file or crypto work, and each query
 * gives up after `timeoutMs`.
 */
export function systemDns(timeoutMs: number): CrawlerDns {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return {
    reverse: (ip) => resolver.reverse(ip),
    async resolve(name) {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
      return [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
    },
  };
}

export interface CrawlerCheckOptions {
  dns?: CrawlerDns;
  /** The longest a verification may keep a page waiting; then it is not a crawler. */
  timeoutMs?: number;
  /** Verdicts remembered, the least recently used forgotten first. */
  maxEntries?: number;
  /** How long a verdict is kept. */
  ttlMs?: number;
  /** Verifications running at once; a claim beyond them is not a crawler (not remembered). */
  maxPending?: number;
  now?: () => number;
}

/**
 * Whether a request that claims to be a google or yandex crawler comes from one (docs/edge.md
 * "Geo"): the address's reverse name is under the engine's domains and that name resolves back to
 * the address. Any failure (no name, a timeout, no network) means it is not. Verdicts are kept per
 * engine and address, so a crawler's pages cost DNS once an hour; while one is pending the page
 * waits for it, at most `timeoutMs`.
 */
export class CrawlerCheck {
  readonly #dns: CrawlerDns;
  readonly #timeoutMs: number;
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #maxPending: number;
  readonly #now: () => number;
  readonly #verdicts = new Map<string, { crawler: boolean; until: number }>();
  readonly #pending = new Map<string, Promise<boolean>>();

  constructor(options: CrawlerCheckOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 1_500;
    this.#dns = options.dns ?? systemDns(this.#timeoutMs);
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#ttlMs = options.ttlMs ?? 3_600_000;
    this.#maxPending = options.maxPending ?? 32;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Whether `ip` is a crawler of the engine `userAgent` names: at once when the agent names none
   * or the verdict is known, else once DNS has answered (or timed out).
   */
  verify(ip: string, userAgent: string | undefined): boolean | Promise<boolean> {
    const engine = claimedCrawler(userAgent);
    const address = bareAddress(ip);
    if (!engine || isIP(address) === 0) return false;
    const key = `${engine} ${address}`;
    const known = this.#verdicts.get(key);
    if (known && known.until > this.#now()) {
      this.#verdicts.delete(key); // re-inserted: the most recently used come last
      this.#verdicts.set(key, known);
      return known.crawler;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    if (this.#pending.size >= this.#maxPending) return false;
    const verdict = this.#withTimeout(this.#lookup(engine, address)).then((crawler) => {
      this.#pending.delete(key);
      this.#remember(key, crawler);
      return crawler;
    });
    this.#pending.set(key, verdict);
    return verdict;
  }

  #remember(key: string, crawler: boolean): void {
    this.#verdicts.delete(key);
    this.#verdicts.set(key, { crawler, until: this.#now() + this.#ttlMs });
    while (this.#verdicts.size > this.#maxEntries) {
      const oldest = this.#verdicts.keys().next().value;
      if (oldest === undefined) break;
      this.#verdicts.delete(oldest);
    }
  }

  async #withTimeout(lookup: Promise<boolean>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.#timeoutMs);
    });
    try {
      return await Promise.race([lookup.catch(() => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #lookup(engine: CrawlerEngine, address: string): Promise<boolean> {
    const names = await this.#dns.reverse(address);
    if (names.length > MAX_NAMES) return false;
    for (const raw of names) {
      const name = raw.toLowerCase().replace(/\.$/, '');
      if (!CRAWLER_DOMAINS[engine].some((domain) => name === domain || name.endsWith(`.${domain}`))) continue;
      if ((await this.#dns.resolve(name)).some((found) => sameAddress(found, address))) return true;
    }
    return false;
  }
}

/** Whether two spellings name one address (`2001:db8::1` and `2001:0db8:0:0::1`). */
function sameAddress(a: string, b: string): boolean {
  const version = isIP(b);
  if (isIP(a) !== version) return false;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addAddress(b, family);
  return list.check(a, family);
}
