import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Profile } from '../../../shared/profile.ts';
import type { Region } from '../../../shared/region.ts';
import type { Queryable } from '../../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import { playerBalances } from '../ledger/balances.ts';
import { featuresOf } from './features.ts';

export type { Profile };

/**
 * The profile answer of docs/api-auth.md; balances come from the wallet module, `features` are the
 * player's own or else `defaultFeatures` (DEFAULT_PLAYER_FEATURES).
 */
export async function buildProfile(
  db: Queryable,
  user: UserRow,
  verification: Profile['verification'],
  defaultFeatures: readonly string[],
): Promise<Profile> {
  const { cash, bonus } = user.currency
    ? await playerBalances(db, user.id, user.currency)
    : { cash: 0n, bonus: 0n };
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
    features: featuresOf(user, defaultFeatures),
    region: user.region as Region,
  };
}
