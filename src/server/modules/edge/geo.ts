import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';

/** The region of docs/product-rules.md §3 and §9: KZ for Kazakhstan, RU for everyone else. */
export type Region = 'KZ' | 'RU';

export function regionOf(country: string | null): Region {
  return country === 'KZ' ? 'KZ' : 'RU';
}

/** docs/product-rules.md §4: crawlers whose user agent names google or yandex skip the geo check. */
export function isGeoCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && /google|yandex/i.test(userAgent);
}

/** A country record of either database: the embedded CC0 one (`country_code`) or MaxMind's (`country.iso_code`). */
interface CountryRecord {
  country_code?: string;
  country?: { iso_code?: string };
}

/** The embedded CC0 database (@ip-location-db/geo-whois-asn-country-mmdb), IPv4 and IPv6 in one file. */
function embeddedDatabase(): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'));
  return path.join(dir, 'geo-whois-asn-country.mmdb');
}

/** Country of an IP address from an mmdb file, read into memory once (a lookup costs microseconds). */
export class GeoLocator {
  readonly #reader: Reader<Response>;

  constructor(file: string = embeddedDatabase()) {
    this.#reader = new Reader<Response>(readFileSync(file));
  }

  /** ISO 3166 alpha-2 country of `ip`, or null (private, loopback, unknown or malformed address). */
  country(ip: string): string | null {
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    let record: CountryRecord | null;
    try {
      record = this.#reader.get(address) as CountryRecord | null;
    } catch {
      return null;
    }
    const code = record?.country_code ?? record?.country?.iso_code;
    return code ? code.toUpperCase() : null;
  }
}

/** What the geo gate needs of a request: its socket address and headers. */
export interface GeoRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/**
 * The visitor's address as Fastify's `request.ip` reads it: the socket's, or with TRUST_PROXY the
 * first `X-Forwarded-For` entry (Fastify's `trustProxy: true` trusts every hop).
 */
export function clientIp(req: GeoRequest, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
  return first || req.socket.remoteAddress || '';
}

export interface GeoGateOptions {
  locator: GeoLocator;
  /** GEO_BLOCKED_COUNTRIES. */
  blocked: readonly string[];
  /** GEO_COUNTRY_HEADER: read only when configured (a trusted front sets it). */
  countryHeader?: string | undefined;
  trustProxy: boolean;
}

/** The geo rules of docs/edge.md: who a request comes from, and whether that country is blocked. */
export class GeoGate {
  readonly #locator: GeoLocator;
  readonly #blocked: ReadonlySet<string>;
  readonly #header: string | undefined;
  readonly #trustProxy: boolean;

  constructor(options: GeoGateOptions) {
    this.#locator = options.locator;
    this.#blocked = new Set(options.blocked);
    this.#header = options.countryHeader;
    this.#trustProxy = options.trustProxy;
  }

  /** The visitor's address and country (the configured header first, else the database). */
  locate(req: GeoRequest): { ip: string; country: string | null } {
    const ip = clientIp(req, this.#trustProxy);
    const stated = this.#header ? req.headers[this.#header] : undefined;
    const header = typeof stated === 'string' && /^[A-Za-z]{2}$/.test(stated) ? stated.toUpperCase() : null;
    return { ip, country: header ?? this.#locator.country(ip) };
  }

  /** Whether this request is kept out: a blocked country, unless a google or yandex crawler asks. */
  isBlocked(req: GeoRequest): boolean {
    if (this.#blocked.size === 0 || isGeoCrawler(req.headers['user-agent'])) return false;
    const { country } = this.locate(req);
    return country !== null && this.#blocked.has(country);
  }

  /** Whether `country` is one of the blocked countries. */
  blocks(country: string | null): boolean {
    return country !== null && this.#blocked.has(country);
  }
}
