import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock } from '../../clock.ts';

/** Webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signPayload(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Tolerated clock difference: older signatures are replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Checks a signature header against the raw body; constant-time, with replay window. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = systemClock.now(),
): 'ok' | 'malformed' | 'expired' | 'mismatch' {
  if (!header) return 'malformed';
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) return 'malformed';
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'expired';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex')) ? 'ok' : 'mismatch';
}
