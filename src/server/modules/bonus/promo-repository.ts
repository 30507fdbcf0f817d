import type { Queryable } from '../../db/client.ts';

/** The statements on promo codes and their redemptions (src/server/db/schema/bonus.ts). */

export interface PromoRow {
  id: string;
  code: string;
  campaign_id: string;
  max_uses: number;
  max_uses_per_player: number;
  uses: number;
  currency: string | null;
  region: string | null;
  new_players_only: boolean;
  starts_at: Date;
  ends_at: Date | null;
  created_at: Date;
}

const PROMO_SELECT = `select id::text, code, campaign_id::text, max_uses, max_uses_per_player, uses, currency, region,
  new_players_only, starts_at, ends_at, created_at from promo_codes`;

/** A code (case-insensitive), locked when asked: concurrent redemptions of one code queue on its row. */
export async function promoByCode(
  db: Queryable,
  code: string,
  { lock = false } = {},
): Promise<PromoRow | undefined> {
  const [row] = await db.query<PromoRow>(
    `${PROMO_SELECT} where code = upper($1)${lock ? ' for update' : ''}`,
    [code],
  );
  return row;
}

export async function listPromos(db: Queryable): Promise<PromoRow[]> {
  return db.query<PromoRow>(`${PROMO_SELECT} order by promo_codes.id desc limit 500`);
}

export interface PromoInput {
  code: string;
  campaign_id: string;
  max_uses: number;
  max_uses_per_player: number;
  currency: string | null;
  region: string | null;
  new_players_only: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

export async function insertPromo(tx: Queryable, p: PromoInput): Promise<PromoRow | undefined> {
  const [row] = await tx.query<{ code: string }>(
    `insert into promo_codes (code, campaign_id, max_uses, max_uses_per_player, currency, region, new_players_only,
                              starts_at, ends_at)
     values (upper($1), $2, $3, $4, $5, $6, $7, coalesce($8, now()), $9) on conflict (code) do nothing returning code`,
    [
      p.code,
      p.campaign_id,
      p.max_uses,
      p.max_uses_per_player,
      p.currency,
      p.region,
      p.new_players_only,
      p.starts_at,
      p.ends_at,
    ],
  );
  return row ? promoByCode(tx, row.code) : undefined;
}

export async function redemptionsOf(tx: Queryable, codeId: string, userId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'select count(*)::int as n from promo_redemptions where code_id = $1 and user_id = $2',
    [codeId, userId],
  );
  return row?.n ?? 0;
}

export async function recordRedemption(tx: Queryable, codeId: string, userId: string, grantId: string) {
  await tx.query('update promo_codes set uses = uses + 1 where id = $1', [codeId]);
  await tx.query('insert into promo_redemptions (code_id, user_id, grant_id) values ($1, $2, $3)', [
    codeId,
    userId,
    grantId,
  ]);
}

/** When the player registered (promo codes for new players only). */
export async function registeredAt(db: Queryable, userId: string): Promise<Date | undefined> {
  const [row] = await db.query<{ created_at: Date }>('select created_at from users where id = $1', [userId]);
  return row?.created_at;
}
