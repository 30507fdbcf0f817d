import type { Queryable } from '../../db/client.ts';

/** Attribution touches and each player's first and last touch (docs/edge.md "Attribution"). */

export interface Touch {
  visitor: string;
  partner: string | null;
  campaign: string | null;
  source: string | null;
  medium: string | null;
  clickUrl: string | null;
}

export async function insertTouch(db: Queryable, touch: Touch): Promise<void> {
  await db.query(
    `insert into attribution_touches (visitor, partner, campaign, source, medium, click_url)
     values ($1, $2, $3, $4, $5, $6)`,
    [touch.visitor, touch.partner, touch.campaign, touch.source, touch.medium, touch.clickUrl],
  );
}

/** The newest touch of a visitor (the `advId` the browser was given) that names a campaign, else its newest. */
export async function lastTouchOf(db: Queryable, visitor: string): Promise<Touch | undefined> {
  const [row] = await db.query<Touch>(
    `select visitor, partner, campaign, source, medium, click_url as "clickUrl"
       from attribution_touches where visitor = $1 order by campaign is not null desc, id desc limit 1`,
    [visitor],
  );
  return row;
}

/** Records a player's touch: the first one stays, the last one is replaced. */
export async function recordPlayerTouch(
  db: Queryable,
  userId: string,
  touch: { partner: string | null; campaign: string | null; click: string | null },
): Promise<void> {
  await db.query(
    `insert into player_touches (user_id, first_partner, first_campaign, first_click, last_partner, last_campaign, last_click)
     values ($1, $2, $3, $4, $2, $3, $4)
     on conflict (user_id) do update set last_partner = excluded.last_partner,
       last_campaign = excluded.last_campaign, last_click = excluded.last_click, last_at = now()`,
    [userId, touch.partner, touch.campaign, touch.click],
  );
}

export interface ReportRow {
  partner: string | null;
  campaign: string | null;
  visits: number;
  registrations: number;
  first_deposits: number;
  /** Minor units per currency. */
  deposit_sum: Record<string, string>;
  ngr: Record<string, string>;
}

/**
 * Per partner and campaign of the players' first touch, for `[from, to)`: distinct visitors,
 * registrations, first deposits, the sum of succeeded deposits and the net gaming revenue
 * (stakes − payouts of settled bets), money per currency in minor units.
 */
export async function attributionReport(db: Queryable, from: Date, to: Date): Promise<ReportRow[]> {
  const rows = await db.query<{
    partner: string | null;
    campaign: string | null;
    visits: string;
    registrations: string;
    first_deposits: string;
    deposit_sum: Record<string, string> | null;
    ngr: Record<string, string> | null;
  }>(
    `with players as (
       select u.id, u.created_at,
              coalesce(t.first_partner, u.attribution->>'partner', u.attribution->>'stag') as partner,
              t.first_campaign as campaign
         from users u left join player_touches t on t.user_id = u.id),
     visits as (
       select partner, campaign, count(distinct visitor) as n from attribution_touches
        where created_at >= $1 and created_at < $2 group by 1, 2),
     registrations as (
       select partner, campaign, count(*) as n from players
        where created_at >= $1 and created_at < $2 group by 1, 2),
     deposits as (
       select p.user_id, p.currency, p.amount, p.updated_at,
              row_number() over (partition by p.user_id order by p.updated_at, p.id) as nth
         from payments p where p.direction = 'deposit' and p.status = 'succeeded'),
     firsts as (
       select pl.partner, pl.campaign, count(*) as n from deposits d join players pl on pl.id = d.user_id
        where d.nth = 1 and d.updated_at >= $1 and d.updated_at < $2 group by 1, 2),
     sums as (
       select partner, campaign, jsonb_object_agg(currency, total::text) as money from (
         select pl.partner, pl.campaign, d.currency, sum(d.amount) as total
           from deposits d join players pl on pl.id = d.user_id
          where d.updated_at >= $1 and d.updated_at < $2 group by 1, 2, 3) s group by 1, 2),
     revenue as (
       select partner, campaign, jsonb_object_agg(currency, total::text) as money from (
         select pl.partner, pl.campaign, w.currency, sum(w.stake - w.payout) as total
           from wagers w join players pl on pl.id = w.user_id
          where w.settled_at >= $1 and w.settled_at < $2 group by 1, 2, 3) r
        group by 1, 2),
     groups as (
       select partner, campaign from visits union select partner, campaign from registrations
       union select partner, campaign from firsts union select partner, campaign from sums
       union select partner, campaign from revenue)
     select g.partner, g.campaign, coalesce(v.n, 0)::text as visits, coalesce(r.n, 0)::text as registrations,
            coalesce(f.n, 0)::text as first_deposits, s.money as deposit_sum, n.money as ngr
       from groups g
       left join visits v on v.partner is not distinct from g.partner and v.campaign is not distinct from g.campaign
       left join registrations r on r.partner is not distinct from g.partner and r.campaign is not distinct from g.campaign
       left join firsts f on f.partner is not distinct from g.partner and f.campaign is not distinct from g.campaign
       left join sums s on s.partner is not distinct from g.partner and s.campaign is not distinct from g.campaign
       left join revenue n on n.partner is not distinct from g.partner and n.campaign is not distinct from g.campaign
      order by g.partner nulls last, g.campaign nulls last`,
    [from, to],
  );
  return rows.map((row) => ({
    partner: row.partner,
    campaign: row.campaign,
    visits: Number(row.visits),
    registrations: Number(row.registrations),
    first_deposits: Number(row.first_deposits),
    deposit_sum: row.deposit_sum ?? {},
    ngr: row.ngr ?? {},
  }));
}

/**
 * The touch a player's attached sources name (POST /attachSource): the visit behind its `advId`
 * (campaign, click, partner), else the partner its cookies or its registration carried.
 */
export async function attachPlayerTouch(
  db: Queryable,
  user: { id: string; attribution: Record<string, string | null> },
  sources: { advId?: string | null; partnerId?: string | null; stag?: string | null },
): Promise<void> {
  const visit = sources.advId ? await lastTouchOf(db, sources.advId) : undefined;
  const partner =
    visit?.partner ??
    sources.partnerId ??
    sources.stag ??
    user.attribution.partner ??
    user.attribution.stag ??
    null;
  if (!partner && !visit) return;
  await recordPlayerTouch(db, user.id, {
    partner,
    campaign: visit?.campaign ?? null,
    click: visit?.clickUrl ?? null,
  });
}
