import { type Currency, isCurrency } from '../../../shared/currencies.ts';
import { type DomainError, fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';

/** The player's currency; 422 `currency: currency_not_set` before they chose one. */
export function requireCurrency(user: UserRow): Currency {
  if (!isCurrency(user.currency)) throw invalid('currency', 'currency_not_set');
  return user.currency;
}

/** 409: the request's Idempotency-Key already belongs to a different payment request. */
export function idempotencyConflict(): DomainError {
  return fail('conflict', 'idempotency_key', 'idempotency_conflict');
}

/** 404 `payment: not_found`. */
export function paymentNotFound(): DomainError {
  return fail('not_found', 'payment', 'not_found');
}
