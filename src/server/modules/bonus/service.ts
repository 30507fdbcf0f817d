import type { PublicOffer } from '../../../shared/api/bonus.ts';
import { CURRENCIES, type Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Region } from '../../../shared/region.ts';
import { POINT_MINOR } from '../../../shared/vip.ts';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { exclusionInForce, refuseExcluded } from '../responsible/exclusions.ts';
import { activateGrant, appliesTo, forfeitGrant, grantOf, termIn } from './engine.ts';
import { limitedLookup, type PromoTries, spendPromoTry } from './promo-limits.ts';
import {
  activeGrant,
  audit,
  type CampaignRow,
  campaignById,
  campaignByName,
  dueGrants,
  flaggedCampaign,
  type GrantRow,
  grantsOf,
  insertGrant,
  listCampaigns,
  promoByCode,
  recordRedemption,
  redemptionsOf,
  registeredAt,
  withdrawalRule,
} from './repository.ts';
import { VipClub } from './vip-club.ts';

/** What the API shows of a money amount that may be "none" (0). */
const orNull = (minor: string | bigint) => (BigInt(minor) > 0n ? fromMinor(BigInt(minor)) : null);

/** A grant as the player sees it (src/shared/api/bonus.ts `grantView`). */
export function grantView(g: GrantRow) {
  const requirement = BigInt(g.requirement);
  const wagered = BigInt(g.wagered);
  const done = wagered > requirement ? requirement : wagered;
  return {
    id: g.id,
    name: g.campaign_name,
    kind: g.kind,
    source: g.source,
    status: g.status,
    currency: g.currency,
    amount: fromMinor(BigInt(g.amount)),
    requirement: fromMinor(requirement),
    wagered: fromMinor(done),
    remaining: fromMinor(requirement - done),
    progress: requirement > 0n ? Number((done * 100n) / requirement) : 100,
    max_bet: orNull(g.max_bet),
    max_conversion: orNull(g.max_conversion),
    weights: g.weights,
    wager_multiplier: g.terms.wager,
    spent: fromMinor(BigInt(g.spent)),
    won: fromMinor(BigInt(g.won)),
    held: fromMinor(g.status === 'active' ? BigInt(g.amount) - BigInt(g.spent) + BigInt(g.won) : 0n),
    converted: fromMinor(BigInt(g.converted)),
    forfeited: fromMinor(BigInt(g.forfeited)),
    reclaimed: fromMinor(BigInt(g.reclaimed)),
    expires_at: g.expires_at,
    activated_at: g.activated_at,
    ended_at: g.ended_at,
    end_reason: g.end_reason,
  };
}

const secondsUntil = (date: Date | null, now: number) =>
  date ? Math.max(0, Math.floor((date.getTime() - now) / 1000)) : null;

/** A campaign as the public sees it, amounts in `currency`, its end counted from `now` (ms). */
export function publicCampaign(c: CampaignRow, currency: Currency, now = systemClock.now()) {
  const t = c.terms;
  return {
    name: c.name,
    kind: c.kind,
    expires_in: secondsUntil(c.ends_at, now),
    region: c.regions,
    wager_multiplier: t.wager,
    days: t.days,
    percent: t.percent ?? null,
    amount: orNull(termIn(c.kind === 'free_bets' ? t.stake : t.amount, currency)),
    cap: orNull(termIn(t.cap, currency)),
    min_deposit: orNull(termIn(t.min_deposit, currency)),
    max_bet: orNull(termIn(t.max_bet, currency)),
    game: t.game ?? null,
    count: t.count ?? null,
  };
}

export { previousPeriods } from './vip-club.ts';

/** The player's side of bonuses, promo codes and the VIP club (docs/bonuses.md). */
export class BonusService {
  readonly #db: Database;
  readonly #promoTries: PromoTries;
  readonly #club: VipClub;
  readonly #clock: Clock;

  constructor(
    database: Database,
    promoTries: PromoTries = { perPlayer: 5, perAddress: 30, lookupMissesPerAddress: 20 },
    clock: Clock = systemClock,
  ) {
    this.#db = database;
    this.#promoTries = promoTries;
    this.#clock = clock;
    this.#club = new VipClub(database, clock);
  }

  /** Forfeits the player's (or, without one, anyone's) grants past their expiry; the sweep and every read call it. */
  async expireDue(userId: string | null): Promise<number> {
    const due = await dueGrants(this.#db, userId);
    for (const id of due) await this.#db.transaction((tx) => forfeitGrant(tx, id, 'expired'));
    return due.length;
  }

  async bonuses(user: UserRow) {
    await this.expireDue(user.id);
    const grants = await grantsOf(this.#db, user.id);
    const current = grants.filter((g) => g.currency === user.currency);
    return {
      active: current.find((g) => g.status === 'active') ?? null,
      available: current.filter((g) => g.status === 'available' || g.status === 'waiting_deposit'),
      past: grants.filter((g) => g.status === 'completed' || g.status === 'forfeited'),
      withdrawal_rule: await withdrawalRule(this.#db),
    };
  }

  async activate(user: UserRow, grantId: string): Promise<GrantRow> {
    // No bonus for a player under an exclusion (docs/responsible-gambling.md).
    await refuseExcluded(this.#db, user.id);
    await this.expireDue(user.id);
    try {
      return await this.#db.transaction((tx) => activateGrant(tx, user.id, grantId, this.#clock.date()));
    } catch (error) {
      // Two activations at once both saw no active bonus; the one-active index let one in.
      if (isUniqueViolation(error, 'bonus_grants_one_active'))
        throw fail('conflict', 'bonus', 'bonus_already_active');
      throw error;
    }
  }

  /** The player gives a bonus up: an available one closes, an active one is forfeited (docs/bonuses.md). */
  async cancel(user: UserRow, grantId: string): Promise<GrantRow> {
    return this.#db.transaction(async (tx) => {
      const [owner] = await tx.query<{ user_id: string; status: string }>(
        'select user_id::text, status from bonus_grants where id = $1',
        [/^\d{1,18}$/.test(grantId) ? grantId : '0'],
      );
      if (owner?.user_id !== user.id) throw fail('not_found', 'bonus', 'not_found');
      if (!['available', 'waiting_deposit', 'active'].includes(owner.status))
        throw fail('conflict', 'bonus', 'bonus_not_active');
      return (await forfeitGrant(tx, grantId, 'cancelled'))!;
    });
  }

  /**
   * Redeems a promo code: each failure its own code (docs/bonuses.md "Promo codes"). The code's row
   * is locked first, so concurrent redemptions queue and its use count cannot pass its limit.
   */
  async redeem(user: UserRow, code: string, address?: string): Promise<GrantRow> {
    const currency = user.currency;
    if (!currency) throw invalid('currency', 'currency_not_set');
    await refuseExcluded(this.#db, user.id);
    // Guesses are few per player and per address (docs/bonuses.md "Promo codes"); 429 on `code`.
    await spendPromoTry(this.#db, this.#promoTries, user.id, address);
    const grant = await this.#db.transaction(async (tx) => {
      const promo = await promoByCode(tx, code, { lock: true });
      if (!promo) throw invalid('code', 'promo_invalid');
      const now = this.#clock.date();
      if (promo.starts_at > now || (promo.ends_at && promo.ends_at <= now))
        throw invalid('code', 'promo_expired');
      if (promo.uses >= promo.max_uses) throw invalid('code', 'promo_used_up');
      const campaign = await this.#campaignOf(tx, promo.campaign_id);
      if (campaign?.status !== 'active') throw invalid('code', 'promo_expired');
      if (
        (promo.currency && promo.currency !== currency) ||
        (promo.region && promo.region !== user.region) ||
        !appliesTo(campaign, currency, user.region)
      )
        throw invalid('code', 'promo_not_applicable');
      if (promo.new_players_only && ((await registeredAt(tx, user.id)) ?? now) < promo.starts_at)
        throw invalid('code', 'promo_new_players_only');
      const used = await redemptionsOf(tx, promo.id, user.id);
      if (used >= promo.max_uses_per_player) throw invalid('code', 'promo_already_used');
      const created = await insertGrant(
        tx,
        grantOf(campaign, {
          userId: user.id,
          currency,
          source: 'promo',
          sourceKey: `promo:${promo.id}:${used + 1}`,
        }),
      );
      if (!created) throw invalid('code', 'promo_already_used');
      await recordRedemption(tx, promo.id, user.id, created.id);
      return created;
    });
    return grant;
  }

  /**
   * Before a registration with a promo: a code that exists but cannot be redeemed now is refused on
   * `promo` (422, the browser sends `promocode_error`); an unknown value is not a code (attribution).
   */
  async checkPromo(code: string, currency: string | null): Promise<void> {
    const promo = await promoByCode(this.#db, code);
    if (!promo) return;
    const now = this.#clock.date();
    if (promo.starts_at > now || (promo.ends_at && promo.ends_at <= now))
      throw invalid('promo', 'promo_expired');
    if (promo.uses >= promo.max_uses) throw invalid('promo', 'promo_used_up');
    if (promo.currency && currency && promo.currency !== currency)
      throw invalid('promo', 'promo_not_applicable');
  }

  /** After a registration: redeems its promo code; a failure now (a race for the last use) is only logged. */
  async redeemQuietly(user: UserRow, code: string, log: { warn: (o: object, m: string) => void }) {
    if (!(await promoByCode(this.#db, code))) return;
    await this.redeem(user, code).catch((err: unknown) =>
      log.warn({ err, user: user.id }, 'promo at registration not redeemed'),
    );
  }

  async #campaignOf(db: Queryable, id: string) {
    const [row] = await db.query<{ name: string }>('select name from bonus_campaigns where id = $1', [id]);
    return row ? campaignByName(db, row.name) : undefined;
  }

  /** Running public campaigns for the /bonuses page. */
  async publicCampaigns(currency: Currency, region: Region | null) {
    const rows = await listCampaigns(this.#db, 'public');
    return rows
      .filter((c) => (region ? appliesTo(c, currency, region) : appliesTo(c, currency, c.regions[0] ?? '')))
      .map((c) => publicCampaign(c, currency, this.#clock.now()));
  }

  /**
   * The /bonuses page's offers: every running public campaign with its view in each currency it
   * applies to, so a player sees the amounts (and only the offers) of their own currency.
   */
  async offers(): Promise<PublicOffer[]> {
    const rows = await listCampaigns(this.#db, 'public');
    return rows.map((c) => ({
      name: c.name,
      views: Object.fromEntries(
        CURRENCIES.filter((code) => appliesTo(c, code, c.regions[0] ?? '')).map((code) => [
          code,
          publicCampaign(c, code, this.#clock.now()),
        ]),
      ),
    }));
  }

  /**
   * `GET /bonus-system/bonus/{name}`: the public description of a running campaign named `name`,
   * else of the campaign of the promo code `name` while the code can be redeemed (docs/bonuses.md
   * "Promo codes"): the campaign's name, the nearer of the two ends, the code's region if it has
   * one. Misses are limited per `address` (promo-limits.ts `limitedLookup`).
   */
  async campaign(name: string, address: string) {
    return limitedLookup(this.#db, this.#promoTries, address, async () => {
      const c = await campaignByName(this.#db, name, { running: true });
      if (c)
        return { name: c.name, expires_in: secondsUntil(c.ends_at, this.#clock.now()), region: c.regions };
      return this.#campaignOfCode(name);
    });
  }

  /** The public description of a promo code that can be redeemed now, by its campaign; else undefined. */
  async #campaignOfCode(code: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return undefined;
    const promo = await promoByCode(this.#db, code);
    const now = this.#clock.date();
    if (!promo || promo.starts_at > now || (promo.ends_at && promo.ends_at <= now)) return undefined;
    if (promo.uses >= promo.max_uses) return undefined;
    const c = await campaignById(this.#db, promo.campaign_id);
    if (c?.status !== 'active' || c.starts_at > now || (c.ends_at && c.ends_at <= now)) return undefined;
    const ends = [promo.ends_at, c.ends_at].filter((d): d is Date => d !== null);
    const nearer = ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
    return {
      name: c.name,
      expires_in: secondsUntil(nearer, now.getTime()),
      region: promo.region ? [promo.region] : c.regions,
    };
  }

  /** `GET /bonus-system/bonus-activation/waiting-reg-and-dep`: the bonus waiting for registration and a first deposit. */
  async waitingRegAndDep() {
    const c = await flaggedCampaign(this.#db, 'reg_and_dep');
    return c && { name: c.name, expires_in: secondsUntil(c.ends_at, this.#clock.now()) };
  }

  /**
   * The profile's `super_bonus`: with a running super campaign, a device (the `super_bonus` cookie,
   * sent as `whoAreYou`) and a player that never had it get its bonus once; otherwise `taken`.
   */
  async superBonus(user: UserRow, deviceId: string) {
    const campaign = await flaggedCampaign(this.#db, 'is_super');
    if (!campaign || !user.currency || !appliesTo(campaign, user.currency, user.region)) return null;
    if (await exclusionInForce(this.#db, user.id)) return null;
    const currency = user.currency;
    return this.#db.transaction(async (tx) => {
      const [claimed] = await tx.query<{ n: number }>(
        'select count(*)::int as n from super_bonus_claims where device_id = $1 or user_id = $2',
        [deviceId, user.id],
      );
      const taken = { name: campaign.name, status: 'taken' as const, grant_id: null, expires_in: null };
      if ((claimed?.n ?? 0) > 0) return taken;
      const [inserted] = await tx.query<{ device_id: string }>(
        'insert into super_bonus_claims (device_id, user_id) values ($1, $2) on conflict do nothing returning device_id',
        [deviceId, user.id],
      );
      if (!inserted) return taken;
      const grant = await insertGrant(
        tx,
        grantOf(campaign, {
          userId: user.id,
          currency,
          source: 'super_bonus',
          sourceKey: `super:${campaign.id}`,
        }),
      );
      if (!grant) return taken;
      await tx.query('update super_bonus_claims set grant_id = $2 where device_id = $1', [
        deviceId,
        grant.id,
      ]);
      return {
        name: campaign.name,
        status: 'granted' as const,
        grant_id: grant.id,
        expires_in: secondsUntil(grant.expires_at, this.#clock.now()),
      };
    });
  }

  // ── VIP club (vip-club.ts) ──

  vip(user: UserRow) {
    return this.#club.status(user);
  }

  claimRakeback(user: UserRow): Promise<string> {
    return this.#club.claimRakeback(user);
  }

  claimPeriodic(user: UserRow, kind: 'weekly' | 'monthly'): Promise<GrantRow> {
    return this.#club.claimPeriodic(user, kind);
  }

  join(user: UserRow, source: 'vip_page' | 'register_modal', contact: string | null) {
    return this.#club.join(user, source, contact);
  }

  /** A point's value in the player's currency (the VIP page shows level-up bonuses in money). */
  static pointValue(currency: Currency): bigint {
    return POINT_MINOR[currency];
  }

  async activeOf(userId: string, currency: string) {
    return activeGrant(this.#db, userId, currency);
  }

  async recordAudit(action: string, target: string, detail: unknown) {
    await audit(this.#db, action, target, detail);
  }
}
