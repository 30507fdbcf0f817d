import { z } from 'zod';

/** The IANA time zones this runtime knows (its canonical names), plus the usual UTC spellings. */
const ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);

/** Area/Location[/Sub] or a single word (UTC, EST): IANA names have no other characters. */
const IANA_SHAPE = /^[A-Za-z][\w+-]{0,30}(?:\/[\w+-]{1,30}){0,2}$/;

/**
 * The stored form of a time zone a client sent: a name of the list as is; another IANA name the
 * runtime resolves into the list (an alias such as Asia/Kolkata, or a different letter case)
 * as the list's name; null for anything else (markup, offsets like +05:30, unknown zones).
 * Browsers name zones by the tz database of their own engine, so aliases must pass.
 */
export function canonicalTimezone(zone: string): string | null {
  if (!IANA_SHAPE.test(zone)) return null;
  if (ZONES.has(zone)) return zone;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    return ZONES.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

/** Request field of a time zone: its stored form, or 422 `invalid_timezone`. */
export const timezoneField = z
  .string({ error: 'invalid_timezone' })
  .transform((zone, ctx) => {
    const canonical = canonicalTimezone(zone.trim());
    if (canonical) return canonical;
    ctx.issues.push({ code: 'custom', input: zone, message: 'invalid_timezone' });
    return z.NEVER;
  })
  .meta({
    enum: [...ZONES].sort(),
    description:
      'An IANA time zone. Another name the tz database knows for one of these (an alias such as ' +
      'Asia/Calcutta, or another letter case) is accepted too and stored as the listed name.',
  });
