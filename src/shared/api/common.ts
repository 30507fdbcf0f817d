import { z } from 'zod';

/**
 * Building blocks of the answers server and browser share (src/shared/api/*.ts). The server
 * encodes an answer from its schema's output; the browser reads the JSON, the schema's input:
 * where a schema holds a `timestamp`, the browser's type is `z.input` (an ISO string), not
 * `z.output` (a Date).
 */

/** `{ success: true }`, the answer of most commands. */
export const success = z.object({ success: z.literal(true) });
export type Success = z.output<typeof success>;

/**
 * A point in time: an ISO 8601 string on the wire, a Date in the handlers (what the database
 * driver returns). Decoding reads the wire, encoding writes it.
 */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** An amount as the API shows it: a decimal string in major units ("1500.50", "-2.50"). */
export const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
