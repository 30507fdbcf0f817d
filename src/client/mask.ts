/**
 * Input masks (docs/product-rules.md §5): `#` a digit, `@` a letter, `*` a letter or digit; any other character is
 * a literal inserted as the player types. Characters that fit no slot are dropped.
 */
const TOKENS: Record<string, RegExp> = {
  '#': /\d/,
  '@': /\p{L}/u,
  '*': /[\p{L}\d]/u,
};

export function applyMask(input: string, mask: string): string {
  const chars = [...input].filter((c) => /[\p{L}\d]/u.test(c));
  let out = '';
  let i = 0;
  for (const slot of mask) {
    if (i >= chars.length) break;
    const token = TOKENS[slot];
    if (!token) {
      out += slot;
      continue;
    }
    // Skip input characters that cannot fill this slot.
    while (i < chars.length && !token.test(chars[i] ?? '')) i++;
    if (i >= chars.length) break;
    out += chars[i];
    i++;
  }
  return out;
}

/** The characters of `value` that filled mask slots (the raw digits of a phone number). */
export function unmask(value: string, mask: string): string {
  const slots = [...mask].filter((c) => c in TOKENS).length;
  return [...value]
    .filter((c) => /[\p{L}\d]/u.test(c))
    .slice(0, slots)
    .join('');
}

/** Number of slots in a mask (the digits a complete phone number needs). */
export function maskLength(mask: string): number {
  return [...mask].filter((c) => c in TOKENS).length;
}
