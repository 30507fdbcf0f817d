/**
 * Random ids in the browser. `crypto.randomUUID` exists only in a secure context (https,
 * localhost): on a plain-http address it is missing while `crypto.getRandomValues` is not, so the
 * ids are made from that (RFC 9562 §5.4: version 4, variant 10).
 */

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A version-4 UUID: `crypto.randomUUID` where the page has it, else built from `getRandomValues`. */
export function randomUuid(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `bytes` random bytes as base64url (a state value or nonce that travels in an address). */
export function randomToken(bytes = 32, source: RandomSource = crypto): string {
  const raw = source.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
