import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { FINGERPRINT_MAX } from '../../../shared/api/auth.ts';

/** The longest device fingerprint accepted (declared with the requests, src/shared/api/auth.ts). */
export { FINGERPRINT_MAX };

/** What a session keeps of the browser's fingerprint (docs/edge.md "Device fingerprint"). */
export interface SealedFingerprint {
  /** A keyed hash of the fingerprint: equal for equal fingerprints, so sessions can be matched by it. */
  device: string;
  /** The fingerprint itself, AES-256-GCM under the configured key: `iv.tag.ciphertext`, base64url. */
  sealed: string;
}

/**
 * The device fingerprint the browser sends as `fp` with logins and registrations, kept encrypted
 * with the configured key (`FINGERPRINT_KEY`, else one generated once and kept in `settings`).
 * Neither the database nor a backup shows a fingerprint without the key; the keyed hash lets the
 * operator find the accounts one device logged in to without decrypting every row.
 */
export class Fingerprints {
  readonly #macKey: Buffer;
  readonly #encKey: Buffer;

  constructor(secret: string) {
    this.#macKey = createHash('sha256').update(`fingerprint-mac:${secret}`).digest();
    this.#encKey = createHash('sha256').update(`fingerprint-enc:${secret}`).digest();
  }

  /** The keyed hash of a fingerprint (32 hex digits). */
  device(fingerprint: string): string {
    return createHmac('sha256', this.#macKey).update(fingerprint).digest('hex').slice(0, 32);
  }

  /** The hash and the sealed value of a fingerprint, or null when the browser sent none. */
  seal(fingerprint: string | null | undefined): SealedFingerprint | null {
    if (!fingerprint) return null;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#encKey, iv);
    const text = Buffer.concat([cipher.update(fingerprint, 'utf8'), cipher.final()]);
    const sealed = [iv, cipher.getAuthTag(), text].map((part) => part.toString('base64url')).join('.');
    return { device: this.device(fingerprint), sealed };
  }

  /** The fingerprint of a sealed value, or null when it was sealed under another key or altered. */
  open(sealed: string): string | null {
    const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !text || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#encKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
