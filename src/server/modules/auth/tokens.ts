import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** Access token claims: `sub` is the user id, `sid` the session. */
export interface AccessClaims {
  userId: bigint;
  sessionId: string;
}

/** Claims of a verified access token, with its expiry (`exp`) in ms since the epoch. */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

/** Keys derived from the one token secret: access JWTs, code hashes, refresh-token successors. */
export class TokenKeys {
  readonly #jwtKey: Uint8Array;
  readonly #hmacKey: Buffer;
  readonly #refreshKey: Buffer;

  constructor(secret: string) {
    this.#jwtKey = new TextEncoder().encode(secret);
    this.#hmacKey = createHash('sha256').update(`codes:${secret}`).digest();
    this.#refreshKey = createHash('sha256').update(`refresh:${secret}`).digest();
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
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, this.#jwtKey, { algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number' ||
        !/^\d+$/.test(payload.sub)
      )
        return null;
      return { userId: BigInt(payload.sub), sessionId: payload.sid, expiresAt: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** Keyed hash of a one-time code: a database read does not reveal live codes. */
  codeHash(purpose: string, target: string, code: string): string {
    return createHmac('sha256', this.#hmacKey).update(`${purpose}\n${target}\n${code}`).digest('hex');
  }

  /**
   * The refresh token that replaces `token`, and its hash. Derived rather than random so that a
   * second refresh with the same token inside the grace window can answer the same successor
   * although the database keeps only hashes (AuthService.refresh).
   */
  refreshSuccessor(token: string): { token: string; hash: Buffer } {
    const next = createHmac('sha256', this.#refreshKey).update(token).digest('base64url');
    return { token: next, hash: hashOpaque(next) };
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
