import { describe, expect, test } from 'vitest';
import { Fingerprints } from './fingerprint.ts';

describe('Fingerprints', () => {
  const keys = new Fingerprints('a configured key of at least thirty-two characters');

  test('seals a fingerprint that only the same key opens', () => {
    const sealed = keys.seal('3f1c0a9e5b7d2468ace013579bdf2468');
    expect(sealed).not.toBeNull();
    expect(sealed?.sealed).not.toContain('3f1c0a9e5b7d2468ace013579bdf2468');
    expect(keys.open(sealed?.sealed ?? '')).toBe('3f1c0a9e5b7d2468ace013579bdf2468');
    expect(
      new Fingerprints('another key of at least thirty-two characters!').open(sealed?.sealed ?? ''),
    ).toBeNull();
  });

  test('the same fingerprint has one device hash and a fresh ciphertext each time', () => {
    const a = keys.seal('visitor-1');
    const b = keys.seal('visitor-1');
    expect(a?.device).toBe(b?.device);
    expect(a?.device).toMatch(/^[0-9a-f]{32}$/);
    expect(a?.sealed).not.toBe(b?.sealed);
    expect(keys.seal('visitor-2')?.device).not.toBe(a?.device);
    expect(new Fingerprints('another key of at least thirty-two characters!').device('visitor-1')).not.toBe(
      a?.device,
    );
  });

  test('an altered or malformed value opens to null', () => {
    const sealed = keys.seal('visitor-1')?.sealed ?? '';
    const [iv, tag, text] = sealed.split('.');
    const flipped = Buffer.from(text ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(keys.open(`${iv}.${tag}.${flipped.toString('base64url')}`)).toBeNull();
    expect(keys.open('not.sealed')).toBeNull();
    expect(keys.open('')).toBeNull();
  });

  test('no fingerprint, nothing kept', () => {
    expect(keys.seal(null)).toBeNull();
    expect(keys.seal('')).toBeNull();
  });
});
