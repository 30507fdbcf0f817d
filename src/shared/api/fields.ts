import { z } from 'zod';

/**
 * Building blocks of the request schemas of the routes' declarations (src/shared/api/*-routes.ts):
 * pure zod, loaded by the server, which validates with them, and by whatever in the browser
 * already ships zod. Answers' building blocks are in src/shared/api/common.ts.
 */

/** A string's length as JSON Schema counts it: in characters (code points; an emoji is one). */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Request text bounded in length as the document says it: `minLength`/`maxLength` count the
 * characters (code points) of the value as sent, before any trimming, as JSON Schema does, whereas
 * zod's `.min()`/`.max()` count UTF-16 units of the value at that point of the chain (after a
 * `.trim()`). Out of bounds is refused as zod's own bounds are (`validation.too_big:…`,
 * `validation.too_small:…`), or with `error` (which also names a value that is not text), a
 * shorter or longer text with `tooShort` or `tooLong` when given. Chain `.trim()`, `.regex()` and
 * the rest after it.
 */
export function boundedText({
  min,
  max,
  error,
  tooShort,
  tooLong,
}: {
  min?: number;
  max: number;
  error?: string;
  tooShort?: string;
  tooLong?: string;
}) {
  return z
    .string(error ? { error } : undefined)
    .check((ctx) => {
      const length = codePoints(ctx.value);
      if (length > max)
        ctx.issues.push({
          code: 'too_big',
          origin: 'string',
          maximum: max,
          inclusive: true,
          input: ctx.value,
          ...(tooLong ? { message: tooLong } : {}),
        });
      else if (min !== undefined && length < min)
        ctx.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: min,
          inclusive: true,
          input: ctx.value,
          ...(tooShort ? { message: tooShort } : {}),
        });
    })
    .meta(min === undefined ? { maxLength: max } : { minLength: min, maxLength: max });
}

/**
 * The pattern a trimmed field documents for an anchored (`^…$`) pattern its trimmed value must
 * match: the text as sent may have whitespace around it (`\s` is what `trim()` removes).
 */
export function trimmedPattern(pattern: RegExp): string {
  const { source } = pattern;
  if (!source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$'))
    throw new Error(`trimmedPattern: not anchored at both ends: ${source}`);
  return `^\\s*(?:${source.slice(1, -1)})\\s*$`;
}

/** A host name's label: letters and digits, single hyphens inside (so no punycode `xn--`). */
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** A character of a path segment, a query or a fragment as RFC 3986 allows it (`pchar`). */
const PCHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";
/**
 * The http(s) URLs a request may give: a host name whose last label starts with a letter, or an
 * IPv4 address; a port up to 65535; path, query and fragment as RFC 3986 writes them. A subset of
 * both what JSON Schema's `format: uri` (RFC 3986) and the WHATWG URL parser (what browsers and
 * `z.url()` read) accept, so a document stating this pattern and the server agree.
 */
export const HTTP_URL = new RegExp(
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:(?:${LABEL}\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|${OCTET}(?:\\.${OCTET}){3})` +
    '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|\\d{1,4}))?' +
    `(?:/${PCHAR}*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);

/** An http(s) URL (`HTTP_URL`), documented as `format: uri` with its pattern; else 422 `error`. */
export function httpUrl(error: string) {
  return (
    z
      // Not a URL at all: one `error`, not a second one from the pattern.
      .url({ protocol: /^https?$/, error, abort: true })
      .regex(HTTP_URL, { error })
      // zod documents the pattern in place of the URL's format; both hold.
      .meta({ format: 'uri' })
  );
}

/** The first and last moments of years 0001-9999 (see `withinStoredYears`). */
const FIRST_MOMENT = Date.parse('0001-01-01T00:00:00Z');
const LAST_MOMENT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A moment a request gives (`format: date` or `date-time`, any four-digit year), within years
 * 0001-9999 UTC: PostgreSQL has no year 0000 (1 BC comes before 0001), and a timestamp past 9999 or
 * before 0001 is not written as PostgreSQL reads one. Such a moment is the nearest one inside, which
 * means the same to every rule here (long started, long ended, nothing happened then).
 */
export function withinStoredYears(moment: Date): Date {
  return new Date(Math.min(Math.max(moment.getTime(), FIRST_MOMENT), LAST_MOMENT));
}

/**
 * Keywords of this API's own on a schema, which the document turns into JSON Schema
 * (src/server/http/openapi.ts): the value may also be sent as null or as blank text, both meaning
 * "absent"; the value may be null (or left out, for a body), meaning empty.
 */
export const NULL_OR_BLANK_KEY = 'x-null-or-blank';
export const NULL_MEANS_EMPTY_KEY = 'x-null-means-empty';

/**
 * A body read as `schema.parse(request.body ?? {})` was: no body, or a JSON `null`, is `{}` (so a
 * missing field is named, not the body).
 */
export const orEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => body ?? {}, schema).meta({ [NULL_MEANS_EMPTY_KEY]: true });

/**
 * A query parameter a handler reads as sent: a string, or an array when it is repeated (what
 * Fastify's query parser gives), so declaring it refuses nothing.
 */
export const asSent = z.union([z.string(), z.array(z.string())]);

/**
 * An `Idempotency-Key` (docs/api-money.md, docs/api-games.md): 8-200 of A-Z a-z 0-9 _ . : -. The
 * handlers check it themselves (the money routes with `idempotencyKey`, 422 `idempotency_key:
 * required`; the games' `betKey`, 422 `idempotency_key: invalid_idempotency_key`), so the header
 * is declared optional for Fastify and documented as it is checked: required where it is.
 */
export const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

/** The `Idempotency-Key` header of a route: `required` on the money routes, optional on bets. */
export function idempotencyHeaders({ required, description }: { required: boolean; description: string }) {
  return z
    .looseObject({
      'idempotency-key': z.string().optional().meta({ pattern: IDEMPOTENCY_KEY.source, description }),
    })
    .meta(required ? { required: ['idempotency-key'] } : {});
}
