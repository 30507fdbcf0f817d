import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY as configured (docs/security.md "What the server trusts"): how many proxies stand in
 * front of the service (0: none), or the addresses and ranges of the proxies to trust.
 */
export type TrustProxy = number | readonly string[];

/** Express's and proxy-addr's names for the private ranges, usable in a TRUST_PROXY list. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Reads TRUST_PROXY: a hop count (`0`, `1`, `2`…), `true`/`false` (and `yes`/`no`, empty: false)
 * for backward compatibility, where `true` is **one** proxy (the address it appended is the
 * client's, never the leftmost entry a client may have written), or a comma-separated list of
 * proxy addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. Answers the
 * setting, or a message saying what was wrong.
 */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no') return 0;
  if (value === 'true' || value === 'yes') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : `a hop count is at most 32, got ${hops}`;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!(entry in NAMED_RANGES) && !parseRange(entry))
      return `each entry must be an IP address, a CIDR range or loopback/linklocal/uniquelocal, got "${entry}"`;
  }
  return entries;
}

/** `10.0.0.0/8` or a bare address as [address, prefix, family]; null when it is neither. */
function parseRange(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const suffix = slash === -1 ? null : entry.slice(slash + 1);
  if (suffix !== null && !/^\d{1,3}$/.test(suffix)) return null;
  const prefix = suffix === null ? max : Number(suffix);
  return prefix > max ? null : [address, prefix, version === 4 ? 'ipv4' : 'ipv6'];
}

/**
 * An address as it may appear in X-Forwarded-For, without a port (`1.2.3.4:5678`,
 * `[2001:db8::1]:443`, which some proxies append) or IPv4-mapped prefix; other text as it is.
 */
export function bareAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1]) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  if (v4?.[1]) return v4[1];
  return entry.startsWith('::ffff:') && isIP(entry.slice(7)) === 4 ? entry.slice(7) : entry;
}

/** What the trust rules need of a request: its headers and its socket's peer. */
export interface ProxiedRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/**
 * Which peers are proxies whose X-Forwarded-* headers count, as one function that Fastify
 * (`trustProxy`) and the page path before Fastify (src/server/http/cached-pages.ts) both use, so
 * `request.ip`, `request.host` and `request.protocol` read the same on either side.
 */
export class ProxyTrust {
  /** Whether the address `hop` steps from the service is a trusted proxy (0: the socket's peer). */
  readonly trusts: (address: string | undefined, hop: number) => boolean;
  /** Whether any proxy is trusted (else X-Forwarded-* are never read). */
  readonly enabled: boolean;
  readonly #setting: TrustProxy;

  constructor(setting: TrustProxy) {
    this.#setting = setting;
    if (typeof setting === 'number') {
      // Each proxy appends the address it got the request from: with n proxies, the n-th entry
      // from the right is the client's, and whatever stands left of it the client wrote.
      this.enabled = setting > 0;
      this.trusts = (_address, hop) => hop < setting;
    } else {
      const list = new BlockList();
      for (const entry of setting.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
        const [address, prefix, family] = parseRange(entry)!;
        list.addSubnet(address, prefix, family);
      }
      this.enabled = setting.length > 0;
      this.trusts = (address) => {
        const bare = address === undefined ? '' : bareAddress(address);
        const version = isIP(bare);
        return version !== 0 && list.check(bare, version === 4 ? 'ipv4' : 'ipv6');
      };
    }
  }

  /** Fastify's `trustProxy` option. */
  get fastifyOption(): false | ((address: string, hop: number) => boolean) {
    return this.enabled ? this.trusts : false;
  }

  /**
   * The client's address as Fastify's `request.ip` reads it (proxy-addr): from the socket's peer
   * leftwards through X-Forwarded-For, the first address that is not a trusted proxy.
   */
  clientIp(req: ProxiedRequest): string {
    const socket = req.socket.remoteAddress ?? '';
    if (!this.enabled) return socket;
    const chain = [socket, ...forwardedFor(req.headers['x-forwarded-for']).reverse()];
    for (let hop = 0; hop < chain.length - 1; hop++) {
      if (!this.trusts(chain[hop], hop)) return chain[hop] ?? '';
    }
    return chain.at(-1) ?? '';
  }

  /** The last value of a forwarded header (`x-forwarded-host`, `-proto`) when the peer is a trusted proxy, as Fastify reads it. */
  forwarded(req: ProxiedRequest, name: 'x-forwarded-host' | 'x-forwarded-proto'): string | undefined {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.at(-1) : value;
    if (!text || !this.trusts(req.socket.remoteAddress, 0)) return undefined;
    const comma = text.lastIndexOf(',');
    return (comma === -1 ? text : text.slice(comma + 1)).trim();
  }

  /** The setting for the start log. */
  describe(): string | number | readonly string[] {
    return this.#setting;
  }
}

/** The entries of X-Forwarded-For, left to right, as @fastify/forwarded splits them. */
function forwardedFor(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return [];
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
