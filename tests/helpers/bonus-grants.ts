import type { Database } from '../../src/server/db/client.ts';
import { activateGrant, grantOf } from '../../src/server/modules/bonus/engine.ts';
import { insertGrant, upsertCampaign } from '../../src/server/modules/bonus/repository.ts';

let campaigns = 0;

/**
 * Gives the player an active no-deposit bonus of `amount` minor units in `currency` (wagering ×10,
 * a private campaign of its own), through the bonus engine as the operator's grant would.
 */
export async function activeBonus(
  database: Database,
  userId: string,
  amount: bigint,
  currency: 'RUB' | 'USD' | 'EUR' | 'KZT' | 'INR' = 'RUB',
): Promise<string> {
  return database.transaction(async (tx) => {
    campaigns += 1;
    const campaign = await upsertCampaign(tx, null, {
      name: `test-bonus-${userId}-${campaigns}`,
      kind: 'no_deposit',
      terms: { wager: 10, days: 7, claim_days: 7, amount: { [currency]: amount.toString() } },
      currencies: [],
      regions: [],
      is_public: false,
      reg_and_dep: false,
      is_super: false,
      status: 'active',
      starts_at: null,
      ends_at: null,
    });
    const grant = await insertGrant(
      tx,
      grantOf(campaign, { userId, currency, source: 'operator', sourceKey: null }),
    );
    await activateGrant(tx, userId, grant!.id, new Date());
    return grant!.id;
  });
}
