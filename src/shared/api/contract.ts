import type { z } from 'zod';
import type { ROUTES as AUTH } from './auth-routes.ts';
import type { ROUTES as BONUS } from './bonus-routes.ts';
import type { ROUTES as CONFIG } from './config-routes.ts';
import type { ROUTES as CRASH } from './crash-routes.ts';
import type { ROUTES as EDGE } from './edge-routes.ts';
import type { ROUTES as GAMES } from './games-routes.ts';
import type { ROUTES as HISTORY } from './history-routes.ts';
import type { ROUTES as KYC } from './kyc-routes.ts';
import type { ROUTES as LIVE } from './live-routes.ts';
import type { ROUTES as PAYMENTS } from './payments-routes.ts';
import type { ROUTES as PROFILE } from './profile-routes.ts';
import type { ROUTES as RESPONSIBLE } from './responsible-routes.ts';
import type { ROUTES as ROOMS } from './rooms-routes.ts';
import type { ROUTES as SLOTS } from './slots-routes.ts';
import type { ROUTES as SPORTS } from './sports-routes.ts';
import type { ROUTES as TOURNAMENTS } from './tournaments-routes.ts';

/**
 * The whole API as the browser calls it: every module's route declarations (src/shared/api/
 * *-routes.ts), by their `'METHOD /path'` key, and the input and answer types of a call derived
 * from them. Types only: the browser's typed client (src/client/call.ts) imports this file with
 * `import type`, so neither zod nor a schema reaches a page through it.
 */
export type Api = typeof AUTH &
  typeof BONUS &
  typeof CONFIG &
  typeof CRASH &
  typeof EDGE &
  typeof GAMES &
  typeof HISTORY &
  typeof KYC &
  typeof LIVE &
  typeof PAYMENTS &
  typeof PROFILE &
  typeof RESPONSIBLE &
  typeof ROOMS &
  typeof SLOTS &
  typeof SPORTS &
  typeof TOURNAMENTS;

/** A route's key: `'POST /games/dice/bet'`, `'GET /games/rooms/:room'`. */
export type RouteKey = keyof Api & string;

/** The routes of one method. */
export type RouteOf<M extends string> = Extract<RouteKey, `${M} ${string}`>;

/** The names of the `:params` of a path (`'/games/rooms/:room/join'` → `'room'`). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a declaration's part (`body`, `querystring`…) takes as sent: its schema's `z.input`. */
type Sent<D, Part extends string> = D extends { [K in Part]: infer S extends z.ZodType } ? z.input<S> : never;

/** A part of the input, required unless it may be left out (`{}` or `undefined` is valid). */
type Field<Name extends string, T> = [T] extends [never]
  ? unknown
  : undefined extends T
    ? { [K in Name]?: T }
    : Record<string, never> extends T
      ? { [K in Name]?: T }
      : { [K in Name]: T };

/** The path's params: as declared, else one text per `:name` of the path. */
type ParamsOf<K extends RouteKey> = [Sent<Api[K], 'params'>] extends [never]
  ? [ParamNames<K>] extends [never]
    ? never
    : { [N in ParamNames<K>]: string | number }
  : Sent<Api[K], 'params'>;

/**
 * What a call sends: `params` fill the path, `query` the query string, `body` the JSON body (or
 * `form`, a body the route only documents: a multipart upload), `headers` its declared headers
 * (the `Idempotency-Key` of a money route).
 */
export type CallInput<K extends RouteKey> = Field<'params', ParamsOf<K>> &
  Field<'query', Sent<Api[K], 'querystring'>> &
  Field<'body', Sent<Api[K], 'body'>> &
  (Api[K] extends { documentedBody: object } ? { form: FormData } : unknown) &
  ([Sent<Api[K], 'headers'>] extends [never] ? unknown : { headers?: Partial<Sent<Api[K], 'headers'>> });

/**
 * The JSON a call answers: the success schema's `z.input`, the wire form (a `timestamp` is its ISO
 * string, src/shared/api/common.ts). A non-JSON answer (a page, a file) is `unknown`.
 */
export type Answer<K extends RouteKey> = Api[K]['response'] extends { 200: infer S }
  ? S extends z.ZodType
    ? z.input<S>
    : unknown
  : Api[K]['response'] extends { 201: infer S }
    ? S extends z.ZodType
      ? z.input<S>
      : unknown
    : unknown;
