/**
 * Amounts the player types and reads in form fields, in the page's locale: "1.234,56" in pt-BR,
 * "1 234,56" in ru, "1,234.56" in en-US. The API takes and answers canonical decimal strings
 * ("1234.56", docs/api-money.md); these helpers convert at the edge of the field.
 */

const separatorCache = new Map<string, { decimal: string; group: string }>();

/** The decimal and group separators of a language tag ("pt-BR": "," and "."). */
export function separators(tag: string): { decimal: string; group: string } {
  let found = separatorCache.get(tag);
  if (!found) {
    const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separatorCache.set(tag, found);
  }
  return found;
}

const DIGITS = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * What a player typed in the locale of `tag` as a canonical decimal string ("1234.56"), or null
 * when it is no amount of at most two decimals. Spaces of any kind and apostrophes group digits;
 * a currency sign or code around the number is ignored (a minus sign is not: no amount is negative). Of "." and ",": when both appear, the
 * last is the decimal separator; a repeated one groups digits (unless it is the locale's decimal
 * separator: then it is no amount); a single one is the decimal separator, except the locale's
 * group separator followed by exactly three digits ("1.234" is 1234 in pt-BR, "1,234" in en-US,
 * while "10.5" is 10.5 everywhere). Any other mark followed by three digits is ambiguous: null.
 */
export function parseAmount(input: string, tag = 'en-US'): string | null {
  const locale = separators(tag);
  const text = input
    .replace(/[\s']/g, '')
    .replace(/^[^\d.,\-\u2212]+/, '')
    .replace(/[^\d.,]+$/, '');
  if (!/^[\d.,]+$/.test(text)) return null;
  const marks = text.match(/[.,]/g) ?? [];
  const kinds = [...new Set(marks)];
  let decimal: string | null = null;
  if (kinds.length === 2) {
    decimal = text.charAt(Math.max(text.lastIndexOf('.'), text.lastIndexOf(',')));
  } else if (kinds.length === 1) {
    const mark = kinds[0] as string;
    const after = text.length - text.indexOf(mark) - 1;
    if (marks.length > 1) {
      if (mark === locale.decimal) return null;
    } else if (mark === locale.decimal || after !== 3) {
      decimal = mark;
    } else if (mark !== locale.group) {
      return null;
    }
  }
  const at = decimal ? text.lastIndexOf(decimal) : text.length;
  const whole = text.slice(0, at);
  const fraction = decimal ? text.slice(at + 1) : null;
  if (decimal && whole.includes(decimal)) return null;
  const groups = whole.split(/[.,]/);
  // Groups after the first have three digits (two in Indian grouping: 1,23,456).
  if (groups.length > 1) {
    if (!/^\d{1,3}$/.test(groups[0] ?? '')) return null;
    if (!groups.slice(1).every((g) => /^\d{2,3}$/.test(g))) return null;
  }
  const digits = (groups.join('') || '0').replace(/^0+(?=\d)/, '');
  const canonical = fraction === null ? digits : `${digits}.${fraction}`;
  return DIGITS.test(canonical) ? canonical : null;
}

/**
 * A canonical decimal ("2500.00") as the field shows it in the locale of `tag` ("2.500" in
 * pt-BR, "126,83" for "126.83"): whole amounts without decimals, others with two. `parseAmount`
 * reads it back to the same amount.
 */
export function formatAmountInput(decimal: string, tag = 'en-US'): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) return decimal;
  const whole = !match[2] || /^0+$/.test(match[2]);
  return new Intl.NumberFormat(tag, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(Number(decimal));
}
