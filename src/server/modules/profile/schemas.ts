import { z } from 'zod';
import { CURRENCIES } from '../../../shared/currencies.ts';
import { LOCALES } from '../../../shared/locales.ts';

const validTimezone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** spec §7: exactly one of locale, timezone, is_avatar_hidden, is_statistics_hidden. */
export const settings = z
  .object({
    locale: z.enum(LOCALES, { error: 'invalid_locale' }).optional(),
    timezone: z.string().max(64).refine(validTimezone, { error: 'invalid_timezone' }).optional(),
    is_avatar_hidden: z.boolean().optional(),
    is_statistics_hidden: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, {
    error: 'exactly_one_setting',
  });

export const currency = z.object({ currency: z.enum(CURRENCIES, { error: 'invalid_currency' }) });

export const passwordUpdate = z.object({
  old_password: z.string().max(1024),
  password: z.string().max(1024),
  password_confirm: z.string().max(1024),
});

export const passwordSet = z.object({
  password: z.string().max(1024),
  confirm_password: z.string().max(1024),
});

const source = z.string().trim().max(200).nullable().optional();
/** spec §7 attachSource: each null if absent. */
export const attachSource = z.object({
  stag: source,
  promo: source,
  partnerId: source,
  advId: source,
  advertiseUid: source,
  advertiseSource: source,
  cpaOneUid: source,
  prHash: source,
});
