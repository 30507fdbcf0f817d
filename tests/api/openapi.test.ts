import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, describe, expect, test } from 'vitest';
import { operationAnchor } from '../../src/server/http/docs-page.ts';
import { UNDECLARED_KEY } from '../../src/server/http/openapi.ts';
import { createTestApp } from '../helpers/app.ts';

/**
 * GET /api/openapi.json is a valid OpenAPI 3.1 document listing exactly the routes the server
 * registers, every one declared (docs/architecture.md "Declaring a route"), and GET /api/docs
 * shows every one of its operations.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Routes the document leaves out, and why. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /ws': 'a WebSocket upgrade, not an HTTP operation (docs/api-money.md describes its protocol)',
};

const registered: string[] = [];
// Every optional part of the API on: the operator API needs its token.
const t = await createTestApp(
  { OPERATOR_API_TOKEN: 'operator-token-0123456789-abcdef' },
  {
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        // Fastify adds HEAD to every GET route by itself.
        if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
      }
    },
  },
);
afterAll(async () => {
  await t.close();
});

const answer = await t.app.inject('/api/openapi.json');
const document = answer.json() as OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject & Record<`x-${string}`, unknown>;
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  METHODS.filter((method) => item?.[method]).map((method) => ({
    method,
    path,
    operation: item![method] as Operation,
    /** The route as Fastify names it: `GET /api/payments/:id`. */
    key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
  })),
);

describe('GET /api/openapi.json', () => {
  test('answers the document as JSON', () => {
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('lists exactly the routes the server registers', () => {
    for (const key of Object.keys(NOT_DOCUMENTED)) expect(registered).toContain(key);
    const expected = registered.filter((key) => !(key in NOT_DOCUMENTED)).sort();
    expect(operations.map((op) => op.key).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(80);
  });

  test('declares every path parameter of every operation', () => {
    for (const { key, path, operation } of operations) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? [])
        .map((p) => p as OpenAPIV3_1.ParameterObject)
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(declared.sort(), key).toEqual(names.sort());
    }
  });

  test('names every operation (a unique operationId) and says who may call it (public: security [])', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { key, operation } of operations) {
      expect(operation.operationId, key).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
      expect(operation.security, key).toBeDefined();
    }
    const byKey = (key: string) => operations.find((op) => op.key === key)!.operation;
    expect(byKey('POST /api/api/v2/auth/register/email').operationId).toBe('postApiV2AuthRegisterEmail');
    expect(byKey('GET /api/games/bets/:id').operationId).toBe('getGamesBetsById');
    expect(byKey('GET /api/config').security).toEqual([]);
    expect(byKey('GET /api/profile/user').security).toEqual([{ player: [] }]);
  });

  test('tags every operation with a module the document describes', () => {
    const tags = new Set((document.tags ?? []).map((tag) => tag.name));
    for (const { key, operation } of operations) {
      expect(operation.tags, key).toHaveLength(1);
      expect(tags, key).toContain(operation.tags![0]);
    }
  });

  test('documents the error answers in the {errors:{…}} shape, 401 where a token is needed', () => {
    expect(document.components?.schemas?.Errors).toMatchObject({
      type: 'object',
      required: ['errors'],
      properties: { errors: { type: 'object' } },
    });
    for (const { key, path, operation } of operations) {
      const responses = operation.responses ?? {};
      expect(responses.default, key).toEqual({ $ref: '#/components/responses/error' });
      expect(responses['422'], key).toEqual({ $ref: '#/components/responses/invalid' });
      if (operation.security?.length) expect(responses['401'], key).toBeDefined();
      if (path.startsWith('/api/')) expect(responses['429'], key).toBeDefined();
    }
    for (const response of Object.values(document.components?.responses ?? {})) {
      expect(response).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
      });
    }
  });

  test('the operator API needs the operator token; both bearer schemes are described', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      player: { type: 'http', scheme: 'bearer' },
      operator: { type: 'http', scheme: 'bearer' },
    });
    const operator = operations.filter((op) => op.path.startsWith('/api/operator/'));
    expect(operator.length).toBeGreaterThan(5);
    for (const { key, operation } of operator) expect(operation.security, key).toEqual([{ operator: [] }]);
  });

  test('every operation is declared: a summary and its answers, none marked undeclared', () => {
    expect(operations.filter((op) => op.operation[UNDECLARED_KEY]).map((op) => op.key)).toEqual([]);
    for (const { key, operation } of operations) {
      expect(operation.summary, key).toBeTruthy();
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      expect(success.length, key).toBeGreaterThan(0);
      for (const [status, answer] of success)
        expect((answer as OpenAPIV3_1.ResponseObject).content, `${key} ${status}`).toBeDefined();
    }
    const currencies = operations.find((op) => op.key === 'GET /api/config/currencies')!.operation;
    expect(currencies.responses?.['200']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: { data: { type: 'array', items: { required: expect.arrayContaining(['code']) } } },
          },
        },
      },
    });
  });

  test('bodies the handler reads itself are documented with their own content type', () => {
    const body = (key: string) =>
      operations.find((op) => op.key === key)?.operation.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(body('POST /api/profile/verification/documents').content).toMatchObject({
      'multipart/form-data': { schema: { properties: { kind: {}, file: { format: 'binary' } } } },
    });
    expect(body('POST /api/sandbox/checkout/:id').content).toMatchObject({
      'application/x-www-form-urlencoded': { schema: { properties: { card: { type: 'string' } } } },
    });
  });

  test('the api. host serves the same document at /openapi.json', async () => {
    const res = await t.app.inject({ url: '/openapi.json', headers: { host: 'api.orbita.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(document);
  });
});

describe('GET /api/docs', () => {
  test('is a server-rendered page without scripts, under a strict CSP', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(csp).not.toMatch(/unsafe|script-src/);
    expect(res.body).not.toMatch(/<script|\son\w+=/i);
  });

  test('shows every operation: method, path, summary, parameters, body and answers', async () => {
    const page = (await t.app.inject('/api/docs')).body;
    for (const { key, method, path, operation } of operations) {
      const start = page.indexOf(`<section class="op" id="${operationAnchor(method, path)}">`);
      expect(start, key).toBeGreaterThan(0);
      const section = page.slice(start, page.indexOf('</section>', start));
      expect(section, key).toContain(`>${method.toUpperCase()}</span> <code>${path}</code>`);
      if (operation.summary) expect(section, key).toContain(operation.summary);
      for (const parameter of (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        expect(section, key).toContain(`<code>${parameter.name}</code>`);
      if (operation.requestBody) expect(section, key).toContain('<h4>Request body');
      for (const status of Object.keys(operation.responses ?? {}))
        expect(section, key).toContain(`<td><code>${status}</code></td>`);
    }
  });

  test('renders a declared answer field by field', async () => {
    const page = (await t.app.inject('/api/docs')).body;
    const start = page.indexOf(`id="${operationAnchor('get', '/api/config')}"`);
    const section = page.slice(start, page.indexOf('</section>', start));
    for (const field of ['defaults', 'locale_strategy', 'social_providers', 'min_payout'])
      expect(section).toContain(`<code>${field}</code>`);
    expect(section).toContain('<code>&quot;prefix_except_default&quot;</code>');
  });
});
