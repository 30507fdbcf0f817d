import { z } from 'zod';
import { boundedText } from './api/fields.ts';
import {
  isReadable,
  normaliseReadable,
  READABLE_PATTERN,
  READABLE_RULES,
  sanitiseReadable,
} from './readable-text.ts';

// Display names are public (the bet feeds show them to everyone), so they hold to the rules of
// readable text (src/shared/readable-text.ts): no bidi controls, invisible characters,
// control characters, line breaks, markup, emoji or symbols.

/** The longest display name, in characters after normalisation. */
export const DISPLAY_NAME_MAX = 32;

export type DisplayNameCheck =
  | { ok: true; name: string }
  | { ok: false; error: 'invalid_name' | 'name_too_long' };

/** NFKC, trimmed, runs of spaces collapsed (`normaliseReadable`). */
export function normaliseDisplayName(raw: string): string {
  return normaliseReadable(raw);
}

/** Normalises a name a player typed and checks it against the rules above. */
export function checkDisplayName(raw: string): DisplayNameCheck {
  const name = normaliseDisplayName(raw);
  if (!isReadable(name)) return { ok: false, error: 'invalid_name' };
  if ([...name].length > DISPLAY_NAME_MAX) return { ok: false, error: 'name_too_long' };
  return { ok: true, name };
}

/**
 * A name that was not typed against these rules (stored before they existed, or from elsewhere),
 * made showable: disallowed characters dropped, whitespace of any kind made one space, cut to the
 * maximum length. Null when nothing readable is left (the caller then shows no name).
 */
export function sanitiseDisplayName(raw: string | null | undefined): string | null {
  return sanitiseReadable(raw, DISPLAY_NAME_MAX);
}

/** Request field of a display name: normalised, or 422 `invalid_name` / `name_too_long:<max>`. */
export const displayNameField = boundedText({
  // Bounds the work on absurd input; the real limit is checked after normalisation.
  max: DISPLAY_NAME_MAX * 8,
  error: 'invalid_name',
  tooLong: `name_too_long:${DISPLAY_NAME_MAX}`,
})
  .transform((raw, ctx) => {
    const checked = checkDisplayName(raw);
    if (checked.ok) return checked.name;
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: checked.error === 'name_too_long' ? `name_too_long:${DISPLAY_NAME_MAX}` : 'invalid_name',
    });
    return z.NEVER;
  })
  .meta({
    pattern: READABLE_PATTERN,
    description: `A display name: at most ${DISPLAY_NAME_MAX} characters. ${READABLE_RULES}`,
  });
