/**
 * The device fingerprint (docs/edge.md "Device fingerprint"): the `fp` of a registration or a login
 * is kept with its session, encrypted with the configured key (never as sent), and the operator
 * sees a player's devices and the other accounts that logged in from them.
 */
import { describe, expect, test } from 'vitest';
import { Fingerprints } from '../../src/server/modules/auth/fingerprint.ts';
import { appForFile } from '../helpers/app.ts';
import { postTo, register, STRONG_PASSWORD, V2 } from '../helpers/auth.ts';

const OPERATOR = 'operator-token-0123456789abcdef';
const KEY = 'fingerprint-key-for-the-tests-0123456789';

describe('device fingerprint', () => {
  const t = appForFile({ OPERATOR_API_TOKEN: OPERATOR, FINGERPRINT_KEY: KEY });
  const post = postTo(t);
  const idOf = async (email: string) =>
    (await t.database.query<{ id: string }>('select id::text as id from users where email = $1', [email]))[0]
      ?.id ?? '';
  const devices = (userId: string, token = OPERATOR) =>
    t.app.inject({
      method: 'GET',
      url: `/api/operator/players/${userId}/devices`,
      headers: { authorization: `Bearer ${token}` },
    });

  test('kept sealed with the session; the operator sees it and the accounts sharing it', async () => {
    const fp = `fp-${Date.now()}-shared-device`;
    const phone = `fp-${Date.now()}-bobs-phone`;
    const alice = await register(t, { fp });
    const bob = await register(t, { fp: phone });
    const login = await post(`${V2}/login/email/password`, {
      email: bob.email,
      password: STRONG_PASSWORD,
      fp,
    });
    expect(login.statusCode).toBe(200);

    // Stored encrypted: the fingerprint as sent appears in no column of the sessions.
    const rows = await t.database.query<{ row: string }>(
      'select row_to_json(s)::text as row from sessions s',
    );
    expect(rows.some((r) => r.row.includes(fp))).toBe(false);
    const aliceId = await idOf(alice.email);
    const bobId = await idOf(bob.email);
    const [kept] = await t.database.query<{ device: string | null; device_sealed: string | null }>(
      'select device, device_sealed from sessions where user_id = $1',
      [aliceId],
    );
    expect(kept?.device).toMatch(/^[0-9a-f]{32}$/);
    expect(kept?.device_sealed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const res = await devices(bobId);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      device: string;
      fingerprint: string;
      sessions: number;
      other_players: { user_id: string }[];
    }[];
    expect(list.map((d) => d.fingerprint).sort()).toEqual([fp, phone].sort());
    const shared = list.find((d) => d.fingerprint === fp);
    expect(shared?.device).toBe(kept?.device);
    expect(shared?.other_players.map((p) => p.user_id)).toEqual([aliceId]);
    expect(list.find((d) => d.fingerprint !== fp)?.other_players).toEqual([]);
  });

  test('no fingerprint, no device; unknown players are 404; the operator token is required', async () => {
    const carol = await register(t);
    const carolId = await idOf(carol.email);
    const res = await devices(carolId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
    expect((await devices('999999999')).statusCode).toBe(404);
    expect((await devices(carolId, 'not-the-operator-token-0123456789')).statusCode).toBe(401);
  });

  test('a fingerprint longer than the schema allows is refused and no account is made', async () => {
    const res = await post(`${V2}/register/email`, {
      email: `long-fp-${Date.now()}@example.com`,
      password: STRONG_PASSWORD,
      fp: 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['fp']);
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from users where email like 'long-fp-%'",
    );
    expect(n?.n).toBe(0);
  });

  // Regression rows (issue 25 §5): operators see the fingerprint, so it holds to the display
  // names' character rules (src/shared/readable-text.ts).
  test.each([
    ['a right-to-left override', 'evil\u202Egnp.exe'],
    ['a right-to-left mark', 'abc\u200Fdef'],
    ['a zero-width space', 'ab\u200Bcd'],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a newline', 'abc\ndef'],
    ['an emoji', 'fp-🎰'],
  ])(
    'a fingerprint with %s is refused (422 fp: invalid_characters): no account, no session',
    async (_label, fp) => {
      const email = `bad-fp-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await post(`${V2}/register/email`, { email, password: STRONG_PASSWORD, fp });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { fp: ['invalid_characters'] } });
      expect(await idOf(email)).toBe('');

      const bob = await register(t);
      const login = await post(`${V2}/login/email/password`, {
        email: bob.email,
        password: STRONG_PASSWORD,
        fp,
      });
      expect(login.statusCode).toBe(422);
      expect(login.json()).toEqual({ errors: { fp: ['invalid_characters'] } });
      const [sessions] = await t.database.query<{ n: number }>(
        'select count(*)::int as n from sessions where user_id = $1',
        [await idOf(bob.email)],
      );
      expect(sessions?.n).toBe(1); // the registration's only
    },
  );

  test('FingerprintJS visitor ids and other readable values pass, normalised like names', async () => {
    const visitor = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const erin = await register(t, { fp: visitor });
    const frank = await register(t, { fp: '  device\u00a0  42 ' });
    const shown = async (email: string) =>
      ((await devices(await idOf(email))).json().data as { fingerprint: string }[]).map((d) => d.fingerprint);
    expect(await shown(erin.email)).toEqual([visitor]);
    expect(await shown(frank.email)).toEqual(['device 42']);
  });

  test('a fingerprint stored before the rule is shown to the operator without its unreadable characters', async () => {
    const dave = await register(t, { fp: `legacy-${Date.now()}` });
    const daveId = await idOf(dave.email);
    const sealed = new Fingerprints(KEY).seal('evil\u202Egnp.exe<b>');
    await t.database.query('update sessions set device_sealed = $2 where user_id = $1', [
      daveId,
      sealed?.sealed,
    ]);
    const list = (await devices(daveId)).json().data as { fingerprint: string | null }[];
    expect(list.map((d) => d.fingerprint)).toEqual(['evilgnp.exeb']);
  });
});
