import { formatMoneyText } from '../shared/money.ts';

/**
 * The detail of a server message as the page shows it: an amount ("100.00", as in
 * `amount_too_small:100.00`) in the format of the tag and currency, anything else as sent.
 */
export function formatAmountDetail(detail: string, currency: string, tag: string): string {
  return /^\d+(\.\d+)?$/.test(detail.trim()) ? formatMoneyText(detail, currency, tag) : detail;
}

/**
 * A file size in the format of the tag, in the units people read ("1,5 kB", "10 MB", "812 bytes"):
 * binary multiples (the 10 MB limit is 10 × 1024 × 1024 bytes), at most one decimal.
 */
export function formatFileSize(bytes: number, tag: string): string {
  const [unit, size] =
    bytes >= 1024 * 1024
      ? (['megabyte', 1024 * 1024] as const)
      : bytes >= 1024
        ? (['kilobyte', 1024] as const)
        : (['byte', 1] as const);
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    // "70 bytes" (the short form of a byte is "byte" in en-US), "1.5 kB", "10 MB".
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(Math.floor((bytes / size) * 10) / 10);
}
