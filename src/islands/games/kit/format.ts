import { type Ratio, toDecimal } from '../../../games/ratio.ts';

/**
 * A multiplier for display, two decimals (truncated, like the payout) and a "×": "1.98×".
 * Accepts the API's decimal string, a number, or an exact ratio from an engine.
 */
export function formatMultiplier(m: string | number | Ratio): string {
  let text: string;
  if (typeof m === 'object') text = toDecimal(m, 2);
  else if (typeof m === 'number') text = Number.isFinite(m) ? String(Math.floor(m * 100 + 1e-9) / 100) : '0';
  else text = m.trim();
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole || '0'}.${fraction.padEnd(2, '0').slice(0, 2)}×`;
}
