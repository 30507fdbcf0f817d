import { describe, expect, test } from 'vitest';
import { signPayload, verifySignature } from './signature.ts';

const secret = 'whsec_test';
const body = '{"id":"evt_1","type":"payment.succeeded"}';
const now = 1_800_000_000_000;

describe('webhook signatures', () => {
  test('a fresh signature of the exact body verifies', () => {
    expect(verifySignature(secret, body, signPayload(secret, body, now / 1000), now)).toBe('ok');
  });

  test.each([
    ['another body', signPayload(secret, `${body} `, now / 1000), 'mismatch'],
    ['another secret', signPayload('other', body, now / 1000), 'mismatch'],
    ['an old timestamp (replay)', signPayload(secret, body, now / 1000 - 301), 'expired'],
    ['no header', undefined, 'malformed'],
    ['garbage', 't=abc,v1=xyz', 'malformed'],
  ])('%s is refused', (_name, header, verdict) => {
    expect(verifySignature(secret, body, header, now)).toBe(verdict);
  });
});
