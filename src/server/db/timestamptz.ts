/**
 * PostgreSQL's text form of a `timestamptz` (DateStyle ISO: `2024-01-02 03:04:05.678+00`,
 * `0016-02-29 03:47:57+05:30`, `0044-03-15 12:00:00+00 BC`), read as a Date for embedded PGlite.
 * PGlite's own parser is `new Date(text)`, which is not ISO 8601 there and takes years 0000-0099 as
 * 1900-1999 or 2000-2049 (and refuses BC); pg reads the same text exactly (postgres-date), as this
 * does. `infinity` is Infinity, as PGlite gives it.
 */
const TIMESTAMPTZ =
  /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?)?( BC)?$/;

export function parseTimestamptz(text: string): Date | number {
  if (text === 'infinity') return Number.POSITIVE_INFINITY;
  if (text === '-infinity') return Number.NEGATIVE_INFINITY;
  const m = TIMESTAMPTZ.exec(text);
  if (!m) return new Date(text);
  const [, year, month, day, hours, minutes, seconds, fraction = '', sign, offH, offM, offS, bc] = m;
  const date = new Date(0);
  // setUTCFullYear takes the year as given (Date.UTC would read 0-99 as 1900-1999).
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(
    Number(hours),
    Number(minutes),
    Number(seconds),
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  const offset = sign
    ? (Number(offH) * 3600 + Number(offM ?? 0) * 60 + Number(offS ?? 0)) * (sign === '-' ? -1 : 1)
    : 0;
  return new Date(date.getTime() - offset * 1000);
}
