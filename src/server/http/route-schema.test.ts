import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../domain-error.ts';
import { registerErrorHandling } from './errors.ts';
import { droppedField, registerRouteSchemas, routeSchema } from './route-schema.ts';
import { registerTextGuard } from './text-guard.ts';

/**
 * A route declaring its schemas answers every invalid request exactly as the same route did when
 * its handler parsed the input itself: two routes, one of each kind, get the same requests.
 */
const body = z.object({
  email: z.string().email({ error: 'invalid_email' }),
  amount: z.number().int().max(10),
  details: z.record(z.string(), z.string().max(3)).default({}),
  items: z.array(z.object({ kind: z.enum(['a', 'b']) })).optional(),
});
const query = z.object({ page: z.coerce.number().int().min(1).default(1) });

const app = Fastify({ logger: false });
registerErrorHandling(app);
registerTextGuard(app);
registerRouteSchemas(app, { checkAnswers: true });
const guard = async (request: { headers: Record<string, unknown> }) => {
  if (request.headers.authorization !== 'Bearer ok')
    throw new DomainError('unauthenticated', { token: ['unauthorized'] });
};
const api = app.withTypeProvider<ZodTypeProvider>();
// Before: the guard ran as a preHandler, then the handler parsed.
api.post('/parsed', { preHandler: guard }, async (request) => {
  const parsed = body.parse(request.body);
  const { page } = query.parse(request.query);
  return { ok: true, email: parsed.email, page };
});
// After: the guard runs as a preValidation hook, before the declared schemas.
api.post(
  '/declared',
  {
    preValidation: guard,
    schema: routeSchema({
      summary: 'test',
      body,
      querystring: query,
      response: { 200: z.object({ ok: z.boolean(), email: z.string(), page: z.number() }) },
    }),
  },
  async (request) => ({ ok: true, email: request.body.email, page: request.query.page }),
);
await app.ready();
afterAll(() => app.close());

const valid = { email: 'a@example.com', amount: 3 };
const CASES: [string, { payload?: string; query?: string; auth?: boolean; type?: string }][] = [
  ['a valid request', { payload: JSON.stringify(valid) }],
  ['no body at all', {}],
  ['a JSON null', { payload: 'null' }],
  ['a JSON array', { payload: '[]' }],
  ['a missing field', { payload: JSON.stringify({ amount: 1 }) }],
  ['a schema message that is an error key', { payload: JSON.stringify({ ...valid, email: 'x' }) }],
  ['wrong types everywhere', { payload: JSON.stringify({ email: 1, amount: '1', details: [] }) }],
  [
    'a record key with a slash and a dot',
    { payload: JSON.stringify({ ...valid, details: { 'a/b.c': 'long' } }) },
  ],
  ['a nested array member', { payload: JSON.stringify({ ...valid, items: [{ kind: 'a' }, { kind: 'z' }] }) }],
  ['a bad query', { payload: JSON.stringify(valid), query: 'page=0' }],
  ['a bad body and a bad query', { payload: '{}', query: 'page=x' }],
  ['unstorable text in the body', { payload: JSON.stringify({ ...valid, details: { note: 'a\u0000' } }) }],
  ['unstorable text in the query', { payload: '{}', query: 'page=%00' }],
  ['malformed JSON', { payload: '{' }],
  ['no token and a bad body', { payload: '{}', auth: false }],
  ['no token and unstorable text', { payload: '{"a":"\\u0000"}', auth: false }],
  ['a form body', { payload: 'a=1', type: 'application/x-www-form-urlencoded' }],
];

describe('declared schemas answer as the handlers that parsed their input', () => {
  test.each(CASES)('%s', async (_name, { payload, query, auth = true, type = 'application/json' }) => {
    const answers = await Promise.all(
      ['/parsed', '/declared'].map((url) =>
        app.inject({
          method: 'POST',
          url: query ? `${url}?${query}` : url,
          headers: {
            ...(auth ? { authorization: 'Bearer ok' } : {}),
            ...(payload === undefined ? {} : { 'content-type': type }),
          },
          ...(payload === undefined ? {} : { payload }),
        }),
      ),
    );
    const [before, after] = answers.map((res) => ({ status: res.statusCode, body: res.json() }));
    expect(after).toEqual(before);
  });

  test('the cases cover each answer: success, 422 from the schema and the guard, 401, 400, 415', async () => {
    const statuses = new Set<number>();
    for (const [, { payload, query, auth = true, type = 'application/json' }] of CASES) {
      const res = await app.inject({
        method: 'POST',
        url: query ? `/declared?${query}` : '/declared',
        headers: {
          ...(auth ? { authorization: 'Bearer ok' } : {}),
          ...(payload === undefined ? {} : { 'content-type': type }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
      statuses.add(res.statusCode);
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 415, 422]);
  });

  test('a missing body is `required`; a JSON null is refused as null', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/declared',
      headers: { authorization: 'Bearer ok' },
    });
    expect(missing.json()).toEqual({ errors: { body: ['required'] } });
    const nul = await app.inject({
      method: 'POST',
      url: '/declared',
      headers: { authorization: 'Bearer ok', 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nul.json()).toEqual({
      errors: { body: ['validation.invalid_type:Invalid input: expected object, received null'] },
    });
  });
});

describe('answers', () => {
  const declared = {
    schema: routeSchema({ summary: 'test', response: { 200: z.object({ a: z.string() }) } }),
  };
  const answering = async (checkAnswers: boolean) => {
    const server = Fastify({ logger: false });
    registerErrorHandling(server);
    registerRouteSchemas(server, { checkAnswers });
    server.get('/extra', declared, async () => ({ a: 'x', secret: 'y' }));
    server.get('/wrong', declared, async () => ({ a: 1 }));
    await server.ready();
    return server;
  };

  test('a field the schema does not declare is dropped, or fails the reply when answers are checked', async () => {
    const lax = await answering(false);
    expect((await lax.inject('/extra')).json()).toEqual({ a: 'x' });
    const strict = await answering(true);
    const res = await strict.inject('/extra');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { server: 'server_error' } });
    await Promise.all([lax.close(), strict.close()]);
  });

  test('an answer that does not match its schema is a 500 either way', async () => {
    const lax = await answering(false);
    expect((await lax.inject('/wrong')).statusCode).toBe(500);
    await lax.close();
  });

  test('droppedField names the first field missing from the answer', () => {
    expect(droppedField({ a: 1, b: { c: [{ d: 1, e: 2 }] } }, { a: 1, b: { c: [{ d: 1 }] } })).toBe(
      'b.c.0.e',
    );
    expect(droppedField({ a: undefined, at: new Date(0) }, { at: '1970-01-01T00:00:00.000Z' })).toBeNull();
  });
});

describe('routeSchema', () => {
  test('turns `auth` into the OpenAPI security and `errors` into their statuses', () => {
    const schema = routeSchema({
      summary: 's',
      auth: 'player',
      errors: ['not_found', 'conflict'],
      response: {},
    });
    expect(schema).toEqual({
      summary: 's',
      response: {},
      security: [{ player: [] }],
      'x-errors': [404, 409],
    });
  });
});
