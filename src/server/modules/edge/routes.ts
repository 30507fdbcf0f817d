import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_COLUMNS, ROUTES } from '../../../shared/api/edge-routes.ts';
import { withinStoredYears } from '../../../shared/api/fields.ts';
import { fromMinor } from '../../../shared/money.ts';
import { CONTENT_TAGS } from '../../../shared/wire/site-content.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, fail, invalid } from '../../domain-error.ts';
import { toCsv } from '../../http/csv.ts';
import { type GeoGate, regionOf } from '../../http/edge/geo.ts';
import { hostKey, type MirrorPolicy } from '../../http/edge/mirrors.ts';
import { requireTrustedHost, siteOrigin } from '../../http/request-origin.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { setDeviceCookie } from '../auth/device.ts';
import { REFRESH_COOKIE, requestMeta, requireUser, sendSession, setRefreshCookie } from '../auth/http.ts';
import type { UserRow } from '../auth/repository.ts';
import type { AuthService } from '../auth/service.ts';
import { attributionReport, insertTouch } from './attribution-repository.ts';
import type { SiteContent } from './site-content.ts';
import { type SingleSignOn, SSO_BROWSER_PARAM, SSO_CODE_PARAM } from './sso.ts';

interface Deps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  geo: GeoGate;
  mirrors: MirrorPolicy;
  sso: SingleSignOn;
  content: SiteContent;
  operatorScope?: ((scope: FastifyInstance) => void) | undefined;
}

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);
const ok = { success: true } as const;

/** Money per currency (minor units) as `RUB 1000.00; USD 5.00` for the CSV. */
function moneyCell(money: Record<string, string>): string {
  return Object.entries(money)
    .map(([currency, minor]) => `${currency} ${fromMinor(BigInt(minor))}`)
    .join('; ');
}

/** Geo, mirrors, single sign-on and attribution (docs/edge.md). Mounted under /api. */
export async function edgeRoutes(app: FastifyInstance, deps: Deps) {
  const { database, geo, mirrors, sso, config, content } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // `request.ip` is the visitor's address under TRUST_PROXY (src/server/http/proxy-trust.ts).
  const located = (request: FastifyRequest) => geo.locate(request.ip, request.headers);

  // Answers as the money and game routes do (a blocked or unknown country, any user agent): the
  // page's script shows /no-access on a 451, and on /no-access goes home on a 200 (docs/edge.md).
  api.get('/geo_ip', { schema: declared('GET /geo_ip') }, async (request, reply) => {
    const { ip, country } = located(request);
    if (geo.refuses(country)) throw fail('unavailable', 'geo', 'geo_blocked');
    reply.header('cache-control', 'private, no-store');
    return { ip, country_code: country, region: regionOf(country) };
  });

  const mirrorAnswer = (request: FastifyRequest) => ({
    redirect: { newLink: mirrors.isRetiredHost(request.host) ? mirrors.newLink() : null },
    meta_yandex_verification: config.env.YANDEX_VERIFICATION ?? null,
    // Only a trusted host of the operator gets the main host's link (docs/security.md).
    sso: siteOrigin(request) ? mirrors.ssoLink(request.host) : null,
    mirrors: [...mirrors.liveHosts],
  });
  api.get('/mirror', { schema: declared('GET /mirror') }, async (request) => mirrorAnswer(request));
  api.post('/middleware/mirror', { schema: declared('POST /middleware/mirror') }, async (request) =>
    mirrorAnswer(request),
  );
  api.post(
    '/middleware/mirrorRedirect',
    { schema: declared('POST /middleware/mirrorRedirect') },
    async (request) => ({
      redirect: {
        newLink: mirrors.isRetiredHost(request.body.domain) ? mirrors.newLink() : null,
        oldDomain: request.body.domain,
      },
    }),
  );
  api.post('/middleware/ip', { schema: declared('POST /middleware/ip') }, async (request) => {
    const { host, userAgent } = request.body;
    const { ip, country } = located(request);
    const crawler = await geo.isCrawler(ip, userAgent);
    return {
      ip,
      country_code: country,
      region: regionOf(country),
      blocked: !crawler && geo.refuses(country),
      crawler,
      retired: mirrors.isRetiredHost(host),
    };
  });

  // ── attribution (docs/product-rules.md §3, §5, §7) ──
  api.post('/middleware/utm', { schema: declared('POST /middleware/utm') }, async (request) => {
    const query = request.body;
    const advId = randomUUID();
    await insertTouch(database, {
      visitor: advId,
      partner: query.partner ?? query.partnerId ?? query.stag ?? null,
      campaign: query.utm_campaign,
      source: query.utm_source,
      medium: query.utm_medium,
      clickUrl: query.click_url ?? null,
    });
    return { advId, promo: query.promo ? { type: 'promocode', value: query.promo } : null };
  });
  api.post('/middleware/affiliate', { schema: declared('POST /middleware/affiliate') }, async (request) => {
    const body = request.body;
    const partner = body.partner ?? body.partnerId ?? body.stag ?? null;
    if (partner) {
      await insertTouch(database, {
        visitor: body.advId ?? randomUUID(),
        partner,
        campaign: null,
        source: null,
        medium: null,
        clickUrl: body.click_url ?? null,
      });
    }
    return ok;
  });
  api.post(
    '/middleware/registerPageOpenEvent',
    { schema: declared('POST /middleware/registerPageOpenEvent') },
    async (request) => {
      request.log.info({ subH: request.body.subH, uuid: request.body.uuid }, 'partner page opened');
      return ok;
    },
  );

  // ── single sign-on across mirrors (docs/product-rules.md §4, docs/edge.md) ──
  const signedIn = requireUser(database, deps.auth.keys);
  const issueSession = async (user: UserRow, request: FastifyRequest) =>
    deps.auth.sessions.issue(user, requestMeta(request, config.env), 'sso');

  api.get('/sso', { schema: declared('GET /sso') }, async (request, reply) => {
    sso.requireMainHost(request);
    const back = sso.returnAddress(request.query.url);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const browser = sso.browserKey(request);
    if (browser.fresh) sso.setBrowserCookie(reply, request, browser.key);
    const held = await sso.sessionOf(request.cookies[REFRESH_COOKIE]);
    const { code, state } = request.query;
    if (code) {
      // A login on a mirror: the main host opens its own session, if the code was made for this
      // browser's key; either way the player goes back, never stranded on an error.
      const user = await sso
        .redeem(code, { host: request.host, purpose: 'login', state: browser.key })
        .catch((error: unknown) => {
          if (error instanceof DomainError && error.has('code', 'sso_refused')) return undefined;
          throw error;
        });
      // A player excluded since (docs/responsible-gambling.md) gets no session here either.
      const session =
        user && user.id !== held?.userId
          ? await issueSession(user, request).catch((error: unknown) => {
              if (error instanceof DomainError && error.kind === 'forbidden') return undefined;
              throw error;
            })
          : undefined;
      if (!user) request.log.info('sso login code refused: back without a session here');
      else if (session) {
        setRefreshCookie(reply, session.refreshToken, config.env, request);
        setDeviceCookie(reply, request, session.deviceEntry);
        // The player logged in on the mirror as somebody else: that login ends the other session here.
        if (held) await deps.auth.sessions.logout(held.sessionId);
      }
      return reply.redirect(back.href, 302);
    }
    const target = hostKey(back.host);
    if (target && target !== mirrors.main) {
      const fragment = new URLSearchParams();
      // Only a page that sent its state can get a code: the code is bound to it.
      if (held && state)
        fragment.set(SSO_CODE_PARAM, await sso.issueCode(held.userId, target, 'mirror', state));
      fragment.set(SSO_BROWSER_PARAM, browser.key);
      back.hash = fragment.toString();
    }
    return reply.redirect(back.href, 302);
  });
  api.post(
    '/sso/exchange',
    { preValidation: requireTrustedHost, schema: declared('POST /sso/exchange') },
    async (request, reply) => {
      const held = await sso.sessionOf(request.cookies[REFRESH_COOKIE]);
      const { code, state } = request.body;
      const user = await sso.redeem(code, { host: request.host, purpose: 'mirror', state });
      // A browser holding another player's session here keeps it: never swapped without the player.
      if (held && held.userId !== user.id) throw invalid('code', 'sso_refused');
      return sendSession(reply, request, config.env, await issueSession(user, request), { sso: false });
    },
  );
  api.post('/sso/code', { preValidation: signedIn, schema: declared('POST /sso/code') }, async (request) => ({
    sso: await sso.loginLink(request, request.auth!.user.id, request.body.browser),
  }));

  // ── simple-auth links (docs/edge.md "Attribution"): a one-time code, never a token ──
  api.post(
    '/simple-auth/code',
    { preValidation: [requireTrustedHost, signedIn], schema: declared('POST /simple-auth/code') },
    async (request) => ({
      code: await sso.issueCode(request.auth!.user.id, hostKey(request.host) as string, 'link', null),
    }),
  );
  api.post(
    '/simple-auth/exchange',
    { preValidation: requireTrustedHost, schema: declared('POST /simple-auth/exchange') },
    async (request, reply) => {
      const held = await sso.sessionOf(request.cookies[REFRESH_COOKIE]);
      const user = await sso.redeem(request.body.code, { host: request.host, purpose: 'link', state: null });
      if (held && held.userId !== user.id) throw invalid('code', 'sso_refused');
      return sendSession(reply, request, config.env, await issueSession(user, request), { sso: false });
    },
  );

  api.get('/settings', { schema: declared('GET /settings') }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { data: await content.settings() };
  });

  const { operatorScope } = deps;
  if (!operatorScope) return;
  await app.register(async (scope) => {
    operatorScope(scope);
    const operator = scope.withTypeProvider<ZodTypeProvider>();
    // ── settings and search-engine data (docs/edge.md): pages showing them render again ──
    const changed = async (tag: string) => {
      content.forget();
      await app.invalidatePages([tag]);
    };
    operator.get('/operator/settings', { schema: declared('GET /operator/settings') }, async () => ({
      data: await content.settings(),
    }));
    operator.put('/operator/settings', { schema: declared('PUT /operator/settings') }, async (request) => {
      await content.saveSettings(request.body);
      await changed(CONTENT_TAGS.settings);
      return { data: await content.settings() };
    });
    operator.get('/operator/seo', { schema: declared('GET /operator/seo') }, async () => ({
      data: await content.allSeo(),
    }));
    operator.put('/operator/seo', { schema: declared('PUT /operator/seo') }, async (request) => {
      await content.saveSeo(request.body);
      await changed(CONTENT_TAGS.seo);
      return { data: request.body };
    });
    operator.delete('/operator/seo', { schema: declared('DELETE /operator/seo') }, async (request) => {
      if (!(await content.deleteSeo(request.query.locale, request.query.path)))
        throw fail('not_found', 'path', 'not_found');
      await changed(CONTENT_TAGS.seo);
      return ok;
    });
    const range = (query: { from: string; to: string }) => {
      const from = new Date(`${query.from}T00:00:00Z`);
      // `to` is the last day counted: the range ends at the start of the next day.
      const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000);
      // Any four-digit year is a valid day (year 0000 too, and `to` 9999-12-31 ends in 10000).
      return [withinStoredYears(from), withinStoredYears(to)] as const;
    };
    operator.get(
      '/operator/attribution/report',
      { schema: declared('GET /operator/attribution/report') },
      async (request) => ({ data: await attributionReport(database, ...range(request.query)) }),
    );
    operator.get(
      '/operator/attribution/report.csv',
      { schema: declared('GET /operator/attribution/report.csv') },
      async (request, reply) => {
        const rows = await attributionReport(database, ...range(request.query));
        const csv = toCsv(
          REPORT_COLUMNS,
          rows.map((row) => [
            row.partner ?? '',
            row.campaign ?? '',
            String(row.visits),
            String(row.registrations),
            String(row.first_deposits),
            moneyCell(row.deposit_sum),
            moneyCell(row.ngr),
          ]),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="orbita-attribution.csv"')
          .send(csv);
      },
    );
  });
}
