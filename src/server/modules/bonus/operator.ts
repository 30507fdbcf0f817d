import type { Currency } from '../../../shared/currencies.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalid } from '../../domain-error.ts';
import { forfeitGrant, grantOf } from './engine.ts';
import {
  audit,
  type CampaignInput,
  type CampaignRow,
  campaignById,
  insertGrant,
  insertPromo,
  type PromoInput,
  setWithdrawalRule,
  upsertCampaign,
  type WithdrawalRule,
} from './repository.ts';
import { cashback } from './rules.ts';

/** A unique violation of the named constraint (PostgreSQL 23505; PGlite says the same). */
/**
 * The operator's side of bonuses (docs/bonuses.md "Operator API"): every change runs in one
 * transaction with its row in `bonus_audit`, what was asked and what it changed.
 */
export class BonusOperator {
  readonly #db: Database;

  constructor(database: Database) {
    this.#db = database;
  }

  async saveCampaign(id: string | null, input: CampaignInput): Promise<CampaignRow> {
    if (id && !(await campaignById(this.#db, id))) throw fail('not_found', 'campaign', 'not_found');
    try {
      return await this.#db.transaction(async (tx) => {
        const saved = await upsertCampaign(tx, id, input);
        await audit(tx, id ? 'campaign.update' : 'campaign.create', `campaign:${saved.id}`, input);
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'bonus_campaigns_name_key')) throw invalid('name', 'name_taken');
      throw error;
    }
  }

  async createPromo(input: PromoInput) {
    if (!(await campaignById(this.#db, input.campaign_id))) throw invalid('campaign_id', 'not_found');
    return this.#db.transaction(async (tx) => {
      const promo = await insertPromo(tx, input);
      if (!promo) throw invalid('code', 'name_taken');
      await audit(tx, 'promo.create', `promo:${promo.id}`, input);
      return promo;
    });
  }

  /** Grants a campaign's bonus to one player directly (available to activate). */
  async grant(userId: string, campaignId: string, note: string | null) {
    const campaign = await campaignById(this.#db, campaignId);
    if (!campaign) throw invalid('campaign_id', 'not_found');
    return this.#db.transaction(async (tx) => {
      const [user] = await tx.query<{ currency: string | null }>('select currency from users where id = $1', [
        userId,
      ]);
      if (!user) throw invalid('user_id', 'not_found');
      if (!user.currency) throw invalid('user_id', 'currency_not_set');
      const grant = await insertGrant(
        tx,
        grantOf(campaign, { userId, currency: user.currency, source: 'operator', sourceKey: null }),
      );
      await audit(tx, 'grant.create', `user:${userId}`, { campaign_id: campaignId, note, grant: grant?.id });
      return grant!;
    });
  }

  async forfeit(grantId: string, note: string | null) {
    return this.#db.transaction(async (tx) => {
      const grant = await forfeitGrant(tx, grantId, 'operator');
      if (!grant) throw fail('not_found', 'bonus', 'not_found');
      await audit(tx, 'grant.forfeit', `grant:${grantId}`, { note });
      return grant;
    });
  }

  async setWithdrawalRule(rule: WithdrawalRule) {
    await this.#db.transaction(async (tx) => {
      await setWithdrawalRule(tx, rule);
      await audit(tx, 'settings.withdrawal_rule', 'settings', { rule });
    });
  }

  /**
   * Grants a cashback campaign's bonus for [from, to): its percent of each player's net loss in
   * every product (stakes − payouts of the stakes settled in the period, the wager record) in the
   * campaign's currencies. Once per player and
   * period (the grant's source key), so running it again grants nobody twice.
   */
  async runCashback(campaignId: string, from: Date, to: Date): Promise<{ granted: number }> {
    const campaign = await campaignById(this.#db, campaignId);
    if (campaign?.kind !== 'cashback') throw invalid('campaign_id', 'not_found');
    return this.#db.transaction(async (tx) => {
      const rows = await tx.query<{
        user_id: string;
        currency: string;
        region: string;
        stakes: string;
        payouts: string;
      }>(
        `select b.user_id::text, b.currency, u.region, sum(b.stake)::text as stakes, sum(b.payout)::text as payouts
           from wagers b join users u on u.id = b.user_id
          where b.settled_at >= $1 and b.settled_at < $2
            and (cardinality($3::text[]) = 0 or b.currency = any($3))
            and (cardinality($4::text[]) = 0 or u.region = any($4))
          group by b.user_id, b.currency, u.region`,
        [from, to, campaign.currencies, campaign.regions],
      );
      let granted = 0;
      for (const r of rows) {
        const amount = cashback(BigInt(r.stakes), BigInt(r.payouts), campaign.terms.percent ?? 0);
        if (amount <= 0n) continue;
        const grant = await insertGrant(
          tx,
          grantOf(campaign, {
            userId: r.user_id,
            currency: r.currency as Currency,
            source: 'cashback',
            sourceKey: `cashback:${campaign.id}:${from.toISOString()}`,
            amount,
          }),
        );
        if (grant) granted += 1;
      }
      await audit(tx, 'cashback.run', `campaign:${campaignId}`, { from, to, granted });
      return { granted };
    });
  }

  async setJoinStatus(id: string, status: string) {
    return this.#db.transaction(async (tx) => {
      let row: { id: string } | undefined;
      try {
        [row] = await tx.query<{ id: string }>(
          'update vip_join_requests set status = $2, updated_at = now() where id = $1 returning id::text',
          [id, status],
        );
      } catch (error) {
        // Reopening a decided request of a player who has asked again since: one open per player.
        if (isUniqueViolation(error, 'vip_join_requests_open'))
          throw fail('conflict', 'status', 'join_request_open');
        throw error;
      }
      if (!row) throw fail('not_found', 'request', 'not_found');
      await audit(tx, 'vip_join.status', `vip_join:${id}`, { status });
    });
  }
}
