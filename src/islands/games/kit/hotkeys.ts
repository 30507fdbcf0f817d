import type { AmountAction } from './amount.ts';

export type HotkeyAction = 'bet' | Extract<AmountAction, 'half' | 'double' | 'zero'>;

/** The parts of a keyboard event the mapping needs. */
export interface KeyInput {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  /** The focused element: typing in a field or pressing a focused button is never a hotkey. */
  target?: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Space on a focused button or switch already activates it; it must not also place a bet. */
const ACTIVATES = new Set(['BUTTON', 'A', 'SUMMARY']);

/**
 * The game hotkeys (docs/game-kit.md): space bets, A halves, S doubles, D zeroes the amount.
 * Letters go by physical key (`code`), so they work on any keyboard layout.
 */
export function hotkeyAction(event: KeyInput): HotkeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const tag = event.target?.tagName?.toUpperCase() ?? '';
  if (TYPING.has(tag) || event.target?.isContentEditable) return null;
  const code = event.code ?? '';
  if (code === 'Space' || event.key === ' ') return ACTIVATES.has(tag) ? null : 'bet';
  if (code === 'KeyA' || (!code && event.key.toLowerCase() === 'a')) return 'half';
  if (code === 'KeyS' || (!code && event.key.toLowerCase() === 's')) return 'double';
  if (code === 'KeyD' || (!code && event.key.toLowerCase() === 'd')) return 'zero';
  return null;
}
