import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** Access token claims: `sub` is the user id, `sid` the session. */
export interface AccessClaims {
  userId: bigint;
  sessionId: string;
}

export class TokenKeys {
  readonly #jwtKey: Uint8Array;
  readonly #hmacKey: Buffer;

  constructor(secret: string) {
    this.#jwtKey = new TextEncoder().encode(secret);
    this.#hmacKey = createHash('sha256').update(`codes:${secret}`).digest();
  }

  signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId.toString())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.#jwtKey);
  }

  /** Verified claims, or null for anything invalid or expired. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#jwtKey, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !/^\d+$/.test(payload.sub))
        return null;
      return { userId: BigInt(payload.sub), sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** Keyed hash of a one-time code: a database read does not reveal live codes. */
  codeHash(purpose: string, target: string, code: string): string {
    return createHmac('sha256', this.#hmacKey).update(`${purpose}\n${target}\n${code}`).digest('hex');
  }
}

/** Opaque random token (refresh, reset link) and the hash the database keeps of it. */
export function opaqueToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaque(token) };
}

export function hashOpaque(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** A 6-digit code from the CSPRNG, uniformly distributed (randomInt rejects modulo bias). */
export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
