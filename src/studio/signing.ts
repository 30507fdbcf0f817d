/**
 * The Hub88-shaped signatures (docs/slots.md): `X-Hub88-Signature` = base64 of RSA-SHA256 over the
 * raw body bytes with the signer's private key, checked with the signer's public key.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';

export const SIGNATURE_HEADER = 'x-hub88-signature';

export function sign256(key: KeyObject, body: string | Uint8Array): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body, 'utf8') : body, key).toString('base64');
}

/** Whether `signature` (base64, maybe absent) signs `body` for `key`; never throws. */
export function verify256(key: KeyObject, body: string | Uint8Array, signature: unknown): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  try {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    return verify('sha256', bytes, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface StudioKeys {
  privateKey: KeyObject;
  publicKeyPem: string;
  operatorKey: KeyObject;
}

/** The studio's key pair (made at start when none is given) and the casino's public key, made once. */
export function loadKeys(operatorPublicKeyPem: string, studioPrivateKeyPem?: string): StudioKeys {
  const operatorKey = createPublicKey(operatorPublicKeyPem);
  const privateKey = studioPrivateKeyPem
    ? createPrivateKey(studioPrivateKeyPem)
    : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem, operatorKey };
}
