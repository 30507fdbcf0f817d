import fc from 'fast-check';

/**
 * Hostile input for the API fuzz test (tests/api/fuzz.test.ts): values that break parsers,
 * databases and regular expressions, requests built from them around a valid seed, and the edge
 * cases of each field of a seed, one field at a time.
 */

/** A route as Fastify registered it. */
export interface Route {
  method: string;
  url: string;
}

/**
 * A valid body (or query) per route, so one hostile field gets past the others' validation into
 * the code behind it; `n` makes contacts unique.
 */
export type Seed = (n: number) => Record<string, unknown>;
/** Seeds by route key (`POST /api/…`). */
export interface Seeds {
  bodies: Record<string, Seed>;
  queries: Record<string, Seed>;
}

/** Strings PostgreSQL, zod, regular expressions, URLs or BigInt may choke on. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  '\u200F\u200D\u200B',
  '\r\n\t',
  '\uFEFF',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '%',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '9'.repeat(25),
  '-9'.repeat(12),
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  'UTC',
  'sandbox_card',
  'http://[::1',
  'javascript:alert(1)',
  '🎰'.repeat(50),
];
const loneSurrogates = fc
  .tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 5 }))
  .map(([a, unit, b]) => `${a}${String.fromCharCode(unit)}${b}`);
const dateLike = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(
    ([y, m, d]) =>
      `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  );
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  { weight: 1, arbitrary: dateLike },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), 'ж'.repeat(5_000), '\u0301'.repeat(1_000)) },
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 1e-320, 0.1, 1.005, -1),
);
export const KEYS = [
  'amount',
  'name',
  'email',
  'password',
  'id',
  'type',
  'page',
  'per_page',
  'kind',
  'details',
];
export const hostileKey = fc.oneof(
  fc.constantFrom(...KEYS, '__proto__', 'constructor', '', 'a\u0000'),
  fc.string({ unit: 'binary', maxLength: 10 }),
);
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
}));
/** JSON texts JSON.stringify never writes: numbers beyond doubles, prototype keys, deep nesting. */
const rawJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '[',
    'nul',
    '{"amount":1e400}',
    '{"amount":123456789012345678901234567890}',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
  ),
  fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1_000, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

/** The seed with one field replaced by (or added as) a hostile value; or a hostile object. */
function fields(seed: Seed | undefined, value: fc.Arbitrary<unknown>) {
  const start = seed ?? (() => ({}));
  const mutated = fc
    .record({ n: fc.nat(), key: fc.constantFrom(...Object.keys(start(0)), ...KEYS), value })
    .map(({ n, key, value }) => ({ ...start(n), [key]: value }));
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.nat().map((n) => start(n)) },
    { weight: 2, arbitrary: fc.dictionary(hostileKey, value, { maxKeys: 5 }) },
  );
}

/** Percent-encodes any string; encodeURIComponent throws on lone surrogates, whose UTF-8 is U+FFFD. */
export const encode = (text: string) =>
  text.isWellFormed()
    ? encodeURIComponent(text)
    : [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const idempotencyKey = fc.oneof(
  fc.uuid().map((uuid) => `fuzz-${uuid}`),
  // Often the same key again: a replay, or a conflict with another request.
  fc.nat(20).map((n) => `fuzz-key-${n}`),
  fc.constant(undefined),
  // Only what an HTTP header can carry at all: printable ASCII.
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 220,
  }),
);

/** A request body: its content type and text, or none. */
export interface Payload {
  type?: string;
  text?: string;
}
/** What varies between the requests to one route. */
export interface Request {
  params: string[];
  query: string;
  payload: Payload;
  idempotencyKey: string | undefined;
}
const json = (text: string): Payload => ({ type: 'application/json', text });
/** A query string carries only strings, a repeated name making a list. */
const queryString = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .flatMap(([name, value]) => [value].flat().map((item) => `${encode(name)}=${encode(String(item))}`))
    .join('&');
export const keyOf = (route: Route) => `${route.method} ${route.url}`;

export function requestFor(route: Route, seeds: Seeds): fc.Arbitrary<Request> {
  const key = keyOf(route);
  const params = route.url.split('/').filter((segment) => segment.startsWith(':')).length;
  const payload: fc.Arbitrary<Payload> = fc.oneof(
    {
      weight: 6,
      arbitrary: fields(seeds.bodies[key], hostileValue).map((body) => json(JSON.stringify(body))),
    },
    {
      weight: 1,
      arbitrary: fc.array(hostileValue, { maxLength: 3 }).map((list) => json(JSON.stringify(list))),
    },
    { weight: 2, arbitrary: rawJson.map(json) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
          hostileString,
        )
        .map(([type, text]) => ({ type, text })),
    },
  );
  const query = fc.oneof(
    fields(seeds.queries[key], fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 }))).map(
      queryString,
    ),
    fc.constantFrom('', 'a=%', 'page=1&page=2', 'per_page=%00', '%zz=1'),
  );
  return fc.record({
    params: fc.array(
      fc.oneof(hostileString, fc.constantFrom('1', '00000000-0000-0000-0000-000000000000', 'google')),
      { minLength: params, maxLength: params },
    ),
    query,
    payload: route.method === 'GET' || route.method === 'DELETE' ? fc.constant<Payload>({}) : payload,
    idempotencyKey,
  });
}

/**
 * Values derived from a valid one that tend to break whatever accepts it: a NUL, a lone surrogate,
 * a bidi override or a newline added, a huge repetition, its first number zeroed (year 0000) or
 * grown past 64 bits, negated, and the wrong types. Objects and arrays vary one member at a time.
 */
function edgesOf(value: unknown, depth = 0): unknown[] {
  const wrongTypes = [null, true, -1, 1e308, 2 ** 53 + 2, [], {}];
  if (typeof value === 'string') {
    const digits = /\d+/.test(value);
    return [
      '',
      `${value}\u0000`,
      `${value}\ud800`,
      `\u202E${value}`,
      `${value}\n`,
      value.repeat(Math.ceil(20_000 / Math.max(value.length, 1))),
      ...(digits
        ? [
            value.replace(/\d+/, (run) => '0'.repeat(run.length)),
            value.replace(/\d+/, (run) => '9'.repeat(run.length + 20)),
            `-${value}`,
          ]
        : []),
      ...wrongTypes,
    ];
  }
  if (typeof value === 'number') return [0, -value, value + 0.5, 1e308, -1e308, String(value), ...wrongTypes];
  if (depth > 1 || value === null || typeof value !== 'object') return wrongTypes;
  if (Array.isArray(value))
    return [
      ...wrongTypes,
      Array(1_000).fill(value[0]),
      ...edgesOf(value[0], depth + 1).map((edge) => [edge]),
    ];
  return [
    ...wrongTypes,
    ...Object.entries(value).flatMap(([key, member]) =>
      edgesOf(member, depth + 1).map((edge) => ({ ...value, [key]: edge })),
    ),
  ];
}

let edgeCount = 0;

/** A valid value of each path parameter, by name, to derive edge cases from. */
const PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  userId: '1',
  provider: 'google',
};

/** Every edge case of every field of the route's seeds, one field at a time: tried before the random runs. */
export function edgeRequests(route: Route, seeds: Seeds): Request[] {
  const key = keyOf(route);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const valid: Request = {
    params: names.map((name) => PARAMS[name] ?? '1'),
    query: queryString(seeds.queries[key]?.(0) ?? {}),
    payload:
      route.method === 'GET' || route.method === 'DELETE'
        ? {}
        : json(JSON.stringify(seeds.bodies[key]?.(++edgeCount) ?? {})),
    idempotencyKey: undefined,
  };
  const variants: Request[] = [];
  names.forEach((name, i) => {
    for (const edge of edgesOf(PARAMS[name] ?? '1'))
      variants.push({ ...valid, params: valid.params.map((param, j) => (j === i ? String(edge) : param)) });
  });
  const query = seeds.queries[key]?.(0) ?? {};
  for (const [name, value] of Object.entries(query))
    for (const edge of [...edgesOf(value).filter((e) => typeof e === 'string'), [value, value]])
      variants.push({ ...valid, query: queryString({ ...query, [name]: edge }) });
  const body = seeds.bodies[key];
  if (body && valid.payload.text !== undefined) {
    const fields = body(0);
    for (const [name, value] of Object.entries(fields))
      for (const edge of edgesOf(value))
        variants.push({
          ...valid,
          payload: json(JSON.stringify({ ...body(++edgeCount), [name]: edge })),
        });
  }
  // Keys and contacts unique across routes and callers: a reused key would only answer 409.
  return [valid, ...variants].map((request) => ({ ...request, idempotencyKey: `fuzz-edge-${++edgeCount}` }));
}
