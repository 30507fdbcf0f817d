import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifySchema, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { STATUS_OF } from '../../src/server/http/errors.ts';
import { openApiDocument, registerOpenApi } from '../../src/server/http/openapi.ts';
import {
  type RouteSchemaInput,
  registerRouteSchemas,
  routeSchema,
} from '../../src/server/http/route-schema.ts';
import { signPayload } from '../../src/server/modules/payments/signature.ts';
import { ROUTES as AUTH } from '../../src/shared/api/auth-routes.ts';
import { errorBody } from '../../src/shared/api/errors.ts';
import { ROUTES as HISTORY } from '../../src/shared/api/history-routes.ts';
import { ROUTES as KYC } from '../../src/shared/api/kyc-routes.ts';
import { ROUTES as PAYMENTS } from '../../src/shared/api/payments-routes.ts';
import { ROUTES as PROFILE } from '../../src/shared/api/profile-routes.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, lastCode, lastLink, refreshCookie, STRONG_PASSWORD } from '../helpers/auth.ts';
import { credit, newPlayer } from '../helpers/players.ts';

/**
 * Every route the server registers is declared with its schema (docs/architecture.md "Declaring a
 * route"): the games inline, the other modules from the `ROUTES` table in their schemas.ts (in the
 * shape routeSchema() takes), each wired with exactly its declaration. Every answer of a walk
 * through the accounts, profile, money and verification routes has a declared status and parses
 * with its schema (success answers) or as an error body, and encodes back to the same JSON (no
 * field missing from the schema, none wrong).
 */
const OPERATOR = 'operator-token-0123456789-abcdef';
const ROUTES: Record<string, RouteSchemaInput> = { ...AUTH, ...HISTORY, ...KYC, ...PAYMENTS, ...PROFILE };
/** Routes registered without a schema, and why. */
const NOT_DECLARED: Record<string, string> = {
  'GET /ws': 'a WebSocket upgrade, not an HTTP operation (docs/api-money.md describes its protocol)',
};
/** Every route as registered (`GET /api/profile/user`), with its schema. */
const registered = new Map<string, FastifySchema | undefined>();
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp(
    {
      OPERATOR_API_TOKEN: OPERATOR,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'schemas-')),
      SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
      KYC_ON_FIRST_WITHDRAWAL: 'false',
    },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') registered.set(`${method} ${route.url}`, route.schema);
      },
    },
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** Sends a request to `key`'s route (path parameters filled in) and checks its JSON answer. */
async function call(
  key: string,
  {
    params = {},
    ...options
  }: Omit<InjectOptions, 'url' | 'method'> & { params?: Record<string, string> } = {},
  query = '',
): Promise<LightMyRequestResponse> {
  const [method, route] = key.split(' ') as [InjectOptions['method'], string];
  const url = `/api${route.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '')}${query}`;
  const res = await t.app.inject({ ...options, method, url });
  conforms(key, res);
  return res;
}

/** The statuses a declared route may answer: its success answers, its failures, and any route's. */
function statusesOf(declared: RouteSchemaInput): Set<number> {
  const failures = (declared.errors ?? []).map((kind) => STATUS_OF[kind]);
  return new Set([
    ...Object.keys(declared.response).map(Number),
    ...failures,
    ...(declared.auth ? [401] : []),
    400,
    422,
    429,
  ]);
}

function conforms(key: string, res: LightMyRequestResponse) {
  const declared = ROUTES[key];
  expect(declared, `${key} is not declared`).toBeDefined();
  if (!declared) return;
  expect([...statusesOf(declared)], `${key} answered ${res.statusCode}, which it does not declare`).toContain(
    res.statusCode,
  );
  if (!String(res.headers['content-type']).startsWith('application/json')) return;
  const answer = declared.response[res.statusCode];
  const schema = (answer && 'content' in answer ? undefined : answer) ?? (errorBody as z.ZodType);
  const body = res.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error, `${key} ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`).toBeUndefined();
  expect(schema.encode(parsed.data), `${key} ${res.statusCode}: a field the schema lacks`).toEqual(body);
}

const operator = { authorization: `Bearer ${OPERATOR}` };
const v2 = '/api/v2/auth';

describe('the modules’ route schemas', () => {
  test('every registered route is declared with its schema', () => {
    for (const key of Object.keys(NOT_DECLARED)) expect([...registered.keys()]).toContain(key);
    const undeclared = [...registered]
      .filter(([key, schema]) => !(key in NOT_DECLARED) && !schema?.response)
      .map(([key]) => key);
    expect(undeclared).toEqual([]);
    expect(registered.size).toBeGreaterThan(80);
  });

  test('every module declaration names a route wired with exactly that declaration', () => {
    for (const [key, declared] of Object.entries(ROUTES)) {
      const schema = registered.get(key.replace(' /', ' /api/')) as Record<string, unknown> | undefined;
      expect(schema, `${key} is not registered`).toBeDefined();
      const wired = routeSchema(declared) as Record<string, unknown>;
      for (const part of [
        'summary',
        'body',
        'querystring',
        'params',
        'headers',
        'response',
        'documentedBody',
      ])
        expect(schema?.[part], `${key}: ${part}`).toBe(wired[part]);
    }
  });

  test('every declaration wires with routeSchema() into a valid OpenAPI document', async () => {
    const bare = Fastify();
    registerRouteSchemas(bare, { checkAnswers: true });
    await registerOpenApi(bare);
    for (const [key, declared] of Object.entries(ROUTES)) {
      const [method, url] = key.split(' ') as ['GET', string];
      bare.route({ method, url: `/api${url}`, schema: routeSchema(declared), handler: async () => ({}) });
    }
    await bare.ready();
    const document = openApiDocument(bare);
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(Object.keys(document.paths ?? {}).length).toBeGreaterThan(40);
    await bare.close();
  });

  test('accounts: registration, login, codes, recovery, refresh and logout answer as declared', async () => {
    const reg = await call(`POST ${v2}/register/email`, {
      payload: { email: 'schemas@example.com', password: STRONG_PASSWORD, currency: 'RUB' },
    });
    const token = reg.json().token as string;
    await call(`POST ${v2}/register/email`, { payload: { email: 'nope', password: 'x' } });
    await call(`POST ${v2}/email/resend`, { headers: bearer(token) });
    const code = await lastCode(t, 'schemas@example.com');
    await call(`POST ${v2}/email/verify/code`, { headers: bearer(token), payload: { code } });
    const email = 'schemas@example.com';
    await call(`POST ${v2}/login/email/password`, { payload: { email, password: STRONG_PASSWORD } });
    await call(`POST ${v2}/login/email/password`, { payload: { email, password: 'Wrong-password-1' } });
    await call(`POST ${v2}/login/email/verification`, { payload: { email } });
    await call(`POST ${v2}/login/email/code`, { payload: { email, code: await lastCode(t, email) } });
    await call(`POST ${v2}/password/email/forgot`, { payload: { email } });
    const confirmed = await call(`POST ${v2}/password/email/code/confirm`, {
      payload: { email, code: await lastCode(t, email) },
    });
    const resetToken = confirmed.json().data.reset_token as string;
    await call(`POST ${v2}/password/email/token/check`, { payload: { token: resetToken } });
    await call(`POST ${v2}/password/phone/token/check`, { payload: { token: resetToken } });
    const session = await call(`POST ${v2}/password/email/reset/token`, {
      payload: { token: resetToken, password: 'Schema-Reset-1', password_confirmation: 'Schema-Reset-1' },
    });
    await call(`POST ${v2}/password/email/forgot`, { payload: { email } });
    const link = /\/reset-password\/([\w-]+)/.exec((await lastLink(t, email)) ?? '')?.[1] ?? '';
    await call(`POST ${v2}/password/email/token/confirm`, { payload: { token: link } });
    await call('PUT /auth/login', { payload: { provider: 'none', origin: 'http://localhost/' } });
    await call('POST /auth/send_login_data', { headers: bearer(token) });
    await call('GET /operator/login-throttles', { headers: operator });
    const refresh = refreshCookie(session) ?? '';
    await call('POST /auth/refresh-token', { cookies: { refresh_token: refresh } });
    await call('POST /auth/refresh-token', { cookies: { refresh_token: 'garbage' } });
    await call('PUT /auth/logout', { headers: bearer(session.json().token) });
  });

  test('profile, settings, sessions and the outbox answer as declared', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const headers = bearer(token);
    await call('GET /profile/user', { headers });
    await call('GET /profile/user');
    await call('PUT /profile/settings', { headers, payload: { timezone: 'UTC' } });
    await call('PUT /profile/settings', { headers, payload: {} });
    await call('POST /profile/currency', { headers, payload: { currency: 'USD' } });
    await call('POST /attachSource', { headers, payload: { stag: 's' } });
    await call('GET /profile/sessions', { headers });
    await call('DELETE /profile/sessions/others', { headers });
    await call('POST /api/v2/auth/password/set', {
      headers,
      payload: { password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    });
    await call('POST /password/update', {
      headers,
      payload: { old_password: STRONG_PASSWORD, password: 'Schema-New-1', password_confirm: 'Schema-New-1' },
    });
    await call('GET /dev/outbox');
  });

  test('payments, the operator API, verification and history answer as declared', async () => {
    const player = await newPlayer(t, { currency: 'RUB' });
    const headers = bearer(player.token);
    await credit(t, player.id, 50_000n);
    await call('GET /payments/methods', { headers });
    const deposit = await call('POST /payments/deposits', {
      headers: { ...headers, host: new URL(base).host, 'idempotency-key': 'schemas-deposit-1' },
      payload: { amount: '100', method: 'sandbox_card' },
    });
    const paymentId = deposit.json().data.id as string;
    await call('POST /payments/deposits', { headers, payload: { amount: '100', method: 'sandbox_card' } });
    await call('GET /payments/:id', { headers, params: { id: paymentId } });
    await call('GET /payments/:id', { headers, params: { id: 'missing' } });
    const [secret] = await t.database.query<{ value: string }>(
      "select value #>> '{}' as value from settings where key = 'sandbox_webhook_secret'",
    );
    const event = JSON.stringify({
      id: 'evt_schemas',
      type: 'payment.succeeded',
      data: { checkout_id: 'x', merchant_ref: paymentId, amount: '10000', currency: 'RUB' },
    });
    const signature = signPayload(secret?.value ?? '', event, Math.floor(Date.now() / 1000));
    await call('POST /payments/webhooks/sandbox', {
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      payload: event,
    });
    const withdraw = (key: string) =>
      call('POST /payments/withdrawals', {
        headers: { ...headers, 'idempotency-key': key },
        payload: { amount: '100', method: 'sandbox_card', details: { card: '4242' } },
      });
    const first = (await withdraw('schemas-withdrawal-1')).json().data.id as string;
    const second = (await withdraw('schemas-withdrawal-2')).json().data.id as string;
    await call('GET /operator/withdrawals', { headers: operator });
    await call('POST /operator/withdrawals/:id/approve', { headers: operator, params: { id: first } });
    await call('POST /operator/withdrawals/:id/approve', { headers: operator, params: { id: first } });
    await call('POST /operator/withdrawals/:id/reject', {
      headers: operator,
      params: { id: second },
      payload: { reason: 'schemas' },
    });
    await call('GET /operator/sandbox/webhooks', { headers: operator }, '?status=pending');
    await call('POST /operator/sandbox/webhooks/:id/retry', { headers: operator, params: { id: paymentId } });

    await call('GET /profile/verification', { headers });
    const form = new FormData();
    form.append('kind', 'passport');
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'passport.png');
    const uploaded = await fetch(`${base}/api/profile/verification/documents`, {
      method: 'POST',
      headers,
      body: form,
    });
    const schema = ROUTES['POST /profile/verification/documents']?.response[uploaded.status] as z.ZodType;
    expect(schema.safeParse(await uploaded.json()).success).toBe(true);
    await call('GET /profile/verification', { headers });
    await call('GET /operator/verifications', { headers: operator });
    const params = { userId: player.id };
    await call('GET /operator/verifications/:userId/documents', { headers: operator, params });
    await call('POST /operator/verifications/:userId/reject', { headers: operator, params, payload: {} });
    await call('POST /operator/verifications/:userId/approve', { headers: operator, params });
    await call('POST /operator/verifications/:userId/approve', { headers: operator, params });

    await call('GET /profile/history', { headers });
    await call('GET /profile/history', { headers }, '?type=jackpot');
  });
});
