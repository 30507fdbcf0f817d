import { describe, expect, test } from 'vitest';
import { icoFromPngs } from './ico.ts';

describe('icoFromPngs', () => {
  test('writes the header, one directory entry per image, then the images in order', () => {
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([4, 5]);
    const ico = icoFromPngs([
      { size: 16, png: a },
      { size: 256, png: b },
    ]);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 2]);
    // entry 0: 16×16, 32 bpp, 3 bytes at offset 6 + 2×16
    expect([
      ico[6],
      ico[7],
      view.getUint16(12, true),
      view.getUint32(14, true),
      view.getUint32(18, true),
    ]).toEqual([16, 16, 32, 3, 38]);
    // entry 1: 256 is written as 0
    expect([ico[22], ico[23], view.getUint32(30, true), view.getUint32(34, true)]).toEqual([0, 0, 2, 41]);
    expect([...ico.slice(38)]).toEqual([1, 2, 3, 4, 5]);
  });
});
