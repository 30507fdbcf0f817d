import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../clock.ts';
import { secureCookies } from '../../http/request-origin.ts';
import { LOGIN_THROTTLE } from './throttle.ts';

/** The device cookie: proof that this browser logged in to an account before. */
export const DEVICE_COOKIE = 'device';

const ENTRY = /^(\d+)\.(\d+)\.([\w-]{22})\.([\w-]{43})$/;

/**
 * Signs and checks device-cookie entries `<userId>.<issued>.<nonce>.<mac>`: an HMAC under a server
 * key binds each to one account, so a cookie earned on one account (an attacker's own) vouches for
 * nothing else. One cookie holds the entries of the last few accounts, separated by `~`.
 */
export class DeviceCookies {
  readonly #key: Buffer;
  readonly #clock: Clock;

  constructor(secret: string, clock: Clock = systemClock) {
    this.#clock = clock;
    this.#key = createHash('sha256').update(`device-cookie:${secret}`).digest();
  }

  /** A fresh entry for `userId` (a new nonce on every login, so a new throttle counter). */
  issue(userId: string, now = this.#clock.now()): string {
    const payload = `${userId}.${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.#mac(payload)}`;
  }

  /**
   * The id of the cookie's valid, unexpired entry for `userId` (a hash of its nonce: neither the
   * database nor the logs see the nonce), or null when the browser is not a known device.
   */
  deviceOf(cookie: string | undefined, userId: string, now = this.#clock.now()): string | null {
    for (const entry of entriesOf(cookie)) {
      const [, owner, issued, nonce, mac] = ENTRY.exec(entry) ?? [];
      if (owner !== userId || !issued || !nonce || !mac) continue;
      const given = Buffer.from(mac);
      const expected = Buffer.from(this.#mac(`${owner}.${issued}.${nonce}`));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      if (Number(issued) * 1000 + LOGIN_THROTTLE.deviceTrustDays * 86_400_000 < now) continue;
      return createHash('sha256').update(nonce).digest('hex').slice(0, 32);
    }
    return null;
  }

  #mac(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }
}

function entriesOf(cookie: string | undefined): string[] {
  return (cookie ?? '').split('~').filter((entry) => ENTRY.test(entry));
}

/** The cookie with `entry` first, other entries of its account dropped, at most a few accounts. */
export function withEntry(cookie: string | undefined, entry: string): string {
  const owner = entry.slice(0, entry.indexOf('.'));
  const others = entriesOf(cookie).filter((e) => e.slice(0, e.indexOf('.')) !== owner);
  return [entry, ...others].slice(0, LOGIN_THROTTLE.devicesPerBrowser).join('~');
}

/** Adds the account's fresh entry to the browser's device cookie (HttpOnly, like the refresh cookie). */
export function setDeviceCookie(reply: FastifyReply, request: FastifyRequest, entry: string): void {
  reply.setCookie(DEVICE_COOKIE, withEntry(request.cookies[DEVICE_COOKIE], entry), {
    path: '/',
    httpOnly: true,
    secure: secureCookies(request),
    sameSite: 'lax',
    maxAge: LOGIN_THROTTLE.deviceTrustDays * 86_400,
  });
}
