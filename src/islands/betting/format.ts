import { dateFormat } from '../../shared/date-format.ts';
import type { Locale } from '../../shared/locales.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import type { Translate } from './labels.ts';

/**
 * Dates, countries and odds as the sportsbook's pages write them, the same on the server and in
 * the islands. Pure, no I/O.
 */

/**
 * The time zone a page rendered on the server writes kick-off times in: the one most of the
 * locale's players live in (the server does not know the reader's). The islands then use the
 * browser's own.
 */
export const SERVER_TIME_ZONE: Readonly<Record<Locale, string>> = {
  ru: 'Europe/Moscow',
  kz: 'Asia/Almaty',
  hi: 'Asia/Kolkata',
  br: 'America/Sao_Paulo',
  en: 'UTC',
};

/** A price in the player's format; a dash when there is none (or none the formatter takes). */
export function oddsText(hundredths: number | null | undefined, format: OddsFormat): string {
  if (hundredths === null || hundredths === undefined || !Number.isInteger(hundredths) || hundredths < 101)
    return '–';
  return formatOdds(hundredths, format);
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country's name in the page's language (`GB` → "United Kingdom"); `INT` is "International".
 * The islands prefer the names the server worked out (`BettingView.countries`): a browser may lack
 * a language's region names.
 */
export function countryName(code: string, tag: string, t: Translate): string {
  if (code === 'INT') return t('betting.international');
  let names = regionNames.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(tag, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

const monthNames = new Map<string, boolean>();

/**
 * Whether this browser writes month names in the tag's language. A build of Chromium without a
 * locale's data (Debian's lacks Kazakh) prints "M11 29" for a short date: such a page writes
 * dates as numbers instead ("29.11").
 */
function writesMonths(tag: string): boolean {
  let works = monthNames.get(tag);
  if (works === undefined) {
    works = !/M\d/.test(dateFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(0));
    monthNames.set(tag, works);
  }
  return works;
}

/** A day and month: "12 Jul" where the browser can name months in the language, else "12.07". */
function dayMonth(date: Date, tag: string, zone: { timeZone?: string }): string {
  if (writesMonths(tag)) return dateFormat(tag, { day: 'numeric', month: 'short', ...zone }).format(date);
  return dateFormat('ru', { day: '2-digit', month: '2-digit', ...zone }).format(date);
}

/** The calendar day of a moment in a time zone, as a comparable `YYYY-MM-DD`. */
function dayOf(date: Date, timeZone: string | undefined): string {
  return dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** When an event kicks off, in two parts a list shows stacked: the time, and the day ("Today", "12 Jul"). */
export function kickOff(
  iso: string,
  { tag, timeZone, now, t }: { tag: string; timeZone: string | undefined; now: number; t: Translate },
): { time: string; day: string } {
  const date = new Date(iso);
  const zone = timeZone ? { timeZone } : {};
  const time = dateFormat(tag, { hour: '2-digit', minute: '2-digit', ...zone }).format(date);
  const day = dayOf(date, timeZone);
  const today = dayOf(new Date(now), timeZone);
  const tomorrow = dayOf(new Date(now + 86_400_000), timeZone);
  if (day === today) {
    const minutes = Math.round((date.getTime() - now) / 60_000);
    if (minutes > 0 && minutes < 60) return { time, day: t('betting.startsIn', { minutes }) };
    return { time, day: t('betting.today') };
  }
  if (day === tomorrow) return { time, day: t('betting.tomorrow') };
  return { time, day: dayMonth(date, tag, zone) };
}

/** A full date and time: the event page's kick-off, a bet's time. */
export function dateTime(iso: string, tag: string, timeZone: string | undefined): string {
  const zone = timeZone ? { timeZone } : {};
  const date = new Date(iso);
  if (!writesMonths(tag))
    return `${dayMonth(date, tag, zone)}, ${dateFormat(tag, { hour: '2-digit', minute: '2-digit', ...zone }).format(date)}`;
  return dateFormat(tag, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...zone,
  }).format(date);
}
