import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { idempotencyKey } from './money.ts';
import { randomToken, randomUuid } from './random-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The crypto of a page on plain http (not a secure context): getRandomValues but no randomUUID. */
const insecureCrypto = { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) } as Pick<
  Crypto,
  'getRandomValues'
>;

describe('random ids outside a secure context', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('regression: an idempotency key is made on a plain-http page (no crypto.randomUUID)', () => {
    vi.stubGlobal('crypto', insecureCrypto);
    expect(idempotencyKey()).toMatch(UUID_V4);
  });

  test('the fallback is a version-4 UUID from getRandomValues, never the same twice', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomUuid(insecureCrypto)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  test('randomUUID is used where the browser has it', () => {
    const secure = { ...insecureCrypto, randomUUID: () => '00000000-0000-4000-8000-000000000000' as const };
    expect(randomUuid(secure)).toBe('00000000-0000-4000-8000-000000000000');
  });

  test('a random token is base64url of the asked number of bytes', () => {
    vi.stubGlobal('crypto', insecureCrypto);
    const token = randomToken(32);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken(32)).not.toBe(token);
  });
});
