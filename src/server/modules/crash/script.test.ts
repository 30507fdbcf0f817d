import { describe, expect, test } from 'vitest';
import { crashPointFromHash } from '../../../games/crash/chain.ts';
import { CrashScript } from './script.ts';

const hash = 'a'.repeat(64);
const salt = 'salt';

describe('crash script', () => {
  test('unscripted, a round ends at its hash’s point', () => {
    expect(new CrashScript().pointOf(1, hash, salt)).toBe(crashPointFromHash(hash, salt));
  });

  test('the next rounds take the scripted points in order, each once, then the chain again', () => {
    const script = new CrashScript([200, 100]);
    expect(script.pointOf(7, hash, salt)).toBe(200);
    expect(script.pointOf(7, hash, salt)).toBe(200);
    expect(script.pointOf(8, hash, salt)).toBe(100);
    expect(script.pointOf(9, hash, salt)).toBe(crashPointFromHash(hash, salt));
  });
});
