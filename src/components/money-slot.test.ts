import { describe, expect, test } from 'vitest';
import { MONEY_SLOT, sentenceParts } from './money-slot.ts';

describe('sentences around amounts', () => {
  test.each([
    [`Minimum deposit ${MONEY_SLOT}`, ['Minimum deposit ', 0]],
    [`${MONEY_SLOT} without a deposit`, [0, ' without a deposit']],
    [`50 % up to ${MONEY_SLOT}, min ${MONEY_SLOT}.`, ['50 % up to ', 0, ', min ', 1, '.']],
    ['No amount', ['No amount']],
  ])('%j', (text, parts) => {
    expect(sentenceParts(text)).toEqual(parts);
  });
});
