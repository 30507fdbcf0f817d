import { z } from 'zod';

// Display names are public (the bet feeds show them to everyone), so they may hold only what reads
// as a name: letters, combining marks and decimal digits of any script, and the separators space,
// hyphen, apostrophe (' or ’), dot and underscore. Everything that can make a name read as something
// else is refused: bidi controls (U+202E turns "gnp.exe" around), zero-width and other invisible
// characters (Unicode's Default_Ignorable_Code_Point, which also covers the Hangul fillers that are
// "letters"), control characters, line breaks, emoji and symbols.

/** The longest display name, in characters after normalisation. */
export const DISPLAY_NAME_MAX = 32;

const ALLOWED = /^[\p{L}\p{M}\p{Nd} '’._-]+$/u;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** A name starts with a letter or digit, so it cannot open with a separator or a lone mark. */
const STARTS_READABLY = /^[\p{L}\p{Nd}]/u;
/** A mark belongs to the letter before it, not to a separator. */
const DETACHED_MARK = /[ '’._-]\p{M}/u;
/**
 * Scripts put at most three marks on a letter (Devanagari: nukta, vowel sign and nasal sign on one
 * consonant); more is "Zalgo" text spilling over its neighbours.
 */
const MARK_PILE = /\p{M}{4,}/u;

export type DisplayNameCheck =
  | { ok: true; name: string }
  | { ok: false; error: 'invalid_name' | 'name_too_long' };

/**
 * NFKC (styled letters like 𝐀 or ﬁ fold to plain ones, and the many Unicode spaces to U+0020, as
 * in RFC 8266 nicknames), trimmed, runs of spaces collapsed.
 */
export function normaliseDisplayName(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
}

/** Normalises a name a player typed and checks it against the rules above. */
export function checkDisplayName(raw: string): DisplayNameCheck {
  const name = normaliseDisplayName(raw);
  if (
    !ALLOWED.test(name) ||
    INVISIBLE.test(name) ||
    !STARTS_READABLY.test(name) ||
    DETACHED_MARK.test(name) ||
    MARK_PILE.test(name)
  )
    return { ok: false, error: 'invalid_name' };
  if ([...name].length > DISPLAY_NAME_MAX) return { ok: false, error: 'name_too_long' };
  return { ok: true, name };
}

/**
 * A name that was not typed against these rules (stored before they existed, or from elsewhere),
 * made showable: disallowed characters dropped, whitespace of any kind made one space, cut to the
 * maximum length. Null when nothing readable is left (the caller then shows no name).
 */
export function sanitiseDisplayName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const kept = raw
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .replace(/\p{Default_Ignorable_Code_Point}|[^\p{L}\p{M}\p{Nd} '’._-]/gu, '')
    .replace(/^[^\p{L}\p{Nd}]+/u, '')
    .replace(/([ '’._-])\p{M}+/gu, '$1')
    .replace(/(\p{M}{3})\p{M}+/gu, '$1');
  const cut = [...normaliseDisplayName(kept)].slice(0, DISPLAY_NAME_MAX).join('').trim();
  const checked = checkDisplayName(cut);
  return checked.ok ? checked.name : null;
}

/** Request field of a display name: normalised, or 422 `invalid_name` / `name_too_long:<max>`. */
export const displayNameField = z
  .string({ error: 'invalid_name' })
  // Bounds the work on absurd input; the real limit is checked after normalisation.
  .max(DISPLAY_NAME_MAX * 8, { error: `name_too_long:${DISPLAY_NAME_MAX}` })
  .transform((raw, ctx) => {
    const checked = checkDisplayName(raw);
    if (checked.ok) return checked.name;
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: checked.error === 'name_too_long' ? `name_too_long:${DISPLAY_NAME_MAX}` : 'invalid_name',
    });
    return z.NEVER;
  });
