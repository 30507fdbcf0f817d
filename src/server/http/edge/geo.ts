import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { bareAddress, type ProxiedRequest, type ProxyTrust } from '../proxy-trust.ts';
import type { CrawlerCheck } from './crawler-check.ts';

/** The region of docs/product-rules.md §3 and §9: KZ for Kazakhstan, RU for everyone else. */
export type Region = 'KZ' | 'RU';

export function regionOf(country: string | null): Region {
  return country === 'KZ' ? 'KZ' : 'RU';
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
    const address = bareAddress(ip);
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

export interface GeoGateOptions {
  locator: GeoLocator;
  /** GEO_BLOCKED_COUNTRIES. */
  blocked: readonly string[];
  /** GEO_COUNTRY_HEADER: read only when configured (a trusted front sets it). */
  countryHeader?: string | undefined;
  /** TRUST_PROXY: which X-Forwarded-For entry is the visitor's (src/server/http/proxy-trust.ts). */
  proxies: ProxyTrust;
  /** Verifies claimed crawlers for pages (never for the API). */
  crawlers: CrawlerCheck;
}

/**
 * The geo rules of docs/edge.md "Geo": who a request comes from, whether its money and game calls
 * are refused (a blocked or unknown country, whatever its user agent), and whether its pages go
 * to /no-access (a blocked country, unless a crawler verified by DNS).
 */
export class GeoGate {
  readonly #locator: GeoLocator;
  readonly #blocked: ReadonlySet<string>;
  readonly #header: string | undefined;
  readonly #proxies: ProxyTrust;
  readonly #crawlers: CrawlerCheck;

  constructor(options: GeoGateOptions) {
    this.#locator = options.locator;
    this.#blocked = new Set(options.blocked);
    this.#header = options.countryHeader;
    this.#proxies = options.proxies;
    this.#crawlers = options.crawlers;
  }

  /** The country of a visitor at `ip` (Fastify's `request.ip`): the configured header first, else the database. */
  locate(ip: string, headers: IncomingHttpHeaders): { ip: string; country: string | null } {
    const stated = this.#header ? headers[this.#header] : undefined;
    const header = typeof stated === 'string' && /^[A-Za-z]{2}$/.test(stated) ? stated.toUpperCase() : null;
    return { ip, country: header ?? this.#locator.country(ip) };
  }

  /** Whether `country` is one of the blocked countries. */
  blocks(country: string | null): boolean {
    return country !== null && this.#blocked.has(country);
  }

  /**
   * Whether a money or game call is refused (451): countries are blocked and this one is, or is
   * unknown (fail closed: a proxy the settings do not describe, an address the database lacks).
   * No user agent is exempt.
   */
  refuses(country: string | null): boolean {
    return this.#blocked.size > 0 && (country === null || this.#blocked.has(country));
  }

  /**
   * Whether a page request goes to /no-access: its country is blocked and it is not a google or
   * yandex crawler verified by DNS (which may take a lookup: then a promise). An unknown country
   * reads pages; its money and game calls are refused (`refuses`).
   */
  pageBlocked(req: ProxiedRequest): boolean | Promise<boolean> {
    if (this.#blocked.size === 0) return false;
    const { ip, country } = this.locate(this.#proxies.clientIp(req), req.headers);
    if (!this.blocks(country)) return false;
    const crawler = this.#crawlers.verify(ip, req.headers['user-agent']);
    return typeof crawler === 'boolean' ? !crawler : crawler.then((verified) => !verified);
  }

  /** Whether a visitor at `ip` with this user agent is a crawler verified by DNS (`POST /middleware/ip`). */
  isCrawler(ip: string, userAgent: string | undefined): boolean | Promise<boolean> {
    return this.#crawlers.verify(ip, userAgent);
  }
}
