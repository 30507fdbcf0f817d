import type { WalletAnswer, WalletStatus } from '../../../shared/api/aggregator-routes.ts';
import { MINOR_DIGITS } from '../../../shared/money.ts';

/**
 * The protocol's amounts (docs/slots.md "Money"): integers of currency units × 100000; the ledger
 * keeps minor units (hundredths in every currency). An amount that is not a whole number of minor
 * units is refused (RS_ERROR_UNKNOWN), never rounded.
 */
export const PER_MINOR = 100_000n / 10n ** BigInt(MINOR_DIGITS);

/** Protocol units → minor units, or null when they are not a whole number of minor units. */
export function minorOf(units: number): bigint | null {
  if (!Number.isSafeInteger(units) || units < 0) return null;
  const value = BigInt(units);
  return value % PER_MINOR === 0n ? value / PER_MINOR : null;
}

/** Minor units → protocol units (a JSON number: safe up to 9×10¹⁰ units of any currency). */
export function unitsOf(minor: bigint): number {
  return Number(minor * PER_MINOR);
}

/** A call refused with a status (nothing written); `balance` asks the answer to carry the balance. */
export class Refusal extends Error {
  readonly status: WalletStatus;
  readonly withBalance: { userId: string; currency: string } | null;

  constructor(status: WalletStatus, withBalance: { userId: string; currency: string } | null = null) {
    super(status);
    this.status = status;
    this.withBalance = withBalance;
    this.name = 'Refusal';
  }
}

/** The answer's fields, in the order they are sent. */
export function answerOf(fields: WalletAnswer): WalletAnswer {
  const { user, status, request_uuid, currency, balance, country } = fields;
  return {
    ...(user !== undefined ? { user } : {}),
    status,
    ...(request_uuid !== undefined ? { request_uuid } : {}),
    ...(country !== undefined ? { country } : {}),
    ...(currency !== undefined ? { currency } : {}),
    ...(balance !== undefined ? { balance } : {}),
  };
}
