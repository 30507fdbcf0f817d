import fc from 'fast-check';

/**
 * Values from a JSON Schema (2020-12, the subset an OpenAPI 3.1 document of this API uses), for the
 * agreement test (tests/api/openapi-agreement.test.ts): `fromSchema` aims at values the schema
 * allows, `mutated` breaks one part of such a value. Neither decides what is valid: the test asks
 * an independent validator (Ajv) about every value it sends.
 */

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  pattern?: string;
  format?: string;
};

/** Resolves `#/components/schemas/…` references against the document. */
export type Resolve = (schema: Schema) => Schema;

/** Arrays and free-form maps are kept short: the test is about each value, not about bulk. */
const MAX_ITEMS = 6;

const jsonLeaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));

function stringFrom(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? minLength + 40, minLength + 300);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl({ withQueryParameters: true, withFragments: true });
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function numberFrom(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? exclusiveMin ?? -1e6;
  const max = (schema.maximum as number | undefined) ?? exclusiveMax ?? 1e6;
  if (integer)
    return fc.integer({
      min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER),
      max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
    });
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
  );
}

/** Values aimed at what `schema` allows. */
export function fromSchema(schema: Schema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.oneOf ?? s.anyOf;
  if (branches) return fc.oneof(...branches.map((branch) => fromSchema(branch, resolve, depth + 1)));
  if (s.allOf) return fromSchema(Object.assign({}, ...s.allOf.map(resolve)), resolve, depth + 1);
  const types = [s.type ?? (s.properties ? 'object' : undefined)].flat();
  if (types[0] === undefined)
    return depth > 2 ? jsonLeaf : fc.oneof(jsonLeaf, fc.dictionary(fc.string({ maxLength: 6 }), jsonLeaf));
  if (types.length > 1)
    return fc.oneof(...types.map((type) => fromSchema({ ...s, type: type as string }, resolve, depth)));
  switch (types[0]) {
    case 'string':
      return stringFrom(s);
    case 'integer':
      return numberFrom(s, true);
    case 'number':
      return numberFrom(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (s.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((s.maxItems as number | undefined) ?? MAX_ITEMS, minLength + MAX_ITEMS);
      const item = s.items ? fromSchema(s.items, resolve, depth + 1) : jsonLeaf;
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    default: {
      const properties = s.properties ?? {};
      // Exactly one of the properties (`minProperties` = `maxProperties` = 1).
      if (s.maxProperties === 1 && Object.keys(properties).length > 0)
        return fc.oneof(
          ...Object.entries(properties).map(([key, value]) =>
            fromSchema(value, resolve, depth + 1).map((v) => ({ [key]: v })),
          ),
        );
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, fromSchema(value, resolve, depth + 1)]),
        ),
        { requiredKeys: (s.required ?? []).filter((key) => key in properties) },
      );
      const extra = s.additionalProperties;
      if (extra === undefined || extra === false || extra === true || Object.keys(extra).length === 0)
        return record;
      const keys = s.propertyNames ? stringFrom(resolve(s.propertyNames)) : fc.string({ maxLength: 10 });
      const named = s.propertyNames?.enum;
      return fc
        .tuple(
          record,
          fc.dictionary(
            named ? fc.constantFrom(...(named as string[])) : keys,
            fromSchema(extra, resolve, depth + 1),
            {
              maxKeys: 3,
            },
          ),
        )
        .map(([fixed, more]) => ({ ...more, ...fixed }));
    }
  }
}

/** Values of the wrong kind, or just past a bound, for replacing one part of a valid value. */
const WRONG: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e12,
  '',
  ' ',
  'zz',
  '-1',
  'x'.repeat(2_000),
  [],
  ['zz'],
  {},
  { zz: 1 },
];

/** Every path to a part of `value` (object keys, array positions), the whole value first. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const paths = [path];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) paths.push(...pathsOf(item, [...path, i]));
  } else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...path, key]));
  return paths;
}

function replaced(value: unknown, path: (string | number)[], make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, make);
  return copy;
}

const DELETE = Symbol('delete');

function withoutDeleted(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== DELETE).map(withoutDeleted);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== DELETE)
        .map(([key, item]) => [key, withoutDeleted(item)]),
    );
  return value;
}

/**
 * `value` with one part broken: a part replaced by a value of another kind or past a bound, a part
 * dropped, a string grown or cut, or an unknown field added to an object.
 */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  return fc.tuple(fc.constantFrom(...paths), fc.nat(WRONG.length + 3)).map(([path, how]) =>
    withoutDeleted(
      replaced(value, path, (old) => {
        if (how < WRONG.length) return WRONG[how];
        if (how === WRONG.length) return path.length > 0 ? DELETE : undefined;
        if (how === WRONG.length + 1) return typeof old === 'string' ? `${old}${old}zz` : 'zz';
        if (how === WRONG.length + 2) return typeof old === 'string' ? old.slice(1) : -1e6;
        return old !== null && typeof old === 'object' && !Array.isArray(old)
          ? { ...old, zz_extra: 1 }
          : [old];
      }),
    ),
  );
}
