import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import { checkCaptcha } from './captcha.ts';
import {
  clearRefreshCookie,
  REFRESH_COOKIE,
  requestMeta,
  requireUser,
  sendSession,
  setRefreshCookie,
} from './http.ts';
import { normaliseEmail, normalisePhone } from './phone.ts';
import * as schema from './schemas.ts';
import type { AuthService, Channel } from './service.ts';
import { POPUP_SCRIPT_HASH, popupPage, type SocialLogin } from './social.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  social: SocialLogin;
}

/** Registration, login, codes, recovery and tokens (docs/api-auth.md). Mounted under /api. */
export async function authRoutes(app: FastifyInstance, { config, database, auth, social }: Deps) {
  const env = config.env;
  const captcha = {
    secret: env.CAPTCHA_SECRET,
    verifyUrl: env.CAPTCHA_VERIFY_URL,
    minScore: env.CAPTCHA_MIN_SCORE,
  };
  const authenticated = { preHandler: requireUser(database, auth.keys) };
  const v2 = '/api/v2/auth';

  const phoneOf = (body: { phone: string; country?: string | undefined }) => {
    const phone = normalisePhone(body.phone, body.country ?? 'RU');
    if (!phone) throw invalid('phone', 'invalid_phone');
    return phone;
  };
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
  const ok = { success: true };

  // ── registration ──
  app.post(`${v2}/register/email`, async (request, reply) => {
    const body = schema.registerEmail.parse(request.body);
    const meta = requestMeta(request, env, body.locale);
    await checkCaptcha(captcha, captchaOf(body), meta.ip);
    const session = await auth.register(
      {
        channel: 'email',
        target: normaliseEmail(body.email),
        password: body.password,
        name: body.name,
        currency: body.currency,
        timezone: body.timezone,
        attribution: attributionOf(body),
      },
      meta,
    );
    return sendSession(reply, request, env, session);
  });

  app.post(`${v2}/register/phone`, async (request, reply) => {
    const body = schema.registerPhone.parse(request.body);
    const meta = requestMeta(request, env, body.locale);
    await checkCaptcha(captcha, captchaOf(body), meta.ip);
    const session = await auth.register(
      {
        channel: 'phone',
        target: phoneOf(body),
        password: body.password,
        name: body.name,
        currency: body.currency,
        timezone: body.timezone,
        attribution: attributionOf(body),
      },
      meta,
    );
    return sendSession(reply, request, env, session);
  });

  // ── login ──
  app.post(`${v2}/login/email/password`, async (request, reply) => {
    const body = schema.loginEmailPassword.parse(request.body);
    const meta = requestMeta(request, env);
    await checkCaptcha(captcha, captchaOf(body), meta.ip);
    return sendSession(
      reply,
      request,
      env,
      await auth.loginWithPassword('email', normaliseEmail(body.email), body.password, meta),
    );
  });

  app.post(`${v2}/login/phone/password`, async (request, reply) => {
    const body = schema.loginPhonePassword.parse(request.body);
    const meta = requestMeta(request, env);
    await checkCaptcha(captcha, captchaOf(body), meta.ip);
    return sendSession(
      reply,
      request,
      env,
      await auth.loginWithPassword('phone', phoneOf(body), body.password, meta),
    );
  });

  const sendLoginCode = (channel: Channel) => async (request: FastifyRequest) => {
    const body =
      channel === 'email' ? schema.emailOnly.parse(request.body) : schema.phoneOnly.parse(request.body);
    const target = 'email' in body ? normaliseEmail(body.email) : phoneOf(body);
    await auth.requestLoginCode(channel, target, requestMeta(request, env, body.locale));
    return ok;
  };
  app.post(`${v2}/login/email/verification`, sendLoginCode('email'));
  app.post(`${v2}/login/email/resend`, sendLoginCode('email'));
  app.post(`${v2}/login/phone/verification`, sendLoginCode('phone'));
  app.post(`${v2}/login/phone/code/resend`, sendLoginCode('phone'));

  app.post(`${v2}/login/email/code`, async (request, reply) => {
    const body = schema.emailCode.parse(request.body);
    return sendSession(
      reply,
      request,
      env,
      await auth.loginWithCode('email', normaliseEmail(body.email), body.code, requestMeta(request, env)),
    );
  });
  app.post(`${v2}/login/phone/code`, async (request, reply) => {
    const body = schema.phoneCode.parse(request.body);
    return sendSession(
      reply,
      request,
      env,
      await auth.loginWithCode('phone', phoneOf(body), body.code, requestMeta(request, env)),
    );
  });

  // ── contact verification (logged in) ──
  for (const channel of ['email', 'phone'] as const) {
    app.post(`${v2}/${channel}/resend`, authenticated, async (request) => {
      await auth.resendVerification(request.auth!.user, channel, requestMeta(request, env));
      return ok;
    });
    app.post(`${v2}/${channel}/verify/code`, authenticated, async (request) => {
      const body = schema.codeOnly.parse(request.body);
      await auth.verifyContact(request.auth!.user, channel, body.code, requestMeta(request, env));
      return ok;
    });
  }

  // ── password recovery ──
  const restore = `${v2}/password`;
  app.post(`${restore}/email/forgot`, async (request) => {
    const body = schema.emailOnly.parse(request.body);
    await auth.forgotPassword('email', normaliseEmail(body.email), requestMeta(request, env, body.locale));
    return ok;
  });
  app.post(`${restore}/phone/forgot`, async (request) => {
    const body = schema.phoneOnly.parse(request.body);
    await auth.forgotPassword('phone', phoneOf(body), requestMeta(request, env, body.locale));
    return ok;
  });
  app.post(`${restore}/email/code/confirm`, async (request) => {
    const body = schema.emailCode.parse(request.body);
    const resetToken = await auth.confirmResetCode(
      'email',
      normaliseEmail(body.email),
      body.code,
      requestMeta(request, env),
    );
    return { success: true, data: { reset_token: resetToken } };
  });
  app.post(`${restore}/phone/code/confirm`, async (request) => {
    const body = schema.phoneCode.parse(request.body);
    const resetToken = await auth.confirmResetCode(
      'phone',
      phoneOf(body),
      body.code,
      requestMeta(request, env),
    );
    return { success: true, data: { reset_token: resetToken } };
  });
  app.post(`${restore}/email/token/confirm`, async (request) => {
    const body = schema.tokenOnly.parse(request.body);
    return {
      success: true,
      data: { reset_token: await auth.exchangeLinkToken(body.token, requestMeta(request, env)) },
    };
  });
  for (const channel of ['email', 'phone'] as const) {
    app.post(`${restore}/${channel}/token/check`, async (request) => {
      const body = schema.tokenOnly.parse(request.body);
      if (!(await auth.resetTokenIsValid(body.token, channel, requestMeta(request, env))))
        throw invalid('token', 'token_invalid');
      return ok;
    });
  }
  const resetByToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = schema.resetWithToken.parse(request.body);
    return sendSession(
      reply,
      request,
      env,
      await auth.resetWithToken(
        body.token,
        body.password,
        body.password_confirmation,
        requestMeta(request, env),
      ),
    );
  };
  app.post(`${restore}/email/reset/token`, resetByToken);
  app.post(`${restore}/phone/reset`, resetByToken);
  app.post(`${restore}/email/reset/code`, async (request, reply) => {
    const body = schema.resetWithCode.parse(request.body);
    return sendSession(
      reply,
      request,
      env,
      await auth.resetWithCode(
        normaliseEmail(body.email),
        body.code,
        body.password,
        body.password_confirmation,
        requestMeta(request, env),
      ),
    );
  });

  // ── tokens ──
  app.post('/auth/refresh-token', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    const rotated = token ? await auth.refresh(token, requestMeta(request, env)) : null;
    if (!rotated) {
      clearRefreshCookie(reply);
      throw new ApiError(401, { token: ['token_invalid'] });
    }
    setRefreshCookie(reply, rotated.refreshToken, env, request);
    return { access_token: rotated.accessToken };
  });

  app.put('/auth/logout', authenticated, async (request, reply) => {
    await auth.logout(request.auth!.sessionId);
    clearRefreshCookie(reply);
    return ok;
  });

  app.post('/auth/send_login_data', authenticated, async (request) => {
    await auth.sendLoginData(request.auth!.user, requestMeta(request, env));
    return ok;
  });

  // ── social login (spec §4: popup + postMessage) ──
  app.put('/auth/login', async (request) => {
    const body = schema.socialStart.parse(request.body);
    return {
      url: await social.start(
        { provider: body.provider, origin: body.origin, promo: body.promo },
        requestMeta(request, env),
      ),
    };
  });

  app.get<{ Params: { provider: string } }>('/auth/social/:provider/callback', async (request, reply) => {
    const meta = requestMeta(request, env);
    const url = new URL(request.url, meta.siteUrl);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src '${POPUP_SCRIPT_HASH}'; frame-ancestors 'none'`,
      )
      // The popup must stay in its opener's browsing context group to post its result (spec §4).
      .removeHeader('cross-origin-opener-policy');
    try {
      const { origin, session } = await social.finish(request.params.provider, url, meta);
      setRefreshCookie(reply, session.refreshToken, env, request);
      return reply.send(
        popupPage(origin, { success: true, token: session.accessToken, is_new: session.isNew }),
      );
    } catch (error) {
      request.log.warn({ err: error, provider: request.params.provider }, 'social login failed');
      // Without a verified state there is no trusted origin: post to our own site origin only.
      return reply
        .code(error instanceof ApiError ? error.statusCode : 500)
        .send(popupPage(new URL(meta.siteUrl).origin, { success: false, error: 'social_failed' }));
    }
  });
}
