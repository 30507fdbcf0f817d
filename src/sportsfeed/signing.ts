/**
 * The feed's push signature (docs/betting.md "The feed"): `x-feed-signature: t=<ms>,v1=<hex>`,
 * where hex is HMAC-SHA256 with the shared secret over `<t>.<raw body>`. The time inside the signed
 * text lets the receiver refuse an old request replayed (outside its tolerance); the raw bytes,
 * not a re-serialised body, are what is signed. Pure: the casino imports this file to verify.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying a push's signature. */
export const FEED_SIGNATURE_HEADER = 'x-feed-signature';
/** The header carrying the shared secret on the feed's REST API. */
export const FEED_TOKEN_HEADER = 'x-access-token';

function mac(secret: string, timestamp: string, rawBody: string | Uint8Array): Buffer {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest();
}

/** The signature header for a body sent at `timestampMs`. */
export function signFeedBody(secret: string, rawBody: string | Uint8Array, timestampMs: number): string {
  const t = String(Math.floor(timestampMs));
  return `t=${t},v1=${mac(secret, t, rawBody).toString('hex')}`;
}

/**
 * Whether `header` signs `rawBody` with `secret`, made within `toleranceMs` of `nowMs` (either
 * side). Any `v1` in the header may match (a sender rotating its secret sends two). Never throws.
 */
export function verifyFeedSignature(
  secret: string,
  header: unknown,
  rawBody: string | Uint8Array,
  nowMs: number,
  toleranceMs = 300_000,
): boolean {
  if (typeof header !== 'string' || header.length > 1024 || secret.length === 0) return false;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,16}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowMs - Number(timestamp)) > toleranceMs) return false;
  const expected = mac(secret, timestamp, rawBody);
  return signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  });
}

/** Whether a presented access token is the secret (compared in constant time). */
export function tokenMatches(secret: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || secret.length === 0) return false;
  const a = createHmac('sha256', 'feed-token').update(secret).digest();
  const b = createHmac('sha256', 'feed-token').update(presented).digest();
  return timingSafeEqual(a, b);
}
