import type { Server } from 'node:http';
import { createServer } from 'node:net';
import Provider from 'oidc-provider';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A real OpenID Connect provider (node-oidc-provider) for tests, with its development login and
 * consent pages: any login name is accepted and becomes the subject; the email claim is
 * `<login>@oidc.example`, verified.
 */
export async function startOidcProvider(redirectUris: string[]) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'orbita-test',
        client_secret: 'orbita-test-secret-orbita-test-secret',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@oidc.example`, email_verified: true, name: id }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-1'] },
    features: { devInteractions: { enabled: true } },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    clientId: 'orbita-test',
    clientSecret: 'orbita-test-secret-orbita-test-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks the provider's pages like a browser would (cookies, redirects, submitting the login and
 * consent forms) until it is sent to `redirectPrefix`; returns that final URL.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectPrefix: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const res = await fetch(url, { method, body, headers: { cookie: cookieHeader() }, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`provider page without a form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
      form.set(name as string, value as string);
    if (html.includes('name="login"')) {
      form.set('login', login);
      form.set('password', 'any');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = form;
  }
  throw new Error('too many steps at the provider');
}
