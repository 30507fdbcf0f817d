import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * The page cache (docs/performance.md "Pages"): a cached answer is the rendered answer, byte for
 * byte and header for header, served only where a render would have produced that very page.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A raw GET (no decompression, any Host), so the test sees exactly what was sent. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) flat[name] = String(value);
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Asks until the answer comes from the cache (it carries an ETag once the rendering is stored). */
async function cached(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  for (let i = 0; i < 50; i++) {
    const answer = await raw(path, headers);
    if (answer.headers.etag) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} never came from the cache`);
}

const PER_ANSWER = [
  'date',
  'etag',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
];
const stable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));

describe('the page cache', () => {
  test('a cached answer has the rendered headers (security headers included) and body', async () => {
    const rendered = await raw('/en/faq?render=1');
    expect(rendered.headers.etag).toBeUndefined(); // the first answer is rendered
    const hit = await cached('/en/faq?render=1');
    expect(stable(hit.headers)).toEqual(stable(rendered.headers));
    expect(hit.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    // The same page; only the logo's random gradient ids differ between two renders (a render that
    // raced the first one's storing may be the one kept).
    const ids = (html: string) => html.replace(/logo-[a-z0-9]+-/g, 'logo-');
    expect(ids(hit.body.toString())).toBe(ids(rendered.body.toString()));
    expect(Number(hit.headers['content-length'])).toBe(hit.body.length);
  });

  test('brotli, gzip and identity are the same HTML; 304 when the browser has it', async () => {
    const plain = await cached('/en/faq');
    const br = await raw('/en/faq', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw('/en/faq', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const etag = plain.headers.etag as string;
    const again = await raw('/en/faq', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw('/en/faq', { 'if-none-match': '"stale"' })).status).toBe(200);
    const head = await raw('/en/faq', {}, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(plain.body.length));
  });

  test("one visitor's frame is never served to another, in any order", async () => {
    const player = { cookie: 'token=some.held.token; locale=en' };
    const guestFrame = 'data-session="guest"';
    // Warm both renderings, then alternate on cached answers.
    await cached('/en/profile/access');
    await cached('/en/profile/access', player);
    for (let i = 0; i < 3; i++) {
      const guest = await raw('/en/profile/access');
      expect(guest.headers.etag).toBeDefined();
      expect(guest.body.toString()).toContain(guestFrame);
      const user = await raw('/en/profile/access', player);
      expect(user.headers.etag).toBeDefined();
      expect(user.body.toString()).toContain('data-state="user"');
      expect(user.body.toString()).not.toContain(guestFrame);
    }
  });

  test('the locale cookie is set on a cached answer exactly when a render would set it', async () => {
    const rendered = await raw('/br/faq');
    const hit = await cached('/br/faq');
    expect(hit.headers['set-cookie']).toBe(rendered.headers['set-cookie']);
    expect(hit.headers['set-cookie']).toMatch(/^locale=br; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect((await raw('/br/faq', { cookie: 'locale=br' })).headers['set-cookie']).toBeUndefined();
  });

  test('the root still redirects a visitor whose language or cookie asks for another locale', async () => {
    const home = await cached('/', { cookie: 'locale=ru' });
    expect(home.status).toBe(200);
    const english = await raw('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.status).toBe(302);
    expect(english.headers.location).toBe('/en');
    const chosen = await raw('/', { cookie: 'locale=kz' });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe('/kz');
  });

  test('a forged Host neither gets its own rendering nor poisons the cache', async () => {
    const forged = await raw('/en/faq?host=1', { host: 'evil.example' });
    expect(forged.headers['content-security-policy']).not.toContain('evil.example');
    const normal = await cached('/en/faq?host=1', { host: new URL(server.url).host });
    expect(normal.headers['content-security-policy']).not.toContain('evil.example');
    expect(normal.body.toString()).not.toContain('evil.example');
  });
});
