import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';

let counter = 0;
/** A unique, valid e-mail per call. */
export const uniqueEmail = (prefix = 'player') => `${prefix}.${Date.now()}.${++counter}@example.com`;
/** A unique, valid Russian mobile number per call. */
export const uniquePhone = () => `+7912${String(Date.now() + ++counter).slice(-7)}`;

export const STRONG_PASSWORD = 'Orbit-7-Nebula!';

/** The 6-digit code of the newest outbox message to `recipient`. */
export async function lastCode(t: TestApp, recipient: string): Promise<string> {
  const [row] = await t.database.query<{ body: string }>(
    'select body from outbox where recipient = $1 order by id desc limit 1',
    [recipient],
  );
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

export async function lastMessage(t: TestApp, recipient: string) {
  const [row] = await t.database.query<{ subject: string | null; body: string; channel: string }>(
    'select subject, body, channel from outbox where recipient = $1 order by id desc limit 1',
    [recipient],
  );
  return row;
}

export function refreshCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'refresh_token')?.value;
}

export async function register(t: TestApp, body: Record<string, unknown> = {}) {
  const email = (body.email as string) ?? uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api/v2/auth/register/email',
    payload: { email, password: STRONG_PASSWORD, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string };
  return { email, token: json.token, refresh: refreshCookie(res) as string, res };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The accounts API's own prefix (under /api on the site host). */
export const V2 = '/api/v2/auth';

/** POST a JSON body to an API path (`url` under /api). */
export function postJson(
  t: TestApp,
  url: string,
  payload: unknown = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers,
  });
}

/** `postJson` bound to one app: `const post = postTo(t)`. */
export const postTo =
  (t: TestApp) =>
  (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    postJson(t, url, payload, headers);

/** The first link in the newest message to `recipient`. */
export async function lastLink(t: TestApp, recipient: string): Promise<string | undefined> {
  return /https?:\/\/\S+/.exec((await lastMessage(t, recipient))?.body ?? '')?.[0];
}

/** Whether each cookie a response sets is `Secure`. */
export const cookieFlags = (res: LightMyRequestResponse) =>
  Object.fromEntries(res.cookies.map((c) => [c.name, Boolean((c as { secure?: boolean }).secure)]));

/** POST …/password/email/forgot for `email`, with extra headers (a Host, forwarded headers). */
export function forgotPassword(
  t: TestApp,
  email: string,
  headers: Record<string, string> = {},
  prefix = '/api',
) {
  return t.app.inject({
    method: 'POST',
    url: `${prefix}/api/v2/auth/password/email/forgot`,
    headers,
    payload: { email },
  });
}
