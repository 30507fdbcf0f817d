import type { UtmAnswer } from '../shared/api/edge.ts';
import { TIMING } from '../shared/timing.ts';
import { readCookie, writeCookie } from './cookies.ts';

/** A cookie to write: name, value and lifetime in seconds (docs/product-rules.md §3, §9). */
export interface CookieWrite {
  name: string;
  value: string;
  maxAge: number;
}

/** What a page's query asks of the attribution rules (docs/product-rules.md §5). */
export interface AttributionPlan {
  cookies: CookieWrite[];
  /** POST /middleware/utm with the whole query, or null. */
  utm: Record<string, string> | null;
  /** POST /middleware/affiliate, or null. */
  affiliate: Record<string, string> | null;
  /** POST /middleware/registerPageOpenEvent (needs the fingerprint), or null. */
  pageOpen: { subH: string } | null;
  /** The fresh-token step: the simple-auth link's one-time code to exchange, or null. */
  simpleAuthCode: string | null;
}

const DAY = TIMING.attributionCookieSeconds;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'] as const;
/** Query parameters stored as they are, with their lifetime (docs/product-rules.md §3). */
const STORED = [
  ['stag', DAY],
  ['partnerId', DAY],
  ['advertiseUid', TIMING.advertiseCookieLongSeconds],
  ['advertiseSource', TIMING.advertiseCookieLongSeconds],
  ['cpaOneUid', TIMING.advertiseCookieLongSeconds],
  ['promo', DAY],
] as const;
/** The partner parameters of docs/edge.md: any of them is a partner's visit. */
const PARTNER_KEYS = ['partner', 'adplace', 'stag', 'partnerId'] as const;

/** The entries of `record` that have a value. */
function present(record: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/**
 * The rules of docs/product-rules.md §5 for one page load, as data: which cookies to set and which
 * calls to make, from the query and the cookies already held. `partnerDays` is the configured
 * lifetime of `partner` and `adplace`; `simpleAuthCode` is the `simpleAuthToken` the page took out
 * of its address before anything else ran (src/client/header.ts).
 */
export function planAttribution(
  query: URLSearchParams,
  cookie: (name: string) => string | null,
  {
    partnerDays,
    clickUrl,
    simpleAuthCode,
  }: { partnerDays: number; clickUrl: string; simpleAuthCode: string | null },
): AttributionPlan {
  const cookies: CookieWrite[] = [];
  const param = (name: string) => query.get(name)?.trim() || null;
  for (const [name, maxAge] of STORED) {
    const value = param(name);
    if (value) cookies.push({ name, value, maxAge });
  }
  for (const name of ['partner', 'adplace'] as const) {
    const value = param(name);
    if (value) cookies.push({ name, value, maxAge: partnerDays * 86_400 });
  }
  const pr = param('pr');
  if (pr && !cookie('prHash')) cookies.push({ name: 'prHash', value: pr, maxAge: DAY });
  const simpleAuth = param('simple_auth');
  const hadSimpleAuth = Boolean(cookie('simpleAuth'));
  if (simpleAuth && !hadSimpleAuth) cookies.push({ name: 'simpleAuth', value: simpleAuth, maxAge: DAY });

  const utm = UTM_KEYS.every((key) => param(key)) && !cookie('advId') ? Object.fromEntries(query) : null;
  const partnerVisit = PARTNER_KEYS.some((key) => param(key));
  const affiliate =
    partnerVisit && !utm
      ? present({
          ...Object.fromEntries(PARTNER_KEYS.map((key) => [key, param(key)])),
          advId: cookie('advId'),
          click_url: clickUrl,
        })
      : null;
  const subH = param('subH');
  // The fresh-token step (§5) logs a guest in; a session this browser holds is never replaced.
  const freshToken = simpleAuthCode !== null && (hadSimpleAuth || simpleAuth !== null) && !cookie('token');
  return {
    cookies,
    utm: utm && { ...utm, click_url: clickUrl },
    affiliate,
    pageOpen: subH ? { subH } : null,
    simpleAuthCode: freshToken ? simpleAuthCode : null,
  };
}

/** The cookies a UTM answer sets: `advId` for a day, the promo for 10 minutes with the bonus modal off (§4). */
export function utmCookies(answer: UtmAnswer): CookieWrite[] {
  const cookies: CookieWrite[] = [{ name: 'advId', value: answer.advId, maxAge: DAY }];
  if (answer.promo) {
    const ttl = TIMING.promoCookieSeconds;
    cookies.push(
      { name: 'adBonusType', value: answer.promo.type, maxAge: ttl },
      { name: 'adBonusValue', value: answer.promo.value, maxAge: ttl },
      { name: 'adBonusModal', value: 'false', maxAge: ttl },
    );
  }
  return cookies;
}

export interface AttributionCalls {
  utm: (query: Record<string, string>) => Promise<UtmAnswer>;
  affiliate: (body: Record<string, string>) => Promise<unknown>;
  pageOpen: (body: { subH: string; uuid: string | null; click_url: string }) => Promise<unknown>;
  /** Exchanges the simple-auth link's one-time code for a session (POST /simple-auth/exchange). */
  freshToken: (code: string) => Promise<unknown>;
  fingerprint: () => Promise<string | null>;
}

/**
 * Applies the plan for this page: cookies at once, then the calls, whose failures are swallowed
 * (docs/product-rules.md §8). Resolves when every call has settled.
 */
export async function runAttribution(
  calls: AttributionCalls,
  partnerDays: number,
  simpleAuthCode: string | null,
): Promise<void> {
  const plan = planAttribution(new URLSearchParams(location.search), (name) => readCookie(name), {
    partnerDays,
    clickUrl: location.href,
    simpleAuthCode,
  });
  for (const { name, value, maxAge } of plan.cookies) writeCookie(name, value, maxAge);
  const pending: Promise<unknown>[] = [];
  if (plan.utm) {
    pending.push(
      calls.utm(plan.utm).then((answer) => {
        for (const { name, value, maxAge } of utmCookies(answer)) writeCookie(name, value, maxAge);
      }),
    );
  }
  if (plan.affiliate) pending.push(calls.affiliate(plan.affiliate));
  if (plan.pageOpen) {
    const { subH } = plan.pageOpen;
    pending.push(
      calls.fingerprint().then((uuid) => calls.pageOpen({ subH, uuid, click_url: location.href })),
    );
  }
  if (plan.simpleAuthCode) pending.push(calls.freshToken(plan.simpleAuthCode));
  await Promise.allSettled(pending);
}
