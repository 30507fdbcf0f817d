/**
 * Case prices in the player's currency from the public catalogue (`GET /games/cases`,
 * docs/api-games.md); pages render the RUB price from src/games/cases/catalogue.ts first.
 */
import { call } from '../../client/api.ts';
import type { Currency } from '../../shared/currencies.ts';

export interface CasePrice {
  slug: string;
  /** Decimal string in `currency`. */
  price: string;
  currency: string;
  top_multiplier: string;
}

/** The catalogue priced in `currency` (the server's default is RUB). */
export async function fetchCasePrices(currency: Currency | null | undefined): Promise<CasePrice[]> {
  const answer = await call('GET /games/cases', currency ? { query: { currency } } : {});
  return answer.data;
}
