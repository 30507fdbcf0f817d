import { z } from 'zod';

/** The edge's answers the browser reads (docs/edge.md): geo, mirrors, attribution. */

/** GET /geo_ip (docs/product-rules.md §3 "Geo data"). */
export const geoResponse = z.object({
  ip: z.string(),
  country_code: z.string().nullable(),
  region: z.enum(['KZ', 'RU']),
});
export type GeoAnswer = z.output<typeof geoResponse>;

/** GET /mirror and POST /middleware/mirror (docs/product-rules.md §3 "Mirror/config response"). */
export const mirrorResponse = z.object({
  redirect: z.object({ newLink: z.string().nullable() }),
  meta_yandex_verification: z.string().nullable(),
  sso: z.string().nullable(),
  /** The live hosts of the site (`host[:port]`): the service worker's mirror list (docs/pwa.md). */
  mirrors: z.array(z.string()),
});
export type MirrorAnswer = z.output<typeof mirrorResponse>;

/** POST /middleware/mirrorRedirect. */
export const mirrorRedirectResponse = z.object({
  redirect: z.object({ newLink: z.string().nullable(), oldDomain: z.string() }),
});

/** POST /middleware/ip: what the edge decides for a host and user agent from the caller's address. */
export const ipResponse = z.object({
  ip: z.string(),
  country_code: z.string().nullable(),
  region: z.enum(['KZ', 'RU']),
  blocked: z.boolean(),
  crawler: z.boolean(),
  retired: z.boolean(),
});

/** POST /middleware/utm (docs/product-rules.md §3 "Promo from the UTM call"). */
export const utmResponse = z.object({
  advId: z.string(),
  promo: z.object({ type: z.string(), value: z.string() }).nullable(),
});
export type UtmAnswer = z.output<typeof utmResponse>;

/** POST /sso/code: the main host's sso link with a login code, or null on the main host (docs/edge.md). */
export const ssoCodeResponse = z.object({ sso: z.string().nullable() });
export type SsoCodeAnswer = z.output<typeof ssoCodeResponse>;

/** POST /simple-auth/code: the one-time code of a simple-auth link (docs/edge.md). */
export const simpleAuthCodeResponse = z.object({ code: z.string() });
