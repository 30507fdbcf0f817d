import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/auth-routes.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, fail, invalid } from '../../domain-error.ts';
import { STATUS_OF } from '../../http/errors.ts';
import { requireTrustedHost } from '../../http/request-origin.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { checkCaptcha } from './captcha.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device.ts';
import {
  clearRefreshCookie,
  REFRESH_COOKIE,
  requestMeta,
  requireUser,
  sendSession,
  setRefreshCookie,
} from './http.ts';
import { normaliseEmail, normalisePhone } from './phone.ts';
import type { RegistrationPromos } from './registration-promos.ts';
import type { AuthService } from './service.ts';
import { POPUP_SCRIPT_HASH, popupPage, type SocialLogin } from './social.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  social: SocialLogin;
  /** Guards the operator routes; absent when no OPERATOR_API_TOKEN is configured. */
  operatorScope?: ((scope: FastifyInstance) => void) | undefined;
  /** Redeems a promo code sent with a registration. */
  bonus?: RegistrationPromos;
}

/** An address as a request carries it: an e-mail, or a phone number with its country. */
type Contact = { email: string } | { phone: string; country?: string | undefined };

/** The normalised address; 422 `phone: invalid_phone` for a number that is none. */
function targetOf(contact: Contact): string {
  if ('email' in contact) return normaliseEmail(contact.email);
  const phone = normalisePhone(contact.phone, contact.country ?? 'RU');
  if (!phone) throw invalid('phone', 'invalid_phone');
  return phone;
}

const captchaOf = (body: { captcha?: string | undefined; 'g-recaptcha-response'?: string | undefined }) =>
  body.captcha ?? body['g-recaptcha-response'];

const attributionOf = (body: {
  partner?: string | undefined;
  adplace?: string | undefined;
  stag?: string | undefined;
  promo?: string | undefined;
}) => ({
  partner: body.partner ?? null,
  adplace: body.adplace ?? null,
  stag: body.stag ?? null,
  promo: body.promo ?? null,
});

const ok = { success: true } as const;
const CHANNELS = ['email', 'phone'] as const;
const v2 = '/api/v2/auth';

/** A route's declaration (ROUTES in src/shared/api/auth-routes.ts) as its `schema` option. */
const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** Registration, login, codes, recovery and tokens (docs/api-auth.md). Mounted under /api. */
export async function authRoutes(
  app: FastifyInstance,
  { config, database, auth, social, operatorScope, bonus }: Deps,
) {
  const env = config.env;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const captcha = {
    secret: env.CAPTCHA_SECRET,
    verifyUrl: env.CAPTCHA_VERIFY_URL,
    minScore: env.CAPTCHA_MIN_SCORE,
  };
  // Guards run before validation: a call without a token, or to an untrusted host, is refused
  // whatever its body.
  const authenticated = requireUser(database, auth.keys);
  // Routes that mail or redirect to a link built on the request's host (docs/security.md).
  const linking = requireTrustedHost;
  // The captcha is checked once the login throttle lets the attempt through: a throttled attempt
  // costs no call to the captcha service, and a failed captcha no failure on the account.
  const loginClient = (request: FastifyRequest, body?: Parameters<typeof captchaOf>[0]) => ({
    deviceCookie: request.cookies[DEVICE_COOKIE],
    ...(body ? { checkCaptcha: () => checkCaptcha(captcha, captchaOf(body), request.ip) } : {}),
  });
  const meta = (request: FastifyRequest, locale?: string) => requestMeta(request, env, locale);

  for (const channel of CHANNELS) {
    // ── registration ──
    api.post(
      `${v2}/register/${channel}`,
      { schema: declared(`POST ${v2}/register/${channel}`) },
      async (request, reply) => {
        const { body } = request;
        const who = meta(request, body.locale);
        await checkCaptcha(captcha, captchaOf(body), who.ip);
        // A promo code given at registration (docs/bonuses.md "Promo codes"): one that cannot be
        // redeemed refuses the registration before the account exists; any other value is attribution only.
        if (body.promo && bonus) await bonus.checkPromo(body.promo, body.currency ?? null);
        const registration = {
          channel,
          target: targetOf(body),
          password: body.password,
          name: body.name,
          currency: body.currency,
          timezone: body.timezone,
          attribution: attributionOf(body),
        };
        const session = await auth.registration.register(registration, who);
        if (body.promo && bonus) await bonus.redeemQuietly(session.user, body.promo, request.log);
        return sendSession(reply, request, env, session);
      },
    );

    // ── login ──
    api.post(
      `${v2}/login/${channel}/password`,
      { schema: declared(`POST ${v2}/login/${channel}/password`) },
      async (request, reply) => {
        const { body } = request;
        const target = targetOf(body);
        const client = loginClient(request, body);
        const session = await auth.login.withPassword(channel, target, body.password, meta(request), client);
        return sendSession(reply, request, env, session);
      },
    );
    const codePaths = [
      `${v2}/login/${channel}/verification`,
      `${v2}/login/${channel === 'email' ? 'email/resend' : 'phone/code/resend'}`,
    ] as const;
    for (const path of codePaths) {
      api.post(path, { schema: declared(`POST ${path}`) }, async (request) => {
        const { body } = request;
        await auth.login.requestCode(channel, targetOf(body), meta(request, body.locale));
        return ok;
      });
    }
    api.post(
      `${v2}/login/${channel}/code`,
      { schema: declared(`POST ${v2}/login/${channel}/code`) },
      async (request, reply) => {
        const { body } = request;
        const target = targetOf(body);
        const who = meta(request);
        const session = await auth.login.withCode(channel, target, body.code, who, loginClient(request));
        return sendSession(reply, request, env, session);
      },
    );

    // ── contact verification (logged in) ──
    api.post(
      `${v2}/${channel}/resend`,
      { preValidation: authenticated, schema: declared(`POST ${v2}/${channel}/resend`) },
      async (request) => {
        await auth.verification.resend(request.auth!.user, channel, meta(request));
        return ok;
      },
    );
    api.post(
      `${v2}/${channel}/verify/code`,
      { preValidation: authenticated, schema: declared(`POST ${v2}/${channel}/verify/code`) },
      async (request) => {
        await auth.verification.verify(request.auth!.user, channel, request.body.code, meta(request));
        return ok;
      },
    );

    // ── password recovery ──
    api.post(
      `${v2}/password/${channel}/forgot`,
      { preValidation: linking, schema: declared(`POST ${v2}/password/${channel}/forgot`) },
      async (request) => {
        const { body } = request;
        await auth.recovery.forgot(channel, targetOf(body), meta(request, body.locale));
        return ok;
      },
    );
    api.post(
      `${v2}/password/${channel}/code/confirm`,
      { schema: declared(`POST ${v2}/password/${channel}/code/confirm`) },
      async (request) => {
        const { body } = request;
        const target = targetOf(body);
        const resetToken = await auth.recovery.confirmCode(channel, target, body.code, meta(request));
        return { ...ok, data: { reset_token: resetToken } };
      },
    );
    api.post(
      `${v2}/password/${channel}/token/check`,
      { schema: declared(`POST ${v2}/password/${channel}/token/check`) },
      async (request) => {
        if (!(await auth.recovery.tokenIsValid(request.body.token, channel, meta(request))))
          throw invalid('token', 'token_invalid');
        return ok;
      },
    );
  }

  const restore = `${v2}/password` as const;
  api.post(
    `${restore}/email/token/confirm`,
    { schema: declared(`POST ${restore}/email/token/confirm`) },
    async (request) => ({
      ...ok,
      data: { reset_token: await auth.recovery.exchangeLinkToken(request.body.token, meta(request)) },
    }),
  );
  for (const path of [`${restore}/email/reset/token`, `${restore}/phone/reset`] as const) {
    api.post(path, { schema: declared(`POST ${path}`) }, async (request, reply) => {
      const { token, password, password_confirmation: confirmation } = request.body;
      const session = await auth.recovery.resetWithToken(token, password, confirmation, meta(request));
      return sendSession(reply, request, env, session);
    });
  }
  api.post(
    `${restore}/email/reset/code`,
    { schema: declared(`POST ${restore}/email/reset/code`) },
    async (request, reply) => {
      const { code, password, password_confirmation: confirmation } = request.body;
      const target = normaliseEmail(request.body.email);
      const who = meta(request);
      const session = await auth.recovery.resetWithCode(target, code, password, confirmation, who);
      return sendSession(reply, request, env, session);
    },
  );

  // ── tokens ──
  api.post(
    '/auth/refresh-token',
    { schema: declared('POST /auth/refresh-token') },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      const rotated = token ? await auth.sessions.refresh(token, meta(request)) : null;
      if (!rotated) {
        clearRefreshCookie(reply);
        throw fail('unauthenticated', 'token', 'token_invalid');
      }
      setRefreshCookie(reply, rotated.refreshToken, env, request);
      return { access_token: rotated.accessToken };
    },
  );

  api.put(
    '/auth/logout',
    { preValidation: authenticated, schema: declared('PUT /auth/logout') },
    async (request, reply) => {
      await auth.sessions.logout(request.auth!.sessionId);
      clearRefreshCookie(reply);
      return ok;
    },
  );

  api.post(
    '/auth/send_login_data',
    { preValidation: [requireTrustedHost, authenticated], schema: declared('POST /auth/send_login_data') },
    async (request) => {
      await auth.recovery.sendLoginData(request.auth!.user, meta(request));
      return ok;
    },
  );

  // ── social login (a popup that posts its result to the opener, docs/api-auth.md) ──
  api.put('/auth/login', { preValidation: linking, schema: declared('PUT /auth/login') }, async (request) => {
    const { body } = request;
    const start = { provider: body.provider, origin: body.origin, promo: body.promo };
    return { url: await social.start(start, meta(request)) };
  });

  api.get(
    '/auth/social/:provider/callback',
    { schema: declared('GET /auth/social/:provider/callback') },
    async (request, reply) => {
      const { provider } = request.params;
      const who = meta(request);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; script-src '${POPUP_SCRIPT_HASH}'; frame-ancestors 'none'`,
        )
        // The popup must stay in its opener's browsing context group to post its result.
        .removeHeader('cross-origin-opener-policy');
      try {
        if (!who.siteUrl) await requireTrustedHost(request);
        const url = new URL(request.url, who.siteUrl ?? undefined);
        const { origin, session } = await social.finish(provider, url, who);
        setRefreshCookie(reply, session.refreshToken, env, request);
        setDeviceCookie(reply, request, session.deviceEntry);
        return reply.send(
          popupPage(origin, { success: true, token: session.accessToken, is_new: session.isNew }),
        );
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social login failed');
        // Without a verified state there is no trusted origin: post to our own site origin only.
        // The page answers with the failure's status, whichever it is (the declared ones are the
        // failures social.finish is known to give).
        return (reply as FastifyReply)
          .code(error instanceof DomainError ? STATUS_OF[error.kind] : 500)
          .send(popupPage(who.siteUrl ?? app.origins.canonical, { success: false, error: 'social_failed' }));
      }
    },
  );

  // ── operator API: the login throttle's live counters ──
  if (operatorScope) {
    await app.register(async (scope) => {
      operatorScope(scope);
      scope
        .withTypeProvider<ZodTypeProvider>()
        .get('/operator/login-throttles', { schema: declared('GET /operator/login-throttles') }, async () =>
          auth.throttle.report(),
        )
        .get(
          '/operator/players/:userId/devices',
          { schema: declared('GET /operator/players/:userId/devices') },
          async (request) => {
            const devices = await auth.sessions.devicesOf(request.params.userId);
            if (!devices) throw new DomainError('not_found', { user: ['not_found'] });
            return { data: devices };
          },
        );
    });
  }
}
