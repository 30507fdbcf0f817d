import { describe, expect, test } from 'vitest';
import { scrollToShow } from './in-view.ts';

/** A 390 × 844 phone under a 95 px sticky header, 8 px margins. */
const view = { top: 103, bottom: 836 };

describe('keeping the board and the bet button on screen as a bet starts', () => {
  test('nothing moves when both are in view', () => {
    expect(scrollToShow({ top: 200, bottom: 600 }, { top: 620, bottom: 672 }, view)).toBe(0);
  });

  test('the player scrolled down to the button: the board comes back, the button stays', () => {
    // The board's top is 150 px under the header; both fit: scroll up just enough.
    expect(scrollToShow({ top: -47, bottom: 430 }, { top: 450, bottom: 502 }, view)).toBe(-150);
  });

  test('the button below the screen: scroll down just enough to see it', () => {
    expect(scrollToShow({ top: 220, bottom: 700 }, { top: 860, bottom: 912 }, view)).toBe(76);
  });

  test('when both cannot fit, the board goes to the top', () => {
    expect(
      scrollToShow({ top: -500, bottom: 300 }, { top: 400, bottom: 452 }, { top: 103, bottom: 700 }),
    ).toBe(-603);
  });
});
