import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { sessionResponse } from './auth.ts';
import { fingerprint } from './auth-routes.ts';
import { success } from './common.ts';
import { content, route } from './declare.ts';
import {
  geoResponse,
  ipResponse,
  mirrorRedirectResponse,
  mirrorResponse,
  simpleAuthCodeResponse,
  ssoCodeResponse,
  utmResponse,
} from './edge.ts';
import { boundedText, httpUrl, NULL_OR_BLANK_KEY, orEmpty, trimmedPattern } from './fields.ts';

const text = (max: number) => boundedText({ max }).trim();
/** Text that must say something: blank is `required` (documented as holding a non-space). */
const filled = (max: number) => text(max).min(1, { error: 'required' }).meta({ pattern: '\\S' });
/** Optional text; null is "absent" too. */
const optional = (max: number) =>
  z
    .preprocess((v) => (v === null || v === '' ? undefined : v), text(max).optional())
    .meta({ [NULL_OR_BLANK_KEY]: true });

/** POST /middleware/utm: the page's whole query; the four UTM parameters must be there. */
export const utmQuery = z.looseObject({
  utm_source: filled(200),
  utm_medium: filled(200),
  utm_campaign: filled(200),
  utm_term: filled(200),
  promo: optional(100),
  partner: optional(100),
  stag: optional(200),
  partnerId: optional(100),
  click_url: optional(2000),
});

/** POST /middleware/affiliate: the partner parameters of docs/edge.md and the click. */
export const affiliate = z.object({
  partner: optional(100),
  adplace: optional(100),
  stag: optional(200),
  partnerId: optional(100),
  advId: optional(100),
  click_url: optional(2000),
});

export const pageOpen = z.object({
  subH: filled(200),
  uuid: fingerprint,
  click_url: optional(2000),
});

export const mirrorRedirect = z.object({ domain: filled(255) });
export const ipQuery = z.object({ host: filled(255), userAgent: optional(1000) });

/** GET /sso: where to go back to; a mirror page's start adds its `state`, a login on a mirror a `code`. */
export const ssoStart = z.object({
  url: filled(4000),
  code: optional(200),
  state: optional(200),
});
/** POST /sso/exchange: the code of the fragment and the page's own state value (its `ssoState` cookie). */
export const ssoExchange = z.object({
  code: filled(200),
  state: filled(200),
});
/** POST /sso/code: the main host's browser key the mirror page holds (its `ssoBrowser` cookie). */
export const ssoLoginCode = z.object({ browser: filled(200) });
export const simpleAuthExchange = z.object({ code: filled(200) });

/** An http(s) link of at most 500 characters; null or blank text clears the setting. */
const link = z
  .preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? null : v),
    // ASCII only (HTTP_URL), so zod's UTF-16 count is the document's count of characters.
    httpUrl('invalid_url').max(500).nullable().optional(),
  )
  .meta({ [NULL_OR_BLANK_KEY]: true });
/** PUT /operator/settings: each setting a URL, or null to clear it; absent ones are left alone. */
export const settingsBody = z
  .object({ revshare_service_frontend_url: link, telegram_channel_url: link })
  .strict();
const settings = z.object({
  revshare_service_frontend_url: z.string().nullable(),
  telegram_channel_url: z.string().nullable(),
});

const SEO_PATH = /^\/[^\s?#]*$/;
const seoPath = boundedText({ max: 300 })
  .trim()
  .regex(SEO_PATH, { error: 'invalid_path' })
  .meta({ pattern: trimmedPattern(SEO_PATH) });
/** Optional text of the page; absent, null or empty: none. */
const seoText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), text(max).nullable()).default(null);
/** PUT /operator/seo: one page's search-engine data in one locale (an unprefixed path). */
export const seoBody = z.object({
  locale: z.enum(LOCALES, { error: 'invalid_locale' }),
  path: seoPath,
  title: seoText(200),
  description: seoText(500),
  keywords: seoText(500),
  text: seoText(10_000),
});
export const seoKey = z.object({ locale: z.enum(LOCALES, { error: 'invalid_locale' }), path: seoPath });
const seoEntry = z.object({
  locale: z.string(),
  path: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.string().nullable(),
  text: z.string().nullable(),
});

const day = z.iso.date({ error: 'invalid_date' });
export const reportQuery = z.object({
  from: day,
  to: day,
});

const reportRow = z.object({
  partner: z.string().nullable(),
  campaign: z.string().nullable(),
  visits: z.number().int(),
  registrations: z.number().int(),
  first_deposits: z.number().int(),
  deposit_sum: z.record(z.string(), z.string()),
  ngr: z.record(z.string(), z.string()),
});

export const REPORT_COLUMNS = [
  'partner',
  'campaign',
  'visits',
  'registrations',
  'first_deposits',
  'deposit_sum',
  'ngr',
] as const;

export const ROUTES = {
  'GET /geo_ip': route({
    summary: 'The caller’s address, country and region; 451 from a blocked country',
    response: { 200: geoResponse },
    errors: ['unavailable'],
  }),
  'GET /mirror': route({
    summary: 'Startup: where a retired host moves to, the Yandex verification, the single-sign-on link',
    response: { 200: mirrorResponse },
  }),
  'POST /middleware/mirror': route({
    summary: 'The same answer as GET /mirror',
    response: { 200: mirrorResponse },
  }),
  'POST /middleware/mirrorRedirect': route({
    summary: 'Where a domain moves to: the current mirror when it is retired, else null',
    body: orEmpty(mirrorRedirect),
    response: { 200: mirrorRedirectResponse },
  }),
  'POST /middleware/ip': route({
    summary: 'The edge’s decision for a host and user agent from the caller’s address',
    body: orEmpty(ipQuery),
    response: { 200: ipResponse },
  }),
  'POST /middleware/utm': route({
    summary: 'Records a UTM visit; answers its advertising id and the campaign’s promo',
    body: orEmpty(utmQuery),
    response: { 200: utmResponse },
  }),
  'POST /middleware/affiliate': route({
    summary: 'Records a visit brought by a partner',
    body: orEmpty(affiliate),
    response: { 200: success },
  }),
  'POST /middleware/registerPageOpenEvent': route({
    summary: 'Records a page opened from a partner’s click (subH)',
    body: orEmpty(pageOpen),
    response: { 200: success },
  }),
  'GET /sso': route({
    summary:
      'Main host: sends the browser back to a mirror address with its browser key, and a one-time code bound to the page’s `state` when logged in; with a login `code` from a mirror, opens a session here first',
    querystring: ssoStart,
    response: {
      302: content(
        'text/plain',
        z.string(),
        'Back to the address, with `#sso_browser=` (and `&sso_code=` when logged in); with `code`, back without a fragment',
      ),
    },
    errors: ['misdirected'],
  }),
  'POST /sso/exchange': route({
    summary: 'Mirror: exchanges a one-time code and the page’s state for a session of its own',
    body: orEmpty(ssoExchange),
    response: { 200: sessionResponse },
    errors: ['misdirected'],
  }),
  'POST /sso/code': route({
    summary:
      'Mirror, after a login: the main host’s sso link with a one-time code for this player, bound to the given browser key',
    auth: 'player',
    body: orEmpty(ssoLoginCode),
    response: { 200: ssoCodeResponse },
    errors: ['unauthenticated'],
  }),
  'POST /simple-auth/code': route({
    summary: 'A one-time code for a simple-auth link to this host: the link’s `simpleAuthToken`',
    auth: 'player',
    response: { 200: simpleAuthCodeResponse },
    errors: ['unauthenticated', 'misdirected'],
  }),
  'POST /simple-auth/exchange': route({
    summary: 'Exchanges a simple-auth link’s one-time code for a session on this host',
    body: orEmpty(simpleAuthExchange),
    response: { 200: sessionResponse },
    errors: ['misdirected'],
  }),
  'GET /settings': route({
    summary: 'The operator’s public settings: the revshare service and the telegram channel links',
    response: { 200: z.object({ data: settings }) },
  }),
  'GET /operator/settings': route({
    summary: 'The public settings, as pages show them',
    auth: 'operator',
    response: { 200: z.object({ data: settings }) },
  }),
  'PUT /operator/settings': route({
    summary: 'Sets or clears (null) public settings; pages show the change at once',
    auth: 'operator',
    body: orEmpty(settingsBody),
    response: { 200: z.object({ data: settings }) },
  }),
  'GET /operator/seo': route({
    summary: 'Every page’s search-engine data',
    auth: 'operator',
    response: { 200: z.object({ data: z.array(seoEntry) }) },
  }),
  'PUT /operator/seo': route({
    summary: 'Sets one page’s title, description, keywords and text in one locale',
    auth: 'operator',
    body: orEmpty(seoBody),
    response: { 200: z.object({ data: seoEntry }) },
  }),
  'DELETE /operator/seo': route({
    summary: 'Removes one page’s search-engine data in one locale (the defaults show again)',
    auth: 'operator',
    querystring: seoKey,
    response: { 200: success },
    errors: ['not_found'],
  }),
  'GET /operator/attribution/report': route({
    summary:
      'Per partner and campaign: visits, registrations, first deposits, deposit sum, net gaming revenue',
    auth: 'operator',
    querystring: reportQuery,
    response: { 200: z.object({ data: z.array(reportRow) }) },
  }),
  'GET /operator/attribution/report.csv': route({
    summary: 'The same report as CSV (money per currency as `RUB 1000.00; USD 5.00`)',
    auth: 'operator',
    querystring: reportQuery,
    response: { 200: content('text/csv', z.string(), REPORT_COLUMNS.join(',')) },
  }),
};
