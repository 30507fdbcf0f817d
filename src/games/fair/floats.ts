/**
 * The pure half of docs/fairness.md §2: HMAC blocks → floats. Each block is 32 bytes and yields 8
 * floats; `float_i` reads stream bytes 4i … 4i+3 big-end first.
 */

export const BLOCK_BYTES = 32;
export const FLOATS_PER_BLOCK = BLOCK_BYTES / 4;
const TWO_POW_32 = 2 ** 32;

/** The blocks (round numbers, inclusive) that hold floats `offset` … `offset + count − 1`. */
export function blockRange(offset: number, count: number): { first: number; last: number } {
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`Expected offset ≥ 0 and count ≥ 1, received offset ${offset}, count ${count}`);
  }
  return {
    first: Math.floor(offset / FLOATS_PER_BLOCK),
    last: Math.floor((offset + count - 1) / FLOATS_PER_BLOCK),
  };
}

/**
 * `b0/256 + b1/256² + b2/256³ + b3/256⁴` for the 4 bytes at `at`. Computed as the big-endian
 * 32-bit integer over 2³², which is the same double bit for bit: every partial sum is exact.
 */
export function floatAt(bytes: Uint8Array, at: number): number {
  const b0 = bytes[at];
  const b1 = bytes[at + 1];
  const b2 = bytes[at + 2];
  const b3 = bytes[at + 3];
  if (b0 === undefined || b1 === undefined || b2 === undefined || b3 === undefined) {
    throw new RangeError(`Expected 4 bytes at ${at}, the stream has ${bytes.length}`);
  }
  return (((b0 * 256 + b1) * 256 + b2) * 256 + b3) / TWO_POW_32;
}

/**
 * Floats `offset` … `offset + count − 1` from the consecutive blocks `blockRange(offset, count)`
 * (`blocks[0]` is block `first`).
 */
export function floatsFromBlocks(blocks: readonly Uint8Array[], offset: number, count: number): number[] {
  const result: number[] = [];
  const start = (offset % FLOATS_PER_BLOCK) * 4;
  for (let i = 0; i < count; i += 1) {
    const position = start + i * 4;
    const block = blocks[Math.floor(position / BLOCK_BYTES)];
    if (!block || block.length !== BLOCK_BYTES) {
      throw new RangeError(`Expected ${BLOCK_BYTES}-byte blocks covering float ${offset + i}`);
    }
    result.push(floatAt(block, position % BLOCK_BYTES));
  }
  return result;
}

/** The 32-bit integer behind a float of the stream (exact: floats are multiples of 2⁻³²). */
export function floatToUint32(float: number): number {
  const value = float * TWO_POW_32;
  if (!Number.isInteger(value) || value < 0 || value >= TWO_POW_32) {
    throw new RangeError(`Expected a stream float (a multiple of 2^-32 in [0, 1)), received ${float}`);
  }
  return value;
}
