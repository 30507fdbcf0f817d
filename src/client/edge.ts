import type { GeoAnswer, MirrorAnswer } from '../shared/api/edge.ts';
import { claimedCrawler } from '../shared/crawlers.ts';
import { TIMING } from '../shared/timing.ts';
import { $ssoLink } from '../stores/user.ts';
import { call } from './api.ts';
import { type AttributionCalls, runAttribution } from './attribution.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { fingerprint } from './fingerprint.ts';
import { isDevelopment, localHref } from './site.ts';
import { arriveBySso, SSO_COOKIE, shouldStartSso, startSso } from './sso.ts';
import { readToken, writeToken } from './token.ts';
import { describeUserAgent } from './user-agent.ts';

/** docs/product-rules.md §4: crawlers whose user agent names google or yandex skip the geo check. */
const geoCrawler = () => claimedCrawler(navigator.userAgent) !== null;

/** `/no-access` in this page's locale (docs/product-rules.md §2). */
export const noAccessHref = () => localHref('/no-access');

export const isNoAccessPage = () => document.body.dataset.layout === 'no-access';

/**
 * GET /geo_ip (docs/product-rules.md §4, §7): the region goes into the `region` cookie (sent as the
 * Region header from then on), the address and user agent into `userVersion` and `userBrowser`
 * (§3, a day). On /no-access a successful answer sends the visitor home; a 451 (a blocked
 * country) sends any other page to /no-access (src/client/api.ts).
 */
export async function checkGeo(): Promise<void> {
  if (geoCrawler()) return;
  let geo: GeoAnswer;
  try {
    geo = await call('GET /geo_ip');
  } catch {
    return;
  }
  const day = TIMING.attributionCookieSeconds;
  writeCookie('region', geo.region, day);
  writeCookie('userVersion', geo.ip, day);
  writeCookie('userBrowser', navigator.userAgent, day);
  if (isNoAccessPage()) window.location.replace(localHref('/'));
}

/**
 * Startup GET /mirror (docs/product-rules.md §4, §7): a retired host moves to `newLink` with the
 * same path and query; on a mirror without a session, the browser goes once to the main host's
 * sso link, which sends it back logged in when the player is logged in there. The
 * `ssoRedirected` cookie lives for the browser session, so a multi-page site does not go again on
 * every page. Failures are swallowed (§8).
 */
export async function checkMirror(): Promise<void> {
  let mirror: MirrorAnswer;
  try {
    mirror = await call('GET /mirror');
  } catch {
    return;
  }
  if (mirror.redirect.newLink) {
    const { pathname, search, hash } = window.location;
    window.location.replace(mirror.redirect.newLink.replace(/\/$/, '') + pathname + search + hash);
    return;
  }
  $ssoLink.set(mirror.sso);
  const start = shouldStartSso({
    sso: mirror.sso,
    hasToken: Boolean(readToken()),
    search: window.location.search,
    ssoCookie: readCookie(SSO_COOKIE) !== null,
    dev: isDevelopment(),
    bot: describeUserAgent(navigator.userAgent).crawler,
  });
  if (!start || !mirror.sso) return;
  // For the browser session: read on the next page load (docs/product-rules.md §3).
  writeCookie(SSO_COOKIE, '1', null);
  startSso(mirror.sso);
}

/** The attribution calls of docs/product-rules.md §7, through the page's API client. */
function attributionCalls(onSession: () => void): AttributionCalls {
  return {
    utm: (query) => call('POST /middleware/utm', { body: query }),
    affiliate: (body) => call('POST /middleware/affiliate', { body }),
    pageOpen: (body) => call('POST /middleware/registerPageOpenEvent', { body }),
    // The fresh-token step (§5): the simple-auth link's one-time code becomes this host's own
    // session (docs/edge.md "Attribution"); only a guest gets here (planAttribution).
    freshToken: async (code) => {
      const answer = await call(
        'POST /simple-auth/exchange',
        { body: { code } },
        { context: { anonymous: true } },
      );
      writeToken(answer.token);
      onSession();
    },
    fingerprint,
  };
}

/**
 * Every page's edge work (docs/edge.md): the single-sign-on arrival (`onSession` once it brought a
 * session), attribution (`simpleAuthCode`: the `simpleAuthToken` the page took out of its address
 * first thing), geo and the mirror check.
 */
export async function startEdge({
  onSession = () => {},
  simpleAuthCode = null,
}: {
  onSession?: () => void;
  simpleAuthCode?: string | null;
} = {}): Promise<void> {
  await arriveBySso();
  if (readToken()) onSession();
  const partnerDays = Number(document.documentElement.dataset.partnerCookieDays) || 30;
  void runAttribution(attributionCalls(onSession), partnerDays, simpleAuthCode).catch(() => undefined);
  void checkGeo();
  await checkMirror();
}
