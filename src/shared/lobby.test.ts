import { describe, expect, test } from 'vitest';
import { MORE, ORIGINALS } from './lobby.ts';

describe('lobby tiles (docs/product-rules.md §2)', () => {
  test('carry the status of the game registry', () => {
    expect(ORIGINALS.find((tile) => tile.key === 'crash')?.status).toBe('playable');
    expect(ORIGINALS.find((tile) => tile.key === 'dice')?.status).toBe('playable');
    expect(MORE.find((tile) => tile.key === 'slots')?.status).toBe('playable');
    expect(MORE.find((tile) => tile.key === 'liveCasino')?.status).toBe('playable');
    expect(MORE.find((tile) => tile.key === 'betting')?.status).toBe('playable');
  });
});
