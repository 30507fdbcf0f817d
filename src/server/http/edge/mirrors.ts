import { isBareHost } from '../../../shared/hosts.ts';
import { splitHost } from '../origin.ts';

export interface MirrorPolicyInput {
  /** PUBLIC_SITE_URL: the main host's origin; unset: no main host, so no single sign-on. */
  publicSiteUrl?: string | undefined;
  /** MIRROR_HOSTS, in order of preference. */
  mirrorHosts: readonly string[];
  /** RETIRED_HOSTS. */
  retiredHosts: readonly string[];
}

/** `host[:port]` lower-case without `api.`, or null when it is not a host. */
export function hostKey(host: string | undefined): string | null {
  const parsed = host ? splitHost(host) : null;
  if (!parsed) return null;
  const name = parsed.hostname.replace(/^api\./, '');
  return parsed.port ? `${name}:${parsed.port}` : name;
}

/**
 * The operator's hosts (docs/edge.md): the main host, its mirrors, and the retired ones a visitor
 * is moved away from. Every link this builds names a configured host, never a request's.
 */
export class MirrorPolicy {
  readonly main: string | null;
  readonly #protocol: string;
  readonly #retired: ReadonlySet<string>;
  readonly #current: string | null;
  /** The live hosts (`host[:port]`): the main host, then the mirrors not retired. */
  readonly liveHosts: readonly string[];

  constructor(input: MirrorPolicyInput) {
    const site = input.publicSiteUrl ? new URL(input.publicSiteUrl) : null;
    this.main = site ? hostKey(site.host) : null;
    this.#protocol = site?.protocol ?? 'http:';
    this.#retired = new Set(input.retiredHosts.map((h) => hostKey(h)).filter((h) => h !== null));
    const live = [...input.mirrorHosts.map((h) => hostKey(h)), this.main].filter(
      (h): h is string => h !== null && !this.#retired.has(h),
    );
    this.#current = live[0] ?? null;
    this.liveHosts = [...new Set(this.main ? [this.main, ...live] : live)];
  }

  /** Whether the operator retired `host` (`host[:port]` as a Host header carries it). */
  isRetiredHost(host: string | undefined): boolean {
    const key = hostKey(host);
    return key !== null && this.#retired.has(key);
  }

  /** The origin a retired host moves visitors to: the first live mirror, else the main host. */
  newLink(): string | null {
    return this.#current && `${this.#protocol}//${this.#current}`;
  }

  /** The origin of a configured host (`host[:port]` key), with the site's scheme. */
  originOf(key: string): string {
    return `${this.#protocol}//${key}`;
  }

  /**
   * The main host's single-sign-on start (docs/product-rules.md §4, §7), for a page on `host`: only on
   * another host of the operator; on the main host itself, or without one, null. It lives on the
   * main host's API, where its refresh cookie is.
   */
  ssoLink(host: string | undefined): string | null {
    const key = hostKey(host);
    if (!this.main || !key || key === this.main) return null;
    const hostname = splitHost(this.main)?.hostname ?? this.main;
    const api = isBareHost(hostname) ? `${this.originOf(this.main)}/api` : this.originOf(`api.${this.main}`);
    return `${api}/sso`;
  }
}
