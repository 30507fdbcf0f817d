import {
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  sign as signWith,
  verify as verifyWith,
} from 'node:crypto';

/**
 * The aggregator protocol's signatures (docs/slots.md "Signatures"): `X-Hub88-Signature` is the
 * base64 RSA-SHA256 signature of the exact body bytes, made with the sender's private key and
 * checked with its public key. Keys are KeyObjects made once at start.
 */
export const SIGNATURE_HEADER = 'x-hub88-signature';

/** A PEM as configured: the PEM text itself, or the PEM base64-encoded (one line for env files). */
function pemText(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('-----BEGIN')) return trimmed.replace(/\\n/g, '\n');
  return Buffer.from(trimmed, 'base64').toString('utf8');
}

export function privateKeyOf(value: string): KeyObject {
  return createPrivateKey(pemText(value));
}

export function publicKeyOf(value: string): KeyObject {
  return createPublicKey(pemText(value));
}

/** A fresh RSA key pair (the in-house studio's link, a test's double). */
export function newKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

export function sign(body: Uint8Array | string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(body).sign(key, 'base64');
}

/**
 * `sign` off the event loop: the RSA private-key step (a third of a millisecond for 2048 bits) runs
 * on libuv's thread pool, so the server goes on with other requests meanwhile (the Wallet API's
 * answers, one per bet and per win).
 */
export function signOffLoop(body: Uint8Array | string, key: KeyObject): Promise<string> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return new Promise((resolve, reject) => {
    signWith('sha256', bytes, key, (error, signature) =>
      error ? reject(error) : resolve(signature.toString('base64')),
    );
  });
}

/** Whether `signature` (base64) signs `body` for `key`; false for anything malformed. */
export function verify(body: Uint8Array | string, signature: unknown, key: KeyObject): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096) return false;
  try {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    return verifyWith('sha256', bytes, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
