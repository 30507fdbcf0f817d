import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, lastCode, STRONG_PASSWORD, uniqueEmail, uniquePhone } from '../helpers/auth.ts';

/**
 * Every flow that sends a mail or an SMS runs through an app logging at `trace` (request lines
 * included); no code, token or link it handed out may appear in any log line.
 */
let t: TestApp;
const lines: string[] = [];
/** Everything secret the flows produced: codes, link tokens, links, reset and session tokens. */
const secrets = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

const v2 = '/api/api/v2/auth';
async function post(url: string, payload: Record<string, unknown>, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: bearer(token) } : {}),
  });
  keepSecretsOf(res);
  return res;
}

function keepSecretsOf(res: LightMyRequestResponse) {
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
  for (const value of [body.token, body.data?.reset_token, body.access_token]) {
    if (typeof value === 'string') secrets.add(value);
  }
  for (const cookie of res.cookies) if (cookie.value) secrets.add(cookie.value);
}

/** The code the last message to `recipient` carried (and every link in it), remembered as secrets. */
async function codeFor(recipient: string): Promise<string> {
  const code = await lastCode(t, recipient);
  secrets.add(code);
  return code;
}

async function linkTokenFor(recipient: string): Promise<string> {
  const [row] = await t.database.query<{ body: string }>(
    'select body from outbox where recipient = $1 order by id desc limit 1',
    [recipient],
  );
  const link = /https?:\/\/\S+/.exec(row?.body ?? '')?.[0];
  const token = /\/reset-password\/([\w-]+)/.exec(link ?? '')?.[1];
  if (!link || !token) throw new Error(`no link in the last message to ${recipient}`);
  secrets.add(link);
  secrets.add(token);
  return token;
}

/** A log line without the fields that are numbers or ids by nature (time, pid, request id, timing). */
function meaningful(line: string): string {
  const { time: _t, pid: _p, hostname: _h, reqId: _r, responseTime: _rt, ...rest } = JSON.parse(line);
  if (rest.req) delete rest.req.remotePort;
  return JSON.stringify(rest);
}

describe('log lines', () => {
  test('carry no code, token or link from any flow that sends a mail or an SMS', async () => {
    const email = uniqueEmail('logs');
    const phone = uniquePhone();

    // Registration by email and phone: verification codes.
    const byEmail = (await post(`${v2}/register/email`, { email, password: STRONG_PASSWORD })).json();
    await codeFor(email);
    const byPhone = (await post(`${v2}/register/phone`, { phone, password: STRONG_PASSWORD })).json();
    await codeFor(phone);

    // Resend and verify, logged in.
    for (const [channel, target, token] of [
      ['email', email, byEmail.token],
      ['phone', phone, byPhone.token],
    ] as const) {
      expect((await post(`${v2}/${channel}/resend`, {}, token)).statusCode).toBe(200);
      const code = await codeFor(target);
      expect((await post(`${v2}/${channel}/verify/code`, { code }, token)).statusCode).toBe(200);
    }

    // Login codes, with resend.
    await post(`${v2}/login/email/verification`, { email });
    await codeFor(email);
    await post(`${v2}/login/email/resend`, { email });
    expect((await post(`${v2}/login/email/code`, { email, code: await codeFor(email) })).statusCode).toBe(
      200,
    );
    await post(`${v2}/login/phone/verification`, { phone });
    await codeFor(phone);
    await post(`${v2}/login/phone/code/resend?type=sms`, { phone });
    expect(
      (await post(`${v2}/login/phone/code?type=sms`, { phone, code: await codeFor(phone) })).statusCode,
    ).toBe(200);

    // Recovery by email: code → reset token → new password; link → reset token; reset by code.
    // (The send limit of 5 per address would stop this long script; it is not under test here.)
    await t.database.query('delete from rate_limits');
    await post(`${v2}/password/email/forgot`, { email });
    await linkTokenFor(email);
    const confirmed = await post(`${v2}/password/email/code/confirm`, { email, code: await codeFor(email) });
    const resetToken = confirmed.json().data.reset_token as string;
    expect((await post(`${v2}/password/email/token/check`, { token: resetToken })).statusCode).toBe(200);
    const password = 'Log-Safe-Pass-42';
    const reset = { password, password_confirmation: password };
    expect((await post(`${v2}/password/email/reset/token`, { token: resetToken, ...reset })).statusCode).toBe(
      200,
    );
    await post(`${v2}/password/email/forgot`, { email });
    await codeFor(email);
    const link = await linkTokenFor(email);
    expect((await post(`${v2}/password/email/token/confirm`, { token: link })).statusCode).toBe(200);
    await post(`${v2}/password/email/forgot`, { email });
    const code = await codeFor(email);
    expect((await post(`${v2}/password/email/reset/code`, { email, code, ...reset })).statusCode).toBe(200);

    // Recovery by phone.
    await post(`${v2}/password/phone/forgot`, { phone });
    const phoneReset = (
      await post(`${v2}/password/phone/code/confirm`, { phone, code: await codeFor(phone) })
    ).json().data.reset_token as string;
    expect((await post(`${v2}/password/phone/token/check`, { token: phoneReset })).statusCode).toBe(200);
    expect((await post(`${v2}/password/phone/reset`, { token: phoneReset, ...reset })).statusCode).toBe(200);

    // Login data of a logged-in player: a link.
    const session = (await post(`${v2}/login/email/password`, { email, password })).json().token as string;
    expect((await post('/api/auth/send_login_data', {}, session)).statusCode).toBe(200);
    const loginDataToken = await linkTokenFor(email);

    // The reset page itself carries the link token in its path; the social callback a code.
    await t.app.inject(`/reset-password/${loginDataToken}`);
    await t.app.inject(`/en/reset-password/${loginDataToken}?phone=%2B79120000000`);
    await t.app.inject(`/api/auth/social/google/callback?code=${loginDataToken}&state=${loginDataToken}`);

    expect(lines.some((line) => line.includes('incoming request'))).toBe(true);
    expect(secrets.size).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const line of lines.map(meaningful)) {
      for (const secret of secrets) {
        const found = /^\d{6}$/.test(secret)
          ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(line)
          : line.includes(secret);
        if (found) leaks.push(`${secret} in ${line}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
