import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A siteverify endpoint speaking Google's reCAPTCHA protocol (a form-encoded secret and response
 * in, JSON out); `answer` decides the JSON from the response token. Every request's form is kept.
 */
export async function captchaVerifier(answer: (response: string | null) => object) {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(form.get('response'))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
