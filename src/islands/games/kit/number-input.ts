import { separatorsOf } from './format.ts';

/** Why a typed number cannot be read. */
export type NumberInputProblem = 'empty' | 'not_a_number' | 'too_many_decimals';

export type NumberReading = { ok: true; decimal: string } | { ok: false; problem: NumberInputProblem };

/** Spaces (also the no-break and narrow no-break spaces Intl groups with) and apostrophes. */
const SPACES = /[\s\u00a0\u202f'’]/g;

/**
 * What the player typed in a game input, in their locale, as a canonical decimal string ("1500.5"):
 * the locale's decimal separator is read ("1,5" in pt-BR), and so is the other one when the text
 * cannot be a grouped number ("1.5" in pt-BR is 1.5, as players type it). A separator is a group
 * separator only where a grouped number has it: the locale's group character before groups of
 * digits ending in three ("1.500" in pt-BR, "1,500" in en-US, "1,00,000" in hi), or the first of
 * two different separators ("1.500,25"). At most `decimals` fractional digits.
 */
export function readNumberInput(text: string, tag: string, decimals: number): NumberReading {
  const compact = text.replace(SPACES, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if (!/^[\d.,]+$/.test(compact) || !/\d/.test(compact)) {
    return { ok: false, problem: 'not_a_number' };
  }
  const { group } = separatorsOf(tag);
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  let whole: string;
  let fraction: string;
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal separator, the other groups the whole part.
    const decimalChar = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
    const groupChar = decimalChar === '.' ? ',' : '.';
    const at = compact.lastIndexOf(decimalChar);
    const head = compact.slice(0, at);
    if (head.includes(decimalChar) || !isGrouped(head, groupChar))
      return { ok: false, problem: 'not_a_number' };
    whole = head.split(groupChar).join('');
    fraction = compact.slice(at + 1);
  } else if (dots + commas === 0) {
    whole = compact;
    fraction = '';
  } else {
    const char = dots > 0 ? '.' : ',';
    const count = dots + commas;
    if (count > 1 || (char === groupChar(group) && isGrouped(compact, char))) {
      if (!isGrouped(compact, char)) return { ok: false, problem: 'not_a_number' };
      whole = compact.split(char).join('');
      fraction = '';
    } else {
      [whole = '', fraction = ''] = compact.split(char);
    }
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') {
    return { ok: false, problem: 'not_a_number' };
  }
  if (fraction.length > decimals) return { ok: false, problem: 'too_many_decimals' };
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  return { ok: true, decimal: fraction ? `${integer}.${fraction}` : integer };
}

/** The locale's group separator as typed: a space group (ru, kz) is typed as a space, never "." or ",". */
function groupChar(group: string): string {
  return group === '.' || group === ',' ? group : '';
}

/** "1.500", "12,345,678", "1,00,000": a first group of 1-3 digits (not 0), then groups of 2-3, the last of 3. */
function isGrouped(text: string, char: string): boolean {
  const parts = text.split(char);
  if (parts.length < 2) return /^\d+$/.test(text);
  const [first = '', ...rest] = parts;
  return (
    /^[1-9]\d{0,2}$/.test(first) &&
    rest.every((part) => /^\d{2,3}$/.test(part)) &&
    (rest.at(-1)?.length ?? 0) === 3
  );
}
