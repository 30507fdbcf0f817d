import { formatDate } from '../../shared/date-format.ts';
import { $user } from '../../stores/user.ts';

/** A moment in a server message's detail (`timed_out:2026-03-01T10:00:00.000Z`). */
export const isMoment = (detail: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(detail.trim());

/**
 * A moment from the API ("2026-03-01T10:00:00Z") as a date and time in the language tag, in the
 * player's time zone (their profile's, else the browser's).
 */
export function formatMoment(iso: string, tag: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  const zone = $user.get()?.timezone ?? undefined;
  try {
    return formatDate(iso, tag, { ...options, timeZone: zone });
  } catch {
    // A stored time zone this browser does not know: the browser's own.
    return formatDate(iso, tag, options);
  }
}
