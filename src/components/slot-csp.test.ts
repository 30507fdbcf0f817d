import { describe, expect, test } from 'vitest';
import { slotCsp } from './slot-csp.ts';

function directives(origins: string[]): string[] {
  const out: string[] = [];
  slotCsp({ insertDirective: (d) => out.push(d) }, origins);
  return out;
}

describe('slotCsp', () => {
  test('a game page allows its own origin and the configured ones in frames, and nothing else', () => {
    expect(directives(['https://games.example.com', 'http://127.0.0.1:4100'])).toEqual([
      "frame-src 'self' https://games.example.com http://127.0.0.1:4100",
    ]);
    expect(directives([])).toEqual(["frame-src 'self'"]);
  });

  test('a value that is not an origin never reaches the header', () => {
    expect(directives(["https://a.example.com; script-src 'unsafe-inline'", 'javascript:x', '*'])).toEqual([
      "frame-src 'self'",
    ]);
  });
});
