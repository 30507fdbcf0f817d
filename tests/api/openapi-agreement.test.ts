import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';
import { fromSchema, mutated, type Resolve, type Schema } from '../helpers/schema-arbitrary.ts';

/**
 * The document and the server agree (docs/api-contract.md "The document"): for every operation of
 * GET /api/openapi.json, requests are generated from the document's own schemas alone, and an
 * independent validator (Ajv, JSON Schema 2020-12) decides for each whether the document allows
 * it. One the document allows is never refused for its form (400, 415, or 422 with anything but a
 * state-dependent key below); one it forbids is always refused (4xx). Outside: text PostgreSQL
 * cannot store (the documented text guard, 422 `invalid_characters`). The seeds are fixed, so a
 * failure repeats (each seed's samples are its own); AGREEMENT_SEED (a seed or a comma-separated
 * list, in their place: `AGREEMENT_SEED=$(seq -s, 1 30)`) and AGREEMENT_RUNS explore further.
 */
const SEEDS = (process.env.AGREEMENT_SEED ?? '20260119,7,11,23').split(',').map(Number);
const RUNS = Number(process.env.AGREEMENT_RUNS ?? 12);
const OPERATOR = 'operator-token-0123456789-abcdef';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Refusals of a well-formed request that depend on the state (the balance, the currency's limits,
 * what exists, what was already done), which no schema can state: allowed for valid requests.
 */
const STATE_DEPENDENT = new Set([
  'insufficient_funds',
  'bet_below_min',
  'bet_above_max',
  'stake_cannot_win',
  'max_profit_exceeded',
  'currency_required',
  'currency_already_set',
  // A player who has not chosen a currency yet.
  'currency_not_set',
  'amount_too_small',
  'amount_too_large',
  'amount_below_min_payout',
  // The player's own limits (the same run may have set one through PUT /responsible/limits).
  'deposit_limit',
  'loss_limit',
  'wager_limit',
  'invalid_method',
  'email_taken',
  'phone_taken',
  'invalid_credentials',
  'invalid_code',
  'code_expired',
  'token_invalid',
  'password_common',
  'password_mismatch',
  'old_password_wrong',
  'password_exists',
  'unknown_provider',
  'invalid_case',
  'not_found',
  // A promo code's state: whether it exists, its dates and uses, whom it is for.
  'promo_invalid',
  'promo_expired',
  'promo_used_up',
  'promo_already_used',
  'promo_not_applicable',
  'promo_new_players_only',
  'name_taken',
  'idempotency_conflict',
  'no_game_in_progress',
  'crash_unavailable',
  // The step a round is at: a move names the round's next step.
  'invalid_index',
  'invalid_round',
  'stale_step',
  'nothing_to_cash_out',
  'game_in_progress',
  'round_closed',
  'betting_closed',
  'sso_refused',
  // A player's part in a room's current round: joined once, stakes added after joining.
  'already_joined',
  'not_joined',
  'round_started',
]);

/**
 * Rules the document states in words (the field's description), as no JSON Schema keyword can:
 * a refusal under one of them is allowed for a request the schema allows.
 */
const IN_WORDS: Record<string, string> = {
  invalid_phone: 'a number is valid by its country’s numbering plan (libphonenumber)',
  invalid_chance: 'a dice target’s range depends on its direction',
  invalid_target: 'a number has at most 2 decimals (JSON Schema’s multipleOf is inexact on binary fractions)',
  invalid_tiles: 'miner: at most 25 − `mines` tiles',
  auto_cash_out_too_low: 'crash: a text multiplier below 1.01',
  auto_cash_out_decimals: 'crash: a number multiplier has at most 2 decimals (multipleOf is inexact)',
  invalid_auto_cash_out: 'crash: a number multiplier has at most 2 decimals (multipleOf is inexact)',
  invalid_name: 'display names are compared after NFKC normalisation (src/shared/readable-text.ts)',
  name_too_long: 'display names are counted after NFKC normalisation',
  invalid_characters: 'fingerprints follow the display names’ rules, after NFKC normalisation',
};

/** State-dependent refusals of one operation only, and why. */
const STATE_DEPENDENT_HERE: Record<string, string[]> = {
  // The player registered by e-mail has no phone number to verify.
  'POST /api/api/v2/auth/phone/resend': ['required'],
  'POST /api/api/v2/auth/phone/verify/code': ['required'],
  // The slip's rules across its legs and its system's name (docs/betting.md "Bets"): a single's one
  // leg, an accumulator's events all different, a system's leg count, a `k/n` with k < n; and the
  // book's cap on what one outcome may lose.
  'POST /api/sports/bets': ['legs_count', 'same_event', 'invalid_system', 'stake_above_max'],
  'POST /api/sports/slip': ['legs_count', 'same_event', 'invalid_system'],
  // A cash-out offer is the server's signed answer: any other text is refused.
  'POST /api/sports/bets/{id}/cashout': ['invalid_offer'],
  // A tournament's terms across their fields (docs/tournaments.md "Operator"): an end after the
  // start and still to come (a PUT also before the start), the prize table's places from 1 without
  // gaps, each row an amount or a share, the shares within the pool, a buy-in or a VIP level only
  // with opt-in entry, each game once.
  // An operator's exclusion ends in the future, or never (null).
  'POST /api/operator/players/{userId}/exclusions': ['invalid_date'],
  ...Object.fromEntries(
    ['POST /api/operator/tournaments', 'PUT /api/operator/tournaments/{id}'].map((key) => [
      key,
      [
        'tournament_window',
        'prize_places',
        'prize_amount',
        'prize_shares',
        'tournament_buy_in_opt_in',
        'tournament_vip_opt_in',
        'duplicate_game',
      ],
    ]),
  ),
};

/** Operations not checked, and why. */
const NOT_CHECKED: Record<string, string> = {
  'PUT /api/auth/logout': 'would end the session the rest of the run plays with; it reads no input',
  'POST /api/profile/verification/documents': 'a multipart upload the handler streams (kyc.test.ts)',
  'POST /api/sandbox/checkout/{id}': 'an HTML form of the sandbox provider (payments.test.ts)',
  'POST /api/sandbox/checkout/{id}/3ds': 'an HTML form of the sandbox provider (payments.test.ts)',
  'POST /api/payments/webhooks/sandbox': 'a raw signed body: any text is well-formed, its signature decides',
  ...Object.fromEntries(
    ['user/info', 'user/balance', 'transaction/bet', 'transaction/win', 'transaction/rollback'].map(
      (path) => [
        `POST /api/aggregator/wallet/${path}`,
        'the aggregator’s signed Wallet API: always 200 with a status, its signature decides (slots-wallet.test.ts)',
      ],
    ),
  ),
};

const t = await createTestApp({
  OPERATOR_API_TOKEN: OPERATOR,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'agreement-')),
  SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
  KYC_ON_FIRST_WITHDRAWAL: 'false',
});
afterAll(async () => {
  await t.close();
});
const document = (await t.app.inject('/api/openapi.json')).json() as OpenAPIV3_1.Document;
const player = await playerWithCash(t, 5_000_00n);

const resolve: Resolve = (schema) => {
  let s = schema;
  while (s.$ref) s = document.components!.schemas![s.$ref.replace('#/components/schemas/', '')] as Schema;
  return s;
};
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
// Query, path and header values travel as text: validated as OpenAPI reads them (coerced).
const ajvText = new Ajv2020({ strict: false, coerceTypes: 'array', validateFormats: true });
addFormats.default(ajv);
addFormats.default(ajvText);
const components = { components: document.components };
ajv.addSchema(components, 'doc');
ajvText.addSchema(components, 'doc');
const compile = (validator: Ajv2020, schema: Schema) =>
  validator.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));

interface Operation {
  key: string;
  method: (typeof METHODS)[number];
  path: string;
  operation: OpenAPIV3_1.OperationObject;
}
const operations: Operation[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  METHODS.filter((method) => item?.[method]).map((method) => ({
    key: `${method.toUpperCase()} ${path}`,
    method,
    path,
    operation: item![method]!,
  })),
);

/** One request: its parameters by place and name, and its JSON body (absent: undefined). */
interface Sent {
  params: Record<'path' | 'query' | 'header', Record<string, unknown>>;
  body: unknown;
}

/** The JSON body's schema, or null without one (a non-JSON body is not checked here). */
function jsonBody(operation: OpenAPIV3_1.OperationObject) {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (!body) return null;
  const schema = body.content['application/json']?.schema as Schema | undefined;
  return schema ? { schema, required: body.required === true } : null;
}

function parametersOf(operation: OpenAPIV3_1.OperationObject) {
  return ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).filter((p) =>
    ['path', 'query', 'header'].includes(p.in),
  ) as (OpenAPIV3_1.ParameterObject & { in: 'path' | 'query' | 'header'; schema: Schema })[];
}

/** Requests aimed at what the document allows. */
function validRequests(operation: OpenAPIV3_1.OperationObject): fc.Arbitrary<Sent> {
  const parameters = parametersOf(operation);
  const part = (place: 'path' | 'query' | 'header') =>
    fc.record(
      Object.fromEntries(
        parameters.filter((p) => p.in === place).map((p) => [p.name, fromSchema(p.schema, resolve)]),
      ),
      {
        requiredKeys: parameters
          .filter((p) => p.in === place && (p.required || place === 'path'))
          .map((p) => p.name),
      },
    );
  const body = jsonBody(operation);
  return fc.record({
    params: fc.record({ path: part('path'), query: part('query'), header: part('header') }),
    body: body
      ? body.required
        ? fromSchema(body.schema, resolve)
        : fc.option(fromSchema(body.schema, resolve), { nil: undefined })
      : fc.constant(undefined),
  });
}

/** `sent` with one part of its body or of one place's parameters broken (`mutated`). */
function broken(sent: Sent): fc.Arbitrary<Sent> {
  const places = (['path', 'query', 'header'] as const).filter(
    (place) => Object.keys(sent.params[place]).length,
  );
  return fc.oneof(
    mutated(sent.body).map((body) => ({ ...sent, body })),
    ...places.map((place) =>
      mutated(sent.params[place]).map((part) => ({
        ...sent,
        params: {
          ...sent.params,
          [place]: part !== null && typeof part === 'object' && !Array.isArray(part) ? part : {},
        },
      })),
    ),
  );
}

/** Text as a query string, path segment or header carries it. */
const asText = (value: unknown): string | string[] =>
  Array.isArray(value)
    ? value.map((item) => String(item))
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * What the request carries of a parameter: a query parameter repeated once per item of an array
 * (an empty array is no parameter at all), a path segment or header as one text (an array's
 * items joined by commas, OpenAPI's `simple` style); undefined when absent. A URL carries UTF-8,
 * so a lone surrogate travels as U+FFFD (as URLSearchParams and browsers send it).
 */
function carried(place: 'path' | 'query' | 'header', value: unknown): string | string[] | undefined {
  if (value === undefined) return undefined;
  const text = asText(value);
  if (place !== 'query') return String(text).toWellFormed();
  if (!Array.isArray(text)) return text.toWellFormed();
  return text.length === 0 ? undefined : text.map((item) => item.toWellFormed());
}

/** Whether the document allows the request, as Ajv reads the document. */
function allowedByDocument(operation: OpenAPIV3_1.OperationObject, sent: Sent): boolean {
  for (const p of parametersOf(operation)) {
    const value = carried(p.in, sent.params[p.in][p.name]);
    if (value === undefined) {
      if (p.required || p.in === 'path') return false;
      continue;
    }
    if (p.in === 'path' && value === '') return false;
    if (!compile(ajvText, p.schema)(structuredClone(value))) return false;
  }
  const body = jsonBody(operation);
  if (body) {
    if (sent.body === undefined) return !body.required;
    return compile(ajv, body.schema)(sent.body) as boolean;
  }
  return true;
}

/** Text PostgreSQL cannot store, refused by the documented text guard. */
const unstorable = (sent: Sent) =>
  /\\u0000|\\ud[89a-f]/i.test(JSON.stringify(sent)) || JSON.stringify(sent).includes('\u0000');

let address = 0;
async function send({ method, path, operation }: Operation, sent: Sent): Promise<LightMyRequestResponse> {
  const security = operation.security?.[0];
  const token =
    security && 'operator' in security
      ? OPERATOR
      : security && 'player' in security
        ? player.token
        : undefined;
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(carried('path', sent.params.path[name]) ?? '')),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(sent.params.query))
    for (const item of [carried('query', value) ?? []].flat()) query.append(name, item);
  const headers: Record<string, string> = token ? bearer(token) : {};
  for (const [name, value] of Object.entries(sent.params.header)) {
    const text = carried('header', value);
    if (text !== undefined) headers[name] = text as string;
  }
  const search = query.toString();
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url: search ? `${url}?${search}` : url,
    // A fresh address per request: the per-address rate limits would otherwise answer 429.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    headers,
    ...(sent.body === undefined
      ? {}
      : { payload: JSON.stringify(sent.body), headers: { ...headers, 'content-type': 'application/json' } }),
  });
}

/** The error keys of an `{ errors }` answer (`bet_above_max:10.00` → `bet_above_max`). */
function errorKeys(res: LightMyRequestResponse): string[] {
  try {
    const errors = (res.json() as { errors?: Record<string, string | string[]> }).errors ?? {};
    return Object.values(errors)
      .flat()
      .map((message) => message.split(':')[0]!);
  } catch {
    return [];
  }
}

/** What is wrong with the server's answer to `sent`, or null when it agrees with the document. */
function disagreement(key: string, res: LightMyRequestResponse, allowed: boolean, sent: Sent): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (allowed) {
    if (res.statusCode === 400 || res.statusCode === 415 || res.statusCode === 405)
      return `refused an allowed request: ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (res.statusCode === 404 && /^not_found:/.test(String(res.json().errors?.path)))
      return `no route for a documented request: ${res.body.slice(0, 200)}`;
    if (res.statusCode === 422) {
      const keys = errorKeys(res);
      if (keys.includes('invalid_characters') && unstorable(sent)) return null;
      const here = STATE_DEPENDENT_HERE[key] ?? [];
      if (!keys.every((k) => STATE_DEPENDENT.has(k) || k in IN_WORDS || here.includes(k)))
        return `refused an allowed request: 422 ${res.body.slice(0, 300)}`;
    }
    return null;
  }
  if (res.statusCode < 400) return `accepted a request the document forbids: ${res.statusCode}`;
  return null;
}

const checked = operations.filter((op) => !(op.key in NOT_CHECKED));

test('every exception names a documented operation', () => {
  expect(checked.length).toBeGreaterThan(100);
  const keys = new Set(operations.map((op) => op.key));
  for (const key of Object.keys(NOT_CHECKED)) expect(keys, key).toContain(key);
});

describe.each(SEEDS)('the document and the server agree on every operation (seed %i)', (seed) => {
  test.each(checked.map((op) => [op.key, op] as const))('%s', async (_key, op) => {
    const valid = validRequests(op.operation);
    const requests = fc.sample(fc.oneof(valid, valid.chain(broken)), { seed, numRuns: RUNS * 2 });
    const found: string[] = [];
    let allowedCount = 0;
    for (const whole of requests) {
      const allowed = allowedByDocument(op.operation, whole);
      if (allowed) allowedCount++;
      const res = await send(op, whole);
      const problem = disagreement(op.key, res, allowed, whole);
      if (problem) found.push(`${problem}\n    sent ${JSON.stringify(whole).slice(0, 400)}`);
    }
    expect(found.slice(0, 5)).toEqual([]);
    expect(allowedCount).toBeGreaterThan(0);
  });
});
