import type { Currency } from './currencies.ts';
import type { Region } from './region.ts';

/**
 * The player profile of spec §3, as GET /profile/user returns it and the browser holds it.
 * Amounts are exact decimal strings in the player's currency.
 */
export interface Profile {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  balance: string;
  bonus: string;
  bonus_balance: string;
  total_balance: string;
  currency: Currency | null;
  locale: string | null;
  timezone: string | null;
  register_method: string;
  is_phone_verified: boolean;
  is_email_verified: boolean;
  is_password_exists: boolean;
  image: { small: string | null };
  premium: { status: string };
  is_avatar_hidden: boolean;
  is_statistics_hidden: boolean;
  /** spec §4 display status: pending | failed | success. */
  verification: { is_need: boolean; data: { status: string } | null };
  features: string[];
  region: Region;
}
