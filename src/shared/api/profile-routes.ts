import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { displayNameField } from '../display-name.ts';
import { LOCALES } from '../locales.ts';
import { PLAYER_FEATURES } from '../profile.ts';
import { timezoneField } from '../timezone.ts';
import { newPassword, playerPath } from './auth-routes.ts';
import { success, timestamp } from './common.ts';
import { route } from './declare.ts';
import { boundedText, NULL_OR_BLANK_KEY, orEmpty } from './fields.ts';
import {
  profile,
  profileUpdateResponse,
  profileUserResponse,
  sessionsEndedResponse,
  sessionsResponse,
} from './profile.ts';

/**
 * Exactly one of name, locale, timezone, is_avatar_hidden, is_statistics_hidden (docs/api-auth.md);
 * a `name` of null or blank clears the display name.
 */
export const settings = z
  .object({
    name: z
      .preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), displayNameField.nullable())
      .meta({ [NULL_OR_BLANK_KEY]: true })
      .optional(),
    locale: z.enum(LOCALES, { error: 'invalid_locale' }).optional(),
    timezone: timezoneField.optional(),
    is_avatar_hidden: z.boolean().optional(),
    is_statistics_hidden: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, {
    error: 'exactly_one_setting',
  })
  .meta({ minProperties: 1, maxProperties: 1 });

export const currency = z.object({ currency: z.enum(CURRENCIES, { error: 'invalid_currency' }) });

/** POST /profile/phone: a number as typed, with its country (default RU) when it has no `+`. */
export const phone = z.object({
  phone: boundedText({ min: 3, max: 40, tooShort: 'invalid_phone' }).trim(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/** PUT /operator/players/:userId/features: the player's flags, or null for the default set. */
export const featuresBody = z.object({
  features: z
    .array(z.enum(PLAYER_FEATURES))
    .max(PLAYER_FEATURES.length * 2)
    .nullable(),
});

export const passwordUpdate = z.object({
  old_password: boundedText({ max: 1024 }),
  password: newPassword,
  password_confirm: boundedText({ max: 1024 }),
});

export const passwordSet = z.object({
  password: newPassword,
  confirm_password: boundedText({ max: 1024 }),
});

const source = boundedText({ max: 200 }).trim().nullable().optional();
/** POST /attachSource: each source a string, or null when absent. */
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

/** GET /profile/user's query: `whoAreYou` is accepted and ignored. */
export const profileQuery = z.looseObject({ whoAreYou: z.unknown().optional() });

// ── answers ──

/** The player's profile (docs/api-auth.md "Profile"), shared with the browser (src/shared/api/profile.ts). */
export { profile };
/** GET /profile/user: `{ user }` (the browser's type also allows `fresh_token` and `super_bonus`). */
export const profileAnswer = profileUserResponse;
/** PUT /profile/settings and POST /profile/currency: `{ success: true, user }`. */
export const profileChanged = profileUpdateResponse;

/** A player's features as the operator sees them: `custom` when set for the player, else the default set. */
export const playerFeatures = z.object({
  data: z.object({ user_id: z.string(), features: z.array(z.string()), custom: z.boolean() }),
});

/** GET /profile/sessions and DELETE /profile/sessions/others (src/shared/api/profile.ts). */
export const sessionList = sessionsResponse;
export const sessionsEnded = sessionsEndedResponse;

/** GET /dev/outbox (not in production): the newest messages; with SMTP, mails keep no subject or body. */
export const outboxList = z.object({
  data: z.array(
    z.object({
      channel: z.string(),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      created_at: timestamp,
      sent_at: timestamp.nullable(),
    }),
  ),
});

// ── routes (paths under /api) ──

export const ROUTES = {
  'GET /profile/user': route({
    summary: 'The player’s profile',
    auth: 'player',
    querystring: profileQuery,
    response: { 200: profileAnswer },
  }),
  'PUT /profile/settings': route({
    summary:
      'Changes exactly one setting: name (null clears it), locale, timezone, is_avatar_hidden or is_statistics_hidden',
    auth: 'player',
    body: settings,
    response: { 200: profileChanged },
  }),
  'POST /profile/currency': route({
    summary: 'Chooses the player’s currency, once',
    auth: 'player',
    body: currency,
    response: { 200: profileChanged },
  }),
  'POST /profile/phone': route({
    summary: 'Adds a phone number to an account without a confirmed one; a code is texted to confirm it',
    auth: 'player',
    body: phone,
    response: { 200: profileChanged },
    errors: ['conflict', 'rate_limited'],
  }),
  'POST /password/update': route({
    summary: 'Changes the password; the player’s other sessions end',
    auth: 'player',
    body: passwordUpdate,
    response: { 200: success },
  }),
  'POST /api/v2/auth/password/set': route({
    summary: 'Sets the first password of an account without one (a social login)',
    auth: 'player',
    body: passwordSet,
    response: { 200: success },
    errors: ['conflict'],
  }),
  'POST /attachSource': route({
    summary: 'Records attribution sources; values recorded before are kept',
    auth: 'player',
    // Read as `attachSource.parse(request.body ?? {})` was: no body is no source.
    body: orEmpty(attachSource),
    response: { 200: success },
  }),
  'GET /profile/sessions': route({
    summary: 'The player’s live sessions, most recently used first',
    auth: 'player',
    response: { 200: sessionList },
  }),
  'DELETE /profile/sessions/others': route({
    summary: 'Ends every session of the player but this one',
    auth: 'player',
    response: { 200: sessionsEnded },
  }),
  'GET /operator/players/:userId/features': route({
    summary: 'A player’s features: set for the player, or the default set',
    auth: 'operator',
    params: playerPath,
    response: { 200: playerFeatures },
    errors: ['not_found'],
  }),
  'PUT /operator/players/:userId/features': route({
    summary: 'Sets a player’s features (null: back to the default set); written to the audit log',
    auth: 'operator',
    params: playerPath,
    body: featuresBody,
    response: { 200: playerFeatures },
    errors: ['not_found'],
  }),
  'GET /dev/outbox': route({
    summary: 'Development only: the newest mails and SMS the outbox holds',
    response: { 200: outboxList },
  }),
};
