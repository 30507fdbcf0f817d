import type { FastifyInstance } from 'fastify';
import { invalid } from '../domain-error.ts';

/**
 * Text PostgreSQL cannot store as sent: `text` and `jsonb` refuse U+0000 (the query fails), and a
 * lone UTF-16 surrogate is either refused by `jsonb` or silently turned into U+FFFD on the wire.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** A value met while walking a request, with the way back to the root for naming it. */
interface Step {
  value: unknown;
  key: string | null;
  parent: Step | null;
}

function pathOf(step: Step | null): string {
  const keys: string[] = [];
  for (let at = step; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path (`details.note`, `bets.2.kind`) of the first string in `value`, key or value, that is
 * not storable text; null when there is none. Walks with its own stack and parent links: a request
 * body may nest deeper than the call stack allows (JSON.parse accepts any depth), and copying the
 * path at every level would cost the square of the depth.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (typeof step.value === 'string') {
      if (!isStorableText(step.value)) return pathOf(step);
    } else if (ArrayBuffer.isView(step.value)) {
      // Bytes a route reads itself (a raw body kept for its signature): no text here, and walking
      // them as an object's entries would visit every byte.
    } else if (step.value !== null && typeof step.value === 'object') {
      const entries = Object.entries(step.value);
      // A bad key is named by the object that holds it.
      if (entries.some(([key]) => !isStorableText(key))) return pathOf(step);
      // Pushed last to first, so fields are checked (and the first bad one named) in order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}

/**
 * Refuses, for every route, a body, query string or path parameter that carries unstorable text
 * (422 `<field>: invalid_characters`), before any handler can pass it to SQL. One hook rather than
 * a refinement in each schema: it also covers free-form values (records, `unknown` items), routes
 * without a zod schema, and routes added later.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const path = unstorableTextPath(value);
      // A path through a deeply nested body is cut: the field name only has to point at the value.
      if (path !== null) throw invalid(path.slice(0, 200) || part, 'invalid_characters');
    }
  });
}
