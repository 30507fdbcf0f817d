import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Reads a raw mail as nodemailer sends it (mailparser is not available here): headers, the
 * decoded subject, and the text/plain body (the first such part of a multipart mail) in UTF-8.
 */
export function readMail(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const gap = /\r?\n\r?\n/.exec(raw);
  const head = gap ? raw.slice(0, gap.index) : raw;
  const body = gap ? raw.slice(gap.index + gap[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const subject = decodeWords(headers.subject ?? '');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    // The first text/plain part of a multipart mail.
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = readMail(part.replace(/^\r?\n/, ''));
      if (inner.text) return { headers, subject, text: inner.text };
    }
    return { headers, subject, text: '' };
  }
  if (!/^text\/plain/i.test(type)) return { headers, subject, text: '' };
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body.trim();
  return { headers, subject, text };
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** MIME encoded words in headers (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The first 6-digit code in a mail's text. */
export function codeFromMail(raw: string): string | null {
  return /\b(\d{6})\b/.exec(readMail(raw).text)?.[1] ?? null;
}

/** A real SMTP server (smtp-server); `refuse` makes it reject every mail. */
export async function smtpServer(options: { refuse?: boolean } = {}) {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (c) => {
        raw += c;
      });
      stream.on('end', () => {
        if (options.refuse) return done(new Error('mailbox unavailable'));
        received.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    received,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
