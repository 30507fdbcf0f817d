import type { KyInstance, Options } from 'ky';
import type { Answer, CallInput, RouteKey } from '../shared/api/contract.ts';

/**
 * The typed calls of the browser: a route is named by its declaration's key
 * (`'POST /games/dice/bet'`, src/shared/api/*-routes.ts) and what it sends and answers are the
 * declaration's types (src/shared/api/contract.ts), so no path is written twice and no answer is
 * cast. Types only reach this file: nothing is parsed at run time and no zod ships with it. The
 * calls go through a ky client (src/client/api.ts: token, refresh and replay, 451, headers).
 */

/** What a call may add to ky's own: the `context` of api.ts's hooks, a longer timeout, a signal. */
export type CallOptions = Pick<Options, 'context' | 'timeout' | 'signal'>;

/** The input argument: optional when the route needs nothing (no params, no required body). */
export type CallArgs<K extends RouteKey> =
  Record<string, never> extends CallInput<K>
    ? [input?: CallInput<K>, options?: CallOptions]
    : [input: CallInput<K>, options?: CallOptions];

/** What a call sends, read loosely at run time (the types above hold the shapes). */
export interface Sending {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, unknown>;
}

/** The route's method and its path as ky's prefix wants it (bare), params filled in. */
export function target(
  key: RouteKey,
  params: Record<string, unknown> = {},
): { method: string; path: string } {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 1)
    .replace(/^\/+/, '')
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  return { method: key.slice(0, space), path };
}

/** A query object as sent: absent values left out, a list repeated. */
export function searchOf(query: Record<string, unknown> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  return search;
}

/** Only the headers given a value. */
function headersOf(headers: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') defined[name] = value;
  return defined;
}

/**
 * Calls route `key` through `client`, its input read loosely: the typed calls below and the game
 * kit's adapter (src/islands/games/kit/api.ts) build on it. The answer is ky's, to read as its
 * content type says.
 */
export function request(client: KyInstance, key: RouteKey, sent?: unknown, options: CallOptions = {}) {
  const input: Sending = typeof sent === 'object' && sent !== null ? sent : {};
  const { method, path } = target(key, input.params);
  const searchParams = searchOf(input.query);
  const headers = headersOf(input.headers);
  return client(path, {
    method,
    ...(searchParams ? { searchParams } : {}),
    ...(input.body === undefined ? {} : { json: input.body }),
    ...(input.form ? { body: input.form } : {}),
    ...(headers ? { headers } : {}),
    ...options,
  });
}

/** Calls route `key` through `client` and answers its JSON, typed from the declaration. */
export function send<K extends RouteKey>(
  client: KyInstance,
  key: K,
  ...[input, options]: CallArgs<K>
): Promise<Answer<K>> {
  return request(client, key, input, options).json<Answer<K>>();
}
