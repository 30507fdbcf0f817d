import { describe, expect, test } from 'vitest';
import { hotkeyAction } from './hotkeys.ts';

const body = { tagName: 'BODY' };

describe('hotkeyAction', () => {
  test.each([
    [{ key: ' ', code: 'Space' }, 'bet'],
    [{ key: 'a', code: 'KeyA' }, 'half'],
    [{ key: 'S', code: 'KeyS' }, 'double'],
    [{ key: 'd', code: 'KeyD' }, 'zero'],
    // A Russian layout sends "ф" for the A key: the physical key decides.
    [{ key: 'ф', code: 'KeyA' }, 'half'],
    [{ key: 'x', code: 'KeyX' }, null],
    [{ key: 'Enter', code: 'Enter' }, null],
  ] as const)('%j → %s', (event, expected) => {
    expect(hotkeyAction({ ...event, target: body })).toBe(expected);
  });

  test('ignores keys typed into fields', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'input']) {
      expect(hotkeyAction({ key: 'a', code: 'KeyA', target: { tagName } })).toBeNull();
    }
    expect(
      hotkeyAction({ key: ' ', code: 'Space', target: { tagName: 'DIV', isContentEditable: true } }),
    ).toBeNull();
  });

  test('leaves space to a focused button, which it already presses', () => {
    expect(hotkeyAction({ key: ' ', code: 'Space', target: { tagName: 'BUTTON' } })).toBeNull();
    expect(hotkeyAction({ key: 'a', code: 'KeyA', target: { tagName: 'BUTTON' } })).toBe('half');
  });

  test('ignores shortcuts with modifiers and held-down repeats', () => {
    expect(hotkeyAction({ key: 'a', code: 'KeyA', ctrlKey: true, target: body })).toBeNull();
    expect(hotkeyAction({ key: 's', code: 'KeyS', metaKey: true, target: body })).toBeNull();
    expect(hotkeyAction({ key: 'd', code: 'KeyD', altKey: true, target: body })).toBeNull();
    expect(hotkeyAction({ key: ' ', code: 'Space', repeat: true, target: body })).toBeNull();
  });
});
