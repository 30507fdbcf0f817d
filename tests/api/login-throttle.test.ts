import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCode, register, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { captchaVerifier } from '../helpers/captcha.ts';

/**
 * The login throttle (src/server/modules/auth/throttle.ts): slows guessing without locking the
 * owner out. The app trusts X-Forwarded-For, so each test picks its own client addresses.
 */
const OPERATOR_TOKEN = 'operator-token-for-the-throttle-tests';
const WRONG = 'Wrong-Password-1';
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { TRUST_PROXY: 'true', OPERATOR_API_TOKEN: OPERATOR_TOKEN, LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** A client address no other test uses. */
const freshIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

function login(
  app: TestApp,
  email: string,
  password: string,
  { ip, device, captcha }: { ip: string; device?: string | undefined; captcha?: string },
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/api/v2/auth/login/email/password',
    payload: { email, password, ...(captcha ? { captcha } : {}) },
    headers: { 'x-forwarded-for': ip },
    ...(device ? { cookies: { device } } : {}),
  });
}

const deviceCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'device')?.value;

/** The wait a 429 announces: the Retry-After header, which the body repeats. */
function announcedWait(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(res.json()).toEqual({ errors: { request: [`too_many_attempts:${seconds}`] } });
  return seconds;
}

/** Lets `seconds` pass for every counter (they are all moved into the past). */
async function elapse(app: TestApp, seconds: number) {
  await app.database.query(
    `update login_throttles set started_at = started_at - make_interval(secs => $1),
            last_failure_at = last_failure_at - make_interval(secs => $1),
            blocked_until = blocked_until - make_interval(secs => $1),
            expires_at = expires_at - make_interval(secs => $1)`,
    [seconds],
  );
}

/** One evaluated wrong password, as a patient attacker gets it: waiting out every wait first. */
async function failOnce(app: TestApp, email: string, ip: string) {
  for (;;) {
    const res = await login(app, email, WRONG, { ip });
    if (res.statusCode === 422) return;
    await elapse(app, announcedWait(res));
  }
}

async function accountOf(app: TestApp, email: string): Promise<string> {
  const [row] = await app.database.query<{ id: string }>('select id::text from users where email = $1', [
    email,
  ]);
  return `user:${row?.id}`;
}

describe('login throttle', () => {
  test('wrong passwords from one shared IP against account A and others leave account B at that IP free to log in', async () => {
    // One proxy address for everyone, as behind a proxy without TRUST_PROXY.
    const shared = freshIp();
    const a = await register(t);
    const b = await register(t);
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await login(t, a.email, WRONG, { ip: shared })).statusCode);
    // A is slowed: after its free failures the guesses are refused unchecked (a stall of more than
    // the first 1-second wait on a loaded machine lets one more through).
    expect(answers.filter((s) => s === 422).length).toBeGreaterThanOrEqual(5);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(33);
    for (let n = 0; n < 5; n++) {
      const stranger = uniqueEmail('sprayed');
      for (let i = 0; i < 5; i++) await login(t, stranger, WRONG, { ip: shared });
    }
    // 30 failures from the address: B, in a browser that never logged in before, still gets in.
    expect((await login(t, b.email, STRONG_PASSWORD, { ip: shared })).statusCode).toBe(200);
  });

  test("the owner's known device logs in with the right password however many failures an attacker piles up", async () => {
    const shared = freshIp();
    const owner = await register(t);
    const device = deviceCookie(owner.res);
    expect(device).toBeDefined();
    expect(owner.res.cookies.find((c) => c.name === 'device')?.httpOnly).toBe(true);
    // A patient attacker, from the owner's own (proxy) address and from elsewhere, waits out every wait.
    for (let i = 0; i < 24; i++) await failOnce(t, owner.email, i % 2 ? shared : freshIp());
    const stranger = await login(t, owner.email, STRONG_PASSWORD, { ip: shared });
    expect(announcedWait(stranger)).toBeGreaterThan(0);
    const known = await login(t, owner.email, STRONG_PASSWORD, { ip: shared, device });
    expect(known.statusCode).toBe(200);
    // A new entry for the next login; the device stays known.
    const renewed = deviceCookie(known);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(device);
    expect((await login(t, owner.email, STRONG_PASSWORD, { ip: shared, device: renewed })).statusCode).toBe(
      200,
    );
  });

  test('an untrusted client waits 1, 2, 4 … seconds from the fifth failure on, up to 15 minutes, from any address', async () => {
    const { email } = await register(t);
    const account = await accountOf(t, email);
    const waitInDatabase = async () => {
      const [row] = await t.database.query<{ wait: number }>(
        `select round(extract(epoch from blocked_until - last_failure_at))::int as wait
           from login_throttles where key = $1`,
        [`password:${account}`],
      );
      return Number(row?.wait ?? 0);
    };
    for (let i = 0; i < 4; i++) {
      expect((await login(t, email, WRONG, { ip: freshIp() })).statusCode).toBe(422);
      expect(await waitInDatabase()).toBe(0);
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await login(t, email, WRONG, { ip: freshIp() })).statusCode).toBe(422);
      const wait = await waitInDatabase();
      waits.push(wait);
      // The right password is refused too while the wait runs (shorter waits may be over already
      // on a loaded machine, so only the longer ones are checked over HTTP).
      if (wait >= 4) {
        const refused = announcedWait(await login(t, email, STRONG_PASSWORD, { ip: freshIp() }));
        expect(refused).toBeLessThanOrEqual(wait);
        expect(refused).toBeGreaterThanOrEqual(wait - 2);
      }
      await elapse(t, wait);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // Once the wait is over the right password works and the counter starts again.
    expect((await login(t, email, STRONG_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
    expect(
      await t.database.query('select 1 from login_throttles where key = $1', [`password:${account}`]),
    ).toEqual([]);
  });

  test('concurrent wrong passwords get no further than the free attempts and the first waiting one', async () => {
    const { email } = await register(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t, email, WRONG, { ip: freshIp() }).then((r) => r.statusCode)),
    );
    expect(answers.filter((s) => s === 422)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
  });

  test('one address gets 10 failures against one account per 15 minutes; other addresses are not stopped by that', async () => {
    const { email } = await register(t);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) await failOnce(t, email, attacker);
    // The account's own wait (32 s after the 10th failure) runs out; the pair's window does not.
    await elapse(t, 40);
    const stopped = announcedWait(await login(t, email, STRONG_PASSWORD, { ip: attacker }));
    expect(stopped).toBeGreaterThan(700);
    expect((await login(t, email, STRONG_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
    expect(announcedWait(await login(t, email, STRONG_PASSWORD, { ip: attacker }))).toBeGreaterThan(700);
  });

  test('the per-address budget stops a spray across many accounts, but not known devices or other addresses', async () => {
    const sprayer = freshIp();
    const b = await register(t);
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => login(t, uniqueEmail('spray'), WRONG, { ip: sprayer })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(422));
    }
    expect(announcedWait(await login(t, uniqueEmail('spray'), WRONG, { ip: sprayer }))).toBeGreaterThan(800);
    expect(announcedWait(await login(t, b.email, STRONG_PASSWORD, { ip: sprayer }))).toBeGreaterThan(800);
    expect(
      (await login(t, b.email, STRONG_PASSWORD, { ip: sprayer, device: deviceCookie(b.res) })).statusCode,
    ).toBe(200);
    expect((await login(t, b.email, STRONG_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
  });

  test('a device cookie vouches only for its own account, untampered', async () => {
    const victim = await register(t);
    const attacker = await register(t);
    const own = deviceCookie(attacker.res) as string;
    // Nine failures: a 16-second wait for strangers.
    for (let i = 0; i < 9; i++) await login(t, victim.email, WRONG, { ip: freshIp() });
    // The attacker's cookie for their own account, and the victim's cookie altered, are strangers.
    const victims = deviceCookie(victim.res) as string;
    const tampered = `${victims.slice(0, -3)}${victims.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const device of [own, tampered]) {
      expect((await login(t, victim.email, STRONG_PASSWORD, { ip: freshIp(), device })).statusCode).toBe(429);
    }
    expect(
      (await login(t, victim.email, STRONG_PASSWORD, { ip: freshIp(), device: victims })).statusCode,
    ).toBe(200);
  });

  test('failures against the password do not close the login by code, which makes the device known', async () => {
    const { email } = await register(t);
    for (let i = 0; i < 8; i++) await login(t, email, WRONG, { ip: freshIp() });
    expect((await login(t, email, STRONG_PASSWORD, { ip: freshIp() })).statusCode).toBe(429);
    const ip = freshIp();
    const headers = { 'x-forwarded-for': ip };
    await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/login/email/verification',
      payload: { email },
      headers,
    });
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/login/email/code',
      payload: { email, code: await lastCode(t, email) },
      headers,
    });
    expect(byCode.statusCode).toBe(200);
    const device = deviceCookie(byCode);
    expect((await login(t, email, STRONG_PASSWORD, { ip, device })).statusCode).toBe(200);
  });

  test('the operator API lists live counters with failures, waits and address pairs', async () => {
    const { email } = await register(t);
    const account = await accountOf(t, email);
    const [first, second] = [freshIp(), freshIp()];
    for (let i = 0; i < 3; i++) await login(t, email, WRONG, { ip: first });
    for (let i = 0; i < 2; i++) await login(t, email, WRONG, { ip: second });
    const list = (headers: Record<string, string>) =>
      t.app.inject({ url: '/api/operator/login-throttles', headers });
    expect((await list({})).statusCode).toBe(401);
    expect((await list({ authorization: 'Bearer wrong-token-wrong-token-wrong' })).statusCode).toBe(401);
    const res = await list({ authorization: `Bearer ${OPERATOR_TOKEN}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const entry = body.accounts.find((a: { account: string }) => a.account === account);
    expect(entry).toMatchObject({ account, password: { failures: 5 }, code: null, devices: [] });
    expect(entry.password.wait_seconds).toBeGreaterThanOrEqual(0);
    expect(entry.password.wait_seconds).toBeLessThanOrEqual(1);
    expect(entry.ip_pairs.map((p: { ip: string; failures: number }) => [p.ip, p.failures]).sort()).toEqual(
      [
        [first, 3],
        [second, 2],
      ].sort(),
    );
    expect(body.ips).toEqual(
      expect.arrayContaining([
        { ip: first, failures: 3, wait_seconds: 0 },
        { ip: second, failures: 2, wait_seconds: 0 },
      ]),
    );
  });

  test('every throttle decision is logged as a warning, without the password or the device cookie', async () => {
    const { email, res } = await register(t);
    const ip = freshIp();
    // Until one attempt is refused (the fifth failure imposes the first wait).
    for (let i = 0; i < 12; i++) if ((await login(t, email, WRONG, { ip })).statusCode === 429) break;
    const account = await accountOf(t, email);
    const warnings = logLines
      .map((line) => JSON.parse(line))
      .filter((e) => e.level === 40 && e.account === account);
    expect(warnings[0]).toMatchObject({
      msg: 'login failure: counter now imposes a wait',
      ip,
      scope: 'password',
      waitSeconds: 1,
    });
    expect(warnings.at(-1)).toMatchObject({
      msg: 'login attempt refused by the throttle',
      ip,
      trusted: false,
      scopes: ['password'],
    });
    const everything = logLines.join('\n');
    expect(everything).not.toContain(WRONG);
    expect(everything).not.toContain(STRONG_PASSWORD);
    expect(everything).not.toContain(deviceCookie(res) as string);
  });
});

describe('login throttle with a captcha', () => {
  let verifier: Awaited<ReturnType<typeof captchaVerifier>>;
  beforeAll(async () => {
    // The token "human" passes, anything else fails.
    verifier = await captchaVerifier((response) => ({ success: response === 'human', score: 0.9 }));
  });
  afterAll(() => verifier.close());

  test('a refused attempt never reaches the captcha service, and a failed captcha costs the account nothing', async () => {
    const app = await createTestApp({
      TRUST_PROXY: 'true',
      CAPTCHA_SECRET: 'test-secret',
      PUBLIC_CAPTCHA_SITE_KEY: 'test-site-key',
      CAPTCHA_VERIFY_URL: verifier.url,
    });
    try {
      const { email } = await register(app, { captcha: 'human' });
      const ip = freshIp();
      for (let i = 0; i < 8; i++) {
        const bot = await login(app, email, WRONG, { ip, captcha: 'bot' });
        expect(bot.json()).toEqual({ errors: { captcha: ['captcha_failed'] } });
      }
      expect(
        await app.database.query("select key from login_throttles where scope <> 'ip' and failures > 0"),
      ).toEqual([]);
      for (let i = 0; i < 5; i++) {
        expect((await login(app, email, WRONG, { ip, captcha: 'human' })).json()).toEqual({
          errors: { credentials: ['invalid_credentials'] },
        });
      }
      const before = verifier.requests.length;
      expect((await login(app, email, STRONG_PASSWORD, { ip, captcha: 'human' })).statusCode).toBe(429);
      expect(verifier.requests.length).toBe(before);
      // Without a token the login is refused as before, once the wait is over.
      await elapse(app, 1);
      expect((await login(app, email, STRONG_PASSWORD, { ip })).json()).toEqual({
        errors: { captcha: ['captcha_missing'] },
      });
      expect((await login(app, email, STRONG_PASSWORD, { ip, captcha: 'human' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
