/**
 * The one date formatter of the site: cached `Intl.DateTimeFormat`s per language tag and options
 * (building one costs far more than formatting with it). Dates and times in the reader's time zone
 * unless the options name one (server-rendered pages say `timeZone: 'UTC'`).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 128;

export function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** A date (or an ISO string from the API) in the tag's format; `dateStyle: 'medium'` unless told. */
export function formatDate(
  value: Date | string,
  tag: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(tag, options).format(date);
}
