import { networkInterfaces } from 'node:os';

/**
 * Which hosts the site may build links for (docs/security.md). A request's Host header (or
 * X-Forwarded-Host, which Fastify honours only with TRUST_PROXY) is the attacker's to choose, so
 * an origin used in a mail, a redirect, a callback or a canonical link comes from this list, never
 * from the header alone.
 */
export interface TrustedHost {
  /** Lower-case hostname, IPv6 in brackets (`[::1]`), without `api.` and without a port. */
  hostname: string;
  /** The port the Host header must carry ('' = none); null = any port (this machine's addresses). */
  port: string | null;
  /** The scheme links to this host use; null = the request's own (loopback development). */
  protocol: 'http:' | 'https:' | null;
}

export interface OriginPolicyInput {
  /** PUBLIC_SITE_URL: the canonical origin. */
  publicSiteUrl?: string | undefined;
  /** MIRROR_HOSTS: further hosts of the same site (mirrors), `host[:port]`. */
  mirrorHosts?: readonly string[] | undefined;
  /** HOST and PORT the server listens on, for the development allow-list and the fallback. */
  listenHost: string;
  listenPort: number;
  /** This machine's interface addresses (injected by tests); default: os.networkInterfaces(). */
  interfaceAddresses?: readonly string[];
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** The site origin for a request's host, and the list it is checked against. */
export class OriginPolicy {
  readonly hosts: readonly TrustedHost[];
  /** The origin used where no request is at hand (webhook target, untrusted hosts): PUBLIC_SITE_URL or this machine. */
  readonly canonical: string;
  /** Whether PUBLIC_SITE_URL configured the canonical origin (else it is this machine's address). */
  readonly configured: boolean;

  constructor(input: OriginPolicyInput) {
    const hosts: TrustedHost[] = [];
    if (input.publicSiteUrl) {
      const site = new URL(input.publicSiteUrl);
      const protocol = site.protocol === 'https:' ? 'https:' : 'http:';
      hosts.push({ hostname: site.hostname.toLowerCase().replace(/^api\./, ''), port: site.port, protocol });
      for (const mirror of input.mirrorHosts ?? []) hosts.push({ ...parseHost(mirror), protocol });
      this.canonical = site.origin;
      this.configured = true;
    } else {
      // Development and a fresh `npm start`: this machine only, on any port and scheme.
      const names = new Set(LOOPBACK);
      const listen = bracket(input.listenHost.toLowerCase());
      if (WILDCARD.has(listen)) {
        for (const address of input.interfaceAddresses ?? machineAddresses()) names.add(bracket(address));
      } else names.add(listen);
      for (const hostname of names) hosts.push({ hostname, port: null, protocol: null });
      for (const mirror of input.mirrorHosts ?? []) hosts.push({ ...parseHost(mirror), protocol: null });
      this.canonical = `http://localhost:${input.listenPort}`;
      this.configured = false;
    }
    this.hosts = hosts;
  }

  /**
   * The site origin (`https://example.com`) for a request that arrived for `host` over
   * `protocol`, or null when the host is not trusted. An `api.` host maps to its site host.
   */
  originFor(host: string | undefined, protocol: string): string | null {
    const parsed = host ? splitHost(host) : null;
    if (!parsed) return null;
    const hostname = parsed.hostname.replace(/^api\./, '');
    const entry = this.hosts.find(
      (h) => h.hostname === hostname && (h.port === null || h.port === parsed.port),
    );
    if (!entry) return null;
    const scheme = entry.protocol ?? (protocol === 'https' ? 'https:' : 'http:');
    return `${scheme}//${hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  }

  /** The trusted hosts as one line for the start log. */
  describe(): string {
    return this.hosts
      .map(
        (h) =>
          `${h.protocol ? `${h.protocol}//` : ''}${h.hostname}${h.port === null ? ':*' : h.port ? `:${h.port}` : ''}`,
      )
      .join(', ');
  }
}

/** `host[:port]` of a Host header, lower-cased; null when it is not a plain host (paths, spaces, userinfo). */
export function splitHost(value: string): { hostname: string; port: string } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match?.[1]) return null;
  return { hostname: match[1].toLowerCase().replace(/\.$/, ''), port: match[2] ?? '' };
}

function parseHost(value: string): { hostname: string; port: string } {
  const parsed = splitHost(value);
  if (!parsed) throw new Error(`not a host[:port]: ${JSON.stringify(value)}`);
  return { hostname: parsed.hostname.replace(/^api\./, ''), port: parsed.port };
}

function bracket(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((entry) => entry.address.replace(/%.*$/, '').toLowerCase());
}
