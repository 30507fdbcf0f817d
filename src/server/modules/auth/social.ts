import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { regionForCountry } from '../../../shared/region.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { RequestMeta } from './context.ts';
import { identityOwner, linkIdentity, saveOAuthState, takeOAuthState } from './identity-repository.ts';
import { insertUser, type UserRow, userByEmail, userById } from './repository.ts';
import type { IssuedSession, Sessions } from './sessions.ts';

/** One OpenID Connect provider (OIDC_PROVIDERS entry). */
const providerSchema = z.object({
  name: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.string().default('openid email profile'),
});
export type ProviderConfig = z.infer<typeof providerSchema>;

export function parseProviders(json: string | undefined): ProviderConfig[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('OIDC_PROVIDERS is not valid JSON');
  }
  const parsed = z.array(providerSchema).safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `OIDC_PROVIDERS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

const STATE_TTL_MINUTES = 10;
export const SOCIAL_MESSAGE_TYPE = 'orbita:social-login';

/**
 * Social login over OpenID Connect (authorization code + PKCE, state and nonce), for any number
 * of configured providers; the popup posts its result back to the opener (docs/api-auth.md).
 */
export class SocialLogin {
  readonly #providers: Map<string, ProviderConfig>;
  readonly #configs = new Map<string, Promise<oidc.Configuration>>();
  readonly #db: Database;
  readonly #sessions: Sessions;

  constructor(providers: ProviderConfig[], deps: { database: Database; sessions: Sessions }) {
    this.#providers = new Map(providers.map((p) => [p.name, p]));
    this.#db = deps.database;
    this.#sessions = deps.sessions;
  }

  /** Builds the provider's authorization URL and remembers state, nonce and PKCE verifier. */
  async start(
    input: { provider: string; origin: string; promo?: string | undefined },
    meta: RequestMeta,
  ): Promise<string> {
    const provider = this.#providers.get(input.provider);
    if (!provider) throw invalid('provider', 'unknown_provider');
    const origin = new URL(input.origin).origin;
    if (!meta.siteUrl || new URL(origin).host !== new URL(meta.siteUrl).host)
      throw invalid('origin', 'invalid_origin');
    const config = await this.#config(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    await saveOAuthState(this.#db, {
      state,
      provider: provider.name,
      nonce,
      code_verifier: verifier,
      origin,
      promo: input.promo ?? null,
      ttlMinutes: STATE_TTL_MINUTES,
    });
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(meta.siteUrl, provider.name),
        scope: provider.scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /**
   * Completes the flow: checks state (single use), exchanges the code, validates the ID token's
   * nonce, then finds or creates the player and starts a session. Returns the opener's origin too.
   */
  async finish(
    providerName: string,
    currentUrl: URL,
    meta: RequestMeta,
  ): Promise<{ origin: string; session: IssuedSession }> {
    const provider = this.#providers.get(providerName);
    if (!provider) throw invalid('provider', 'unknown_provider');
    const state = currentUrl.searchParams.get('state') ?? '';
    const saved = await takeOAuthState(this.#db, state, provider.name);
    if (!saved) throw invalid('state', 'token_invalid');
    const config = await this.#config(provider);
    // The redirect URI the provider saw: the trusted site URL, not whatever host proxied the callback.
    if (!meta.siteUrl) throw invalid('origin', 'invalid_origin');
    const callback = new URL(callbackUrl(meta.siteUrl, provider.name));
    callback.search = currentUrl.search;
    let subject: string;
    let profile: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: saved.code_verifier,
        expectedState: state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('no subject in the ID token');
      subject = claims.sub;
      profile = claims;
      // Many providers put the email only in the userinfo answer, whose subject must match the token's.
      if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
        profile = await oidc.fetchUserInfo(config, tokens.access_token, subject);
      }
    } catch (error) {
      throw fail('unauthenticated', 'provider', 'provider_failed', (error as Error).message);
    }
    const email =
      typeof profile.email === 'string' && profile.email_verified === true
        ? profile.email.trim().toLowerCase()
        : null;
    const { user, isNew } = await this.#findOrCreate(provider.name, subject, email, saved.promo, meta);
    const session = await this.#sessions.issue(user, meta, `social:${provider.name}`);
    return { origin: saved.origin, session: { ...session, isNew } };
  }

  /** By identity; else link to the account with the same provider-verified email; else create. */
  async #findOrCreate(
    provider: string,
    subject: string,
    email: string | null,
    promo: string | null,
    meta: RequestMeta,
  ): Promise<{ user: UserRow; isNew: boolean }> {
    const ownerId = await identityOwner(this.#db, provider, subject);
    const linked = ownerId ? await userById(this.#db, ownerId) : undefined;
    if (linked) return { user: linked, isNew: false };
    const existing = email ? await userByEmail(this.#db, email) : undefined;
    let user = existing;
    if (!user) {
      try {
        user = await insertUser(this.#db, {
          email,
          registerMethod: `social:${provider}`,
          isEmailVerified: Boolean(email),
          locale: meta.locale,
          region: regionForCountry(meta.country),
          attribution: { promo },
        });
      } catch (error) {
        // Two first logins racing: the other one created the account; use it.
        if (email && isUniqueViolation(error, 'users_email_key')) user = await userByEmail(this.#db, email);
        if (!user) throw error;
      }
    }
    await linkIdentity(this.#db, { provider, subject, userId: user.id, email });
    return { user, isNew: !existing };
  }

  #config(provider: ProviderConfig): Promise<oidc.Configuration> {
    let config = this.#configs.get(provider.name);
    if (!config) {
      const issuer = new URL(provider.issuer);
      // Plain HTTP only for a provider on this machine (development and tests).
      const loopback =
        issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      config = oidc.discovery(
        issuer,
        provider.client_id,
        provider.client_secret,
        undefined,
        loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      config.catch(() => this.#configs.delete(provider.name));
      this.#configs.set(provider.name, config);
    }
    return config;
  }
}

export function callbackUrl(siteUrl: string, provider: string): string {
  return `${siteUrl}/api/auth/social/${provider}/callback`;
}

// The popup page's only script: it reads the JSON island and posts it to the opener's origin.
const POPUP_SCRIPT =
  "(function(){var d=JSON.parse(document.getElementById('result').textContent);if(window.opener){window.opener.postMessage(d.message,d.origin);}window.close();})();";
export const POPUP_SCRIPT_HASH = `sha256-${createHash('sha256').update(POPUP_SCRIPT).digest('base64')}`;

/** The HTML the popup ends on; the result travels as inert JSON, never as script text. */
export function popupPage(origin: string, message: Record<string, unknown>): string {
  const json = JSON.stringify({ origin, message: { type: SOCIAL_MESSAGE_TYPE, ...message } }).replace(
    /</g,
    '\\u003c',
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>Orbita</title></head><body><script type="application/json" id="result">${json}</script><script>${POPUP_SCRIPT}</script></body></html>`;
}
