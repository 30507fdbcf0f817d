/**
 * Cached `Intl.NumberFormat`s. Building one costs tens of microseconds (locale data, options
 * resolution) while formatting with it costs well under one; the game pages format every amount,
 * multiplier and roll of their tables on each bet, so an instant auto-bet series spent most of its
 * time constructing formatters (docs/performance.md "Bets"). Keyed by tag and options; bounded.
 */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 256;

export function numberFormat(tag: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${tag}|${JSON.stringify(options)}` : tag;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
