import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT } from 'jose';
import { type Clock, systemClock } from '../../clock.ts';

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
  /** The same key as a KeyObject (a Uint8Array key is prepared again on every createHmac). */
  readonly #jwtKeyObject: KeyObject;
  readonly #hmacKey: Buffer;
  readonly #refreshKey: Buffer;
  readonly #clock: Clock;

  constructor(secret: string, clock: Clock = systemClock) {
    this.#clock = clock;
    this.#jwtKey = new TextEncoder().encode(secret);
    this.#jwtKeyObject = createSecretKey(this.#jwtKey);
    this.#hmacKey = createHash('sha256').update(`codes:${secret}`).digest();
    this.#refreshKey = createHash('sha256').update(`refresh:${secret}`).digest();
  }

  signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    const now = Math.floor(this.#clock.now() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId.toString())
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#jwtKey);
  }

  /**
   * Verified claims, or null for anything invalid or expired. HS256 only, checked synchronously
   * with node:crypto: every authenticated request verifies its token, and WebCrypto's asynchronous
   * HMAC (jose's `jwtVerify`) cost about 0.5 ms of CPU per request under the bet benchmark
   * (docs/performance.md "Bets"). The rules are jose's: the header's `alg` must be HS256 and it may
   * name no critical extension, `exp` must be in the future, `nbf` (when present) not.
   */
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    if (!/^[\w-]{43}$/.test(signature) || !/^[\w-]+$/.test(header) || !/^[\w-]+$/.test(body)) return null;
    const expected = createHmac('sha256', this.#jwtKeyObject).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = jsonOf(header);
    if (head?.alg !== 'HS256' || 'crit' in head || ('b64' in head && head.b64 !== true)) return null;
    const payload = jsonOf(body);
    if (!payload) return null;
    const now = Math.floor(this.#clock.now() / 1000);
    const { sub, sid, exp, nbf, iat } = payload;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !/^\d+$/.test(sub) ||
      exp <= now ||
      (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) ||
      (iat !== undefined && typeof iat !== 'number')
    )
      return null;
    return { userId: BigInt(sub), sessionId: sid, expiresAt: exp * 1000 };
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

/** A JWT segment's JSON object, or null. */
function jsonOf(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
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
