import { CASES, casePrice } from '../../../games/cases/catalogue.ts';
import { rowProbabilities, tableOf } from '../../../games/cases/engine.ts';
import { toDecimal } from '../../../games/ratio.ts';
import type { CaseView } from '../../../shared/api/games.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { BetGame, BetView } from '../../../shared/wire/bets.ts';
import type { BetRow } from './bet-repository.ts';

/** The bet as the player sees it (docs/api-games.md): amounts in major units, times as ISO strings. */
export function betView<G extends BetGame>(row: BetRow<G>): BetView<G> {
  const amount = BigInt(row.amount);
  const payout = BigInt(row.payout);
  return {
    id: row.id,
    game: row.game,
    status: row.status,
    currency: row.currency,
    amount: fromMinor(amount),
    payout: fromMinor(payout),
    profit: row.status === 'settled' ? fromMinor(payout - amount) : null,
    multiplier: row.multiplier,
    params: row.params,
    outcome: row.outcome,
    nonce: row.nonce,
    client_seed: row.client_seed,
    commitment: row.commitment,
    server_seed: row.server_seed,
    seed_pair_id: row.seed_pair_id,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at?.toISOString() ?? null,
  } as BetView<G>;
}

/** One case of the catalogue (`GET /games/cases`) priced in `currency`. */
/** A case as the catalogue shows it (declared with the answer, src/shared/api/games.ts). */
export type { CaseView };

/** The cases catalogue priced in `currency`, each with its prize table and the rows' chances. */
export function caseCatalogue(currency: Currency): CaseView[] {
  return CASES.map((info) => {
    const table = tableOf(info.slug);
    const rows = table.ok ? table.value.table : [];
    const chances = rowProbabilities(rows);
    return {
      slug: info.slug,
      currency,
      price: fromMinor(casePrice(info, currency)),
      top_multiplier: String(info.topMultiplier),
      rows: rows.map((row, i) => ({
        min: row.min,
        multiplier: row.multiplier,
        chance: toDecimal(chances[i]!, 8),
      })),
    };
  });
}
