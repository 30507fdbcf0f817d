import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Profile } from '../../../shared/profile.ts';
import type { Region } from '../../../shared/region.ts';
import type { Queryable } from '../../db/client.ts';
import type { UserRow } from '../auth/repository.ts';

export type { Profile };

/** Balances come from the ledger's cached account balances (cash and bonus, in minor units). */
export async function buildProfile(
  db: Queryable,
  user: UserRow,
  verification: Profile['verification'] = { is_need: false, data: null },
): Promise<Profile> {
  let cash = 0n;
  let bonus = 0n;
  if (user.currency) {
    const rows = await db.query<{ kind: string; balance: string }>(
      `select kind, balance::text from ledger_accounts where user_id = $1 and currency = $2 and kind in ('cash', 'bonus')`,
      [user.id, user.currency],
      'profile_balances',
    );
    for (const row of rows) {
      if (row.kind === 'cash') cash = BigInt(row.balance);
      if (row.kind === 'bonus') bonus = BigInt(row.balance);
    }
  }
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    phone: user.phone,
    balance: fromMinor(cash),
    bonus: fromMinor(bonus),
    bonus_balance: fromMinor(bonus),
    total_balance: fromMinor(cash + bonus),
    currency: user.currency as Currency | null,
    locale: user.locale,
    timezone: user.timezone,
    register_method: user.register_method,
    is_phone_verified: user.is_phone_verified,
    is_email_verified: user.is_email_verified,
    is_password_exists: Boolean(user.password_hash),
    image: { small: null },
    premium: { status: user.premium_status },
    is_avatar_hidden: user.is_avatar_hidden,
    is_statistics_hidden: user.is_statistics_hidden,
    verification,
    features: user.features,
    region: user.region as Region,
  };
}
