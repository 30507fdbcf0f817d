import type { FastifyRequest } from 'fastify';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { publishSessionsRevoked, type SocketAuthenticator } from '../../realtime/gateway.ts';
import { modulePlugin } from '../module.ts';
import { DeviceCookies } from './device.ts';
import { Fingerprints } from './fingerprint.ts';
import { accessClaimsOf } from './http.ts';
import { Messenger } from './messenger.ts';
import { PromoSlot } from './registration-promos.ts';
import { authRoutes } from './routes.ts';
import { resolveSecret, resolveTokenSecret } from './secret.ts';
import { AuthService } from './service.ts';
import { SessionGate } from './session-gate.ts';
import { sessionIsLive } from './session-repository.ts';
import { parseProviders, SocialLogin } from './social.ts';
import { TokenKeys } from './tokens.ts';

/** What the accounts module offers the modules above it. */
export interface AuthModule {
  keys: TokenKeys;
  service: AuthService;
  /** The routes that play check sessions through this cache (docs/security.md "Sessions"). */
  sessionGate: SessionGate;
  /** The player of a request's valid access token, if any (the API's rate limit counts by it). */
  playerOf(request: FastifyRequest): Promise<string | undefined>;
  /** Who a `/ws` socket is (src/server/realtime/gateway.ts). */
  socketAuthenticator: SocketAuthenticator;
  /** Where the bonus module plugs promo codes into registration. */
  registrationPromos: PromoSlot;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthModule;
  }
}

/** Accounts, sessions and tokens (docs/api-auth.md): the bottom module, on the core alone. */
export const authModule = modulePlugin('auth', [], async (app, context) => {
  const { config, database, bus, clock, log } = context;
  const keys = new TokenKeys(await resolveTokenSecret(database, config.env.JWT_SECRET), clock);
  const messenger = new Messenger({
    smtpUrl: config.env.SMTP_URL,
    from: config.env.MAIL_FROM,
    log,
    production: config.env.NODE_ENV === 'production',
  });
  app.addHook('onClose', async () => messenger.close());
  // Device cookies are signed with their own key, generated once and kept in the database.
  const devices = new DeviceCookies(await resolveSecret(database, 'device_cookie_secret', undefined), clock);
  const fingerprints = new Fingerprints(
    await resolveSecret(database, 'fingerprint_key', config.env.FINGERPRINT_KEY),
  );
  const sessionGate = new SessionGate(
    database,
    bus,
    config.env.SESSION_RECHECK_SECONDS * 1000,
    undefined,
    clock,
  );
  await sessionGate.start();
  app.addHook('onClose', async () => sessionGate.stop());
  const service = new AuthService({
    database,
    keys,
    messenger,
    env: config.env,
    // The revocation is committed either way; sockets of other instances that miss the message
    // still lose the private channel when their access token expires (gateway.ts).
    sessionsRevoked: (sessionIds) => {
      sessionGate.sessionsRevoked(sessionIds);
      return publishSessionsRevoked(bus, sessionIds).catch((err: unknown) => {
        log.error({ err, sessions: sessionIds.length }, 'could not publish revoked sessions');
      });
    },
    devices,
    fingerprints,
    log,
    clock,
  });
  const social = new SocialLogin(parseProviders(config.env.OIDC_PROVIDERS), {
    database,
    sessions: service.sessions,
  });
  const registrationPromos = new PromoSlot();
  app.decorate('auth', {
    keys,
    service,
    sessionGate,
    playerOf: async (request) => (await accessClaimsOf(request, keys))?.userId.toString(),
    socketAuthenticator: {
      async verify(token) {
        const claims = await keys.verifyAccess(token);
        return (
          claims && {
            userId: claims.userId.toString(),
            sessionId: claims.sessionId,
            expiresAt: claims.expiresAt,
          }
        );
      },
      isLive: ({ userId, sessionId }) => sessionIsLive(database, sessionId, BigInt(userId)),
    },
    registrationPromos,
  } satisfies AuthModule);
  await registerApiRoutes(app, 'auth', authRoutes, {
    config,
    database,
    auth: service,
    social,
    operatorScope: context.operatorScope,
    bonus: registrationPromos,
  });
});
