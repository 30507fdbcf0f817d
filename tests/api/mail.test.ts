import { describe, expect, test } from 'vitest';
import { appForFile, createTestApp } from '../helpers/app.ts';
import { lastMessage, STRONG_PASSWORD, uniqueEmail, uniquePhone } from '../helpers/auth.ts';
import { storedText } from '../helpers/database.ts';
import { codeFromMail, readMail, smtpServer } from '../helpers/mail.ts';

/** How mails and SMS leave: over SMTP when configured (keeping no secret), else to the outbox. */
const t = appForFile();

describe('mail over SMTP', () => {
  test('codes and links arrive by mail and no row in the database keeps them', async () => {
    const smtp = await smtpServer();
    const app = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Orbita <no-reply@orbita.example>' });
    try {
      const email = uniqueEmail('smtp');
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/register/email',
        headers: { 'accept-language': 'ru' },
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(1);
      const mail = readMail(smtp.received[0] as string);
      expect(mail.headers.to).toBe(email);
      expect(mail.subject).toBe('Orbita: код подтверждения');
      const code = codeFromMail(smtp.received[0] as string);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(`Ваш код подтверждения: ${code}.`);

      const forgot = await app.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/password/email/forgot',
        payload: { email },
      });
      expect(forgot.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(2);
      const resetMail = readMail(smtp.received[1] as string).text;
      const resetCode = codeFromMail(smtp.received[1] as string) as string;
      const link = /https?:\/\/\S+/.exec(resetMail)?.[0] as string;
      const linkToken = /\/reset-password\/([\w-]+)/.exec(link)?.[1] as string;
      expect(linkToken.length).toBeGreaterThan(20);

      // Only delivery metadata is kept: recipient, kind, when it was sent.
      const rows = await app.database.query<Record<string, unknown>>(
        'select channel, kind, recipient, subject, body, sent_at is not null as sent, error from outbox order by id',
      );
      expect(rows).toEqual([
        {
          channel: 'email',
          kind: 'verify',
          recipient: email,
          subject: null,
          body: null,
          sent: true,
          error: null,
        },
        {
          channel: 'email',
          kind: 'reset',
          recipient: email,
          subject: null,
          body: null,
          sent: true,
          error: null,
        },
      ]);
      const stored = await storedText(app.database);
      expect(stored.length).toBeGreaterThan(10);
      for (const secret of [link, linkToken]) expect(stored.filter((v) => v.includes(secret))).toEqual([]);
      for (const secret of [code as string, resetCode]) {
        const pattern = new RegExp(`(?<![0-9a-f])${secret}(?![0-9a-f])`, 'i');
        expect(stored.filter((v) => pattern.test(v))).toEqual([]);
      }
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  test('a mail the SMTP server refuses leaves its error and no body in the outbox', async () => {
    const smtp = await smtpServer({ refuse: true });
    const app = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const email = uniqueEmail('refused');
      await app.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/register/email',
        payload: { email, password: STRONG_PASSWORD },
      });
      const [row] = await app.database.query<Record<string, unknown>>(
        'select kind, subject, body, sent_at, error from outbox where recipient = $1',
        [email],
      );
      expect(row).toMatchObject({ kind: 'verify', subject: null, body: null, sent_at: null });
      expect(row?.error).toMatch(/mailbox unavailable/);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('the outbox as the development sink', () => {
  test('keeps whole mails without SMTP and SMS always (no SMS gateway yet)', async () => {
    const phone = uniquePhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/register/phone',
      payload: { phone, password: STRONG_PASSWORD },
    });
    const sms = await lastMessage(t, phone);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms?.body).toMatch(/\b\d{6}\b/);
  });

  test('production without a transport warns once at start, per channel', async () => {
    const lines: string[] = [];
    const prod = await createTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await prod.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/register/phone',
        payload: { phone: uniquePhone(), password: STRONG_PASSWORD },
      });
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
      expect(warnings.map((w) => [w.channel, w.msg])).toEqual([
        ['email', expect.stringMatching(/SMTP_URL is not set/)],
        ['sms', expect.stringMatching(/no SMS gateway/)],
      ]);
    } finally {
      await prod.close();
    }
  });
});
