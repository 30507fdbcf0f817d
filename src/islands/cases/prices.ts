/**
 * Case prices in the player's currency from the public catalogue (`GET /games/cases`,
 * docs/api-games.md); pages render the RUB price from src/games/cases/catalogue.ts first.
 */
import { api } from '../../client/api.ts';

export interface CasePrice {
  slug: string;
  /** Decimal string in `currency`. */
  price: string;
  currency: string;
  top_multiplier: string;
}

/** The catalogue priced in `currency` (the server's default is RUB). */
export async function fetchCasePrices(currency: string | null | undefined): Promise<CasePrice[]> {
  const searchParams = currency ? { currency } : undefined;
  const answer = await api().get('games/cases', { searchParams }).json<{ data: CasePrice[] }>();
  return answer.data;
}
