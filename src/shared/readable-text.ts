// Text other people read (display names in the public bet feeds, device fingerprints in the
// operator's lists) may hold only what reads as what it is: letters, combining marks and decimal
// digits of any script, and the separators space, hyphen, apostrophe (' or ’), dot and underscore.
// Everything that can make it read as something else is refused: bidi controls (U+202E turns
// "gnp.exe" around), zero-width and other invisible characters (Unicode's
// Default_Ignorable_Code_Point, which also covers the Hangul fillers that are "letters"), control
// characters, line breaks, markup, emoji and symbols.

const ALLOWED = /^[\p{L}\p{M}\p{Nd} '’._-]+$/u;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** Readable text starts with a letter or digit, so it cannot open with a separator or a lone mark. */
const STARTS_READABLY = /^[\p{L}\p{Nd}]/u;
/** A mark belongs to the letter before it, not to a separator. */
const DETACHED_MARK = /[ '’._-]\p{M}/u;
/**
 * Scripts put at most three marks on a letter (Devanagari: nukta, vowel sign and nasal sign on one
 * consonant); more is "Zalgo" text spilling over its neighbours.
 */
const MARK_PILE = /\p{M}{4,}/u;

/**
 * The shape of readable text as sent, for the API document (a JSON Schema `pattern`, ECMA-262 with
 * Unicode property escapes): a letter or digit first, then letters, marks, digits and the
 * separators; surrounding whitespace is trimmed. What a pattern cannot say (NFKC folding, invisible
 * letters, detached marks, piles of marks) the field's description does.
 */
export const READABLE_PATTERN = "^\\s*[\\p{L}\\p{Nd}][\\p{L}\\p{M}\\p{Nd} '’._-]*\\s*$";

/** The rules above in one sentence, for the API document. */
export const READABLE_RULES =
  'Letters, marks and digits of any script and the separators space, hyphen, apostrophe, dot and underscore, ' +
  'starting with a letter or digit; no invisible characters, no mark after a separator, at most three marks ' +
  'on a letter. Compared after NFKC normalisation, trimmed, runs of spaces made one.';

/**
 * NFKC (styled letters like 𝐀 or ﬁ fold to plain ones, and the many Unicode spaces to U+0020, as
 * in RFC 8266 nicknames), trimmed, runs of spaces collapsed.
 */
export function normaliseReadable(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
}

/** Whether normalised text follows the rules above (its length is the caller's rule). */
export function isReadable(text: string): boolean {
  return (
    ALLOWED.test(text) &&
    !INVISIBLE.test(text) &&
    STARTS_READABLY.test(text) &&
    !DETACHED_MARK.test(text) &&
    !MARK_PILE.test(text)
  );
}

/**
 * Text that was not checked against these rules (stored before they existed, or from elsewhere),
 * made showable: disallowed characters dropped, whitespace of any kind made one space, cut to
 * `max` characters. Null when nothing readable is left.
 */
export function sanitiseReadable(raw: string | null | undefined, max: number): string | null {
  if (!raw) return null;
  const kept = raw
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .replace(/\p{Default_Ignorable_Code_Point}|[^\p{L}\p{M}\p{Nd} '’._-]/gu, '')
    .replace(/^[^\p{L}\p{Nd}]+/u, '')
    .replace(/([ '’._-])\p{M}+/gu, '$1')
    .replace(/(\p{M}{3})\p{M}+/gu, '$1');
  const cut = normaliseReadable([...normaliseReadable(kept)].slice(0, max).join(''));
  return cut && isReadable(cut) ? cut : null;
}
