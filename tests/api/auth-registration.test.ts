import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import {
  bearer,
  lastCode,
  lastMessage,
  postTo,
  register,
  STRONG_PASSWORD,
  uniqueEmail,
  uniquePhone,
  V2 as v2,
} from '../helpers/auth.ts';

/** Registration by e-mail and phone, contact verification codes, display names and time zones. */
const t = appForFile({ ACCESS_TOKEN_TTL_SECONDS: '60' });

const post = postTo(t);

describe('registration by email', () => {
  test('creates the player, answers a session with a refresh cookie and mails a code', async () => {
    const email = uniqueEmail();
    const res = await post(`${v2}/register/email`, {
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
      currency: 'USD',
      stag: 'aff-1',
      promo: 'WELCOME',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; token: string; sso: null; is_new: boolean };
    expect(body).toMatchObject({ success: true, sso: null, is_new: true });
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/');
    const mail = await lastMessage(t, email);
    expect(mail?.subject).toBe('Orbita: код подтверждения');
    expect(mail?.body).toMatch(/\b\d{6}\b/);
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(body.token) });
    expect(profile.json().user).toMatchObject({
      email,
      currency: 'USD',
      register_method: 'email',
      is_email_verified: false,
      is_password_exists: true,
      balance: '0.00',
      total_balance: '0.00',
      region: 'RU',
    });
    const [row] = await t.database.query<{ attribution: Record<string, string> }>(
      'select attribution from users where email = $1',
      [email],
    );
    expect(row?.attribution).toMatchObject({ stag: 'aff-1', promo: 'WELCOME' });
  });

  test('a duplicate email (any case) is refused with email_taken and creates nothing', async () => {
    const { email } = await register(t);
    const before = await t.database.query('select count(*)::int as n from users');
    const res = await post(`${v2}/register/email`, { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['email_taken'] } });
    expect(await t.database.query('select count(*)::int as n from users')).toEqual(before);
  });

  test.each([
    [{ email: 'not-an-email', password: STRONG_PASSWORD }, { email: ['invalid_email'] }],
    [{ password: STRONG_PASSWORD }, { email: ['required'] }],
    [{ email: 'a@b.example', password: 'short' }, { password: ['password_too_short:8'] }],
    [{ email: 'a@b.example', password: 'password123' }, { password: ['password_common'] }],
    [{ email: 'a@b.example', password: 'x'.repeat(129) }, { password: ['password_too_long:128'] }],
    [
      { email: 'a@b.example', password: STRONG_PASSWORD, currency: 'GBP' },
      { currency: ['invalid_currency'] },
    ],
  ])('%j → 422 %j', async (payload, errors) => {
    const res = await post(`${v2}/register/email`, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors });
  });

  test('the email is verified with the mailed code; the code works once', async () => {
    const { email, token } = await register(t);
    const code = await lastCode(t, email);
    expect(
      (
        await post(
          `${v2}/email/verify/code`,
          { code: code === '000000' ? '000001' : '000000' },
          bearer(token),
        )
      ).json(),
    ).toEqual({ errors: { code: ['invalid_code'] } });
    expect((await post(`${v2}/email/verify/code`, { code }, bearer(token))).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user
        .is_email_verified,
    ).toBe(true);
    const again = await post(`${v2}/email/verify/code`, { code }, bearer(token));
    expect(again.json()).toEqual({ errors: { code: ['invalid_code'] } });
  });

  test('resend issues a new code and the old one stops working', async () => {
    const { email, token } = await register(t);
    const first = await lastCode(t, email);
    expect((await post(`${v2}/email/resend`, {}, bearer(token))).statusCode).toBe(200);
    const second = await lastCode(t, email);
    if (first !== second)
      expect((await post(`${v2}/email/verify/code`, { code: first }, bearer(token))).statusCode).toBe(422);
    expect((await post(`${v2}/email/verify/code`, { code: second }, bearer(token))).statusCode).toBe(200);
  });

  test('an expired code is refused as code_expired', async () => {
    const { email, token } = await register(t);
    const code = await lastCode(t, email);
    await t.database.query(
      "update auth_codes set expires_at = now() - interval '1 second' where target = $1",
      [email],
    );
    expect((await post(`${v2}/email/verify/code`, { code }, bearer(token))).json()).toEqual({
      errors: { code: ['code_expired'] },
    });
  });

  test('five wrong guesses burn the code', async () => {
    const { email, token } = await register(t);
    const code = await lastCode(t, email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await post(`${v2}/email/verify/code`, { code: wrong }, bearer(token));
    expect((await post(`${v2}/email/verify/code`, { code }, bearer(token))).json()).toEqual({
      errors: { code: ['invalid_code'] },
    });
  });
});

describe('registration and login by phone', () => {
  test('normalises the number, texts a code, logs in by password and by SMS code', async () => {
    const phone = uniquePhone();
    const local = `8 ${phone.slice(2, 5)} ${phone.slice(5)}`;
    const reg = await post(`${v2}/register/phone`, {
      phone: local,
      country: 'RU',
      password: STRONG_PASSWORD,
    });
    expect(reg.statusCode).toBe(200);
    const sms = await lastMessage(t, phone);
    expect(sms?.channel).toBe('sms');
    const dup = await post(`${v2}/register/phone`, { phone, password: STRONG_PASSWORD });
    expect(dup.json()).toEqual({ errors: { phone: ['phone_taken'] } });

    expect((await post(`${v2}/login/phone/password`, { phone, password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await post(`${v2}/login/phone/verification`, { phone })).json()).toEqual({ success: true });
    const code = await lastCode(t, phone);
    const login = await post(`${v2}/login/phone/code?type=sms`, { phone, code });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(login.json().token) });
    expect(profile.json().user).toMatchObject({ phone, is_phone_verified: true, register_method: 'phone' });
  });

  test('an invalid number is invalid_phone', async () => {
    expect(
      (await post(`${v2}/register/phone`, { phone: '+7 000', password: STRONG_PASSWORD })).json(),
    ).toEqual({ errors: { phone: ['invalid_phone'] } });
  });

  test('phone resend sends a new code', async () => {
    const phone = uniquePhone();
    await post(`${v2}/login/phone/verification`, { phone });
    expect((await post(`${v2}/login/phone/code/resend?type=sms`, { phone })).json()).toEqual({
      success: true,
    });
  });
});

describe('display name and time zone at registration', () => {
  const channels = [
    ['email', () => ({ email: uniqueEmail() })],
    ['phone', () => ({ phone: uniquePhone() })],
  ] as const;
  const usersCount = async () =>
    (await t.database.query<{ n: number }>('select count(*)::int as n from users'))[0]?.n;

  test.each([
    ['Cyrillic', 'Жанар Иванова', 'Жанар Иванова'],
    ['Devanagari with combining marks', 'अंशुमान क्षत्रिय', 'अंशुमान क्षत्रिय'],
    ['Kazakh letters', 'Әлия Қасымқызы', 'Әлия Қасымқызы'],
    ['Portuguese accents, typed decomposed', 'Joa\u0303o Conceic\u0327a\u0303o', 'João Conceição'],
    ['separators and extra spaces', "  O'Brien-Smith   Jr. ", "O'Brien-Smith Jr."],
  ])('a %s name is stored normalised', async (_label, name, stored) => {
    const { token } = await register(t, { name });
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(token) });
    expect(profile.json().user.name).toBe(stored);
  });

  test.each(
    channels.flatMap(([channel, contact]) =>
      [
        ['an RTL override (U+202E)', 'evil\u202Egnp.exe', 'invalid_name'],
        ['a right-to-left mark (U+200F)', '\u200FAnna', 'invalid_name'],
        ['a zero-width joiner', 'Ad\u200Dmin', 'invalid_name'],
        ['a newline', 'Anna\nWinner of 1 000 000', 'invalid_name'],
        ['a tab', 'Anna\tSmith', 'invalid_name'],
        ['an emoji', 'Anna 🎰', 'invalid_name'],
        ['markup', '<img src=x>', 'invalid_name'],
        ['a NUL', 'Anna\u0000', 'invalid_characters'],
        ['too many letters', 'a'.repeat(33), 'name_too_long:32'],
      ].map(([label, name, key]) => [channel, label, contact, name, key] as const),
    ),
  )('by %s, a name with %s is refused and creates nothing', async (channel, _label, contact, name, key) => {
    const before = await usersCount();
    const res = await post(`${v2}/register/${channel}`, { ...contact(), password: STRONG_PASSWORD, name });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { name: [key] } });
    expect(await usersCount()).toBe(before);
  });

  test.each([
    ['a zone of the list', 'Asia/Almaty', 'Asia/Almaty'],
    ['UTC', 'UTC', 'UTC'],
    ['another letter case', 'europe/moscow', 'Europe/Moscow'],
  ])('%s is stored as a zone of the IANA list', async (_label, timezone, stored) => {
    const { token } = await register(t, { timezone });
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(token) });
    expect(profile.json().user.timezone).toBe(stored);
  });

  test.each(
    channels.flatMap(([channel, contact]) =>
      ['<script>alert(1)</script>', 'Mars/Olympus', '+05:30', 'Europe/\nMoscow'].map(
        (timezone) => [channel, timezone, contact] as const,
      ),
    ),
  )('by %s, the time zone %j is refused and creates nothing', async (channel, timezone, contact) => {
    const before = await usersCount();
    const res = await post(`${v2}/register/${channel}`, {
      ...contact(),
      password: STRONG_PASSWORD,
      timezone,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { timezone: ['invalid_timezone'] } });
    expect(await usersCount()).toBe(before);
  });
});
