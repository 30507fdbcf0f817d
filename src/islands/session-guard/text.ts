import { formatMoneyText } from '../../shared/money.ts';

/**
 * How the responsible-gambling texts show moments, durations and amounts: in the page's language
 * tag (moments: ../ui/moment.ts), durations and
 * periods with Intl's own unit words ("5 minutes", "5 минут", "6 meses"), so no catalog has to
 * plural them.
 */

/** `count` of a unit, spelled out ("7 days", "1 год", "6 meses"). */
export function formatUnit(
  count: number,
  unit: 'minute' | 'hour' | 'day' | 'month' | 'year',
  tag: string,
): string {
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}

/** A span of time in whole minutes, in hours and minutes past the hour ("1 hour, 5 minutes"). */
export function formatDuration(ms: number, tag: string): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return formatUnit(rest, 'minute', tag);
  const parts = [formatUnit(hours, 'hour', tag)];
  if (rest > 0) parts.push(formatUnit(rest, 'minute', tag));
  return new Intl.ListFormat(tag, { type: 'unit', style: 'long' }).format(parts);
}

/** A self-exclusion's length: whole years as years ("1 year", "5 years"), else months. */
export function formatMonths(months: number, tag: string): string {
  return months % 12 === 0 ? formatUnit(months / 12, 'year', tag) : formatUnit(months, 'month', tag);
}

/** A signed amount (a session's net result), with "+" when the player is ahead. */
export function formatNet(decimal: string, currency: string, tag: string): string {
  const text = formatMoneyText(decimal, currency, tag);
  return /^[+-]/.test(decimal.trim()) || Number(decimal) <= 0 ? text : `+${text}`;
}
