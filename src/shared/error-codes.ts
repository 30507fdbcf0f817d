/**
 * Every error code the server answers with (docs/api-auth.md "Conventions"). On the wire a message
 * is `<code>` or `<code>:<detail>`; the browser translates the code as `error.<code>`, and
 * `error-codes.test.ts` fails when one of the five catalogs lacks one. Throw sites are typed with
 * `ErrorMessage`, so a code that is not listed here does not compile.
 */
export const ERROR_CODES = [
  // Any field
  'required',
  'invalid_characters',
  'invalid_type',
  'not_found',
  'server_error',
  'too_many_requests',
  'too_many_attempts',
  'unauthorized',
  'untrusted_host',
  'bad_request',
  'method_not_allowed',
  // The edge (docs/edge.md)
  'geo_blocked',
  'sso_refused',
  'invalid_url',
  'invalid_path',
  // Accounts
  'invalid_email',
  'invalid_phone',
  'email_taken',
  'phone_taken',
  'phone_already_verified',
  'invalid_credentials',
  'invalid_code',
  'code_expired',
  'password_too_short',
  'password_too_long',
  'password_common',
  'password_mismatch',
  'old_password_wrong',
  'password_exists',
  'token_invalid',
  'captcha_missing',
  'captcha_failed',
  'unknown_provider',
  'invalid_origin',
  'provider_failed',
  'social_failed',
  'invalid_name',
  'name_too_long',
  'invalid_timezone',
  'invalid_locale',
  'exactly_one_setting',
  'currency_already_set',
  'currency_not_set',
  'invalid_currency',
  // Money
  'invalid_amount',
  'invalid_method',
  'amount_too_small',
  'amount_too_large',
  'amount_below_min_payout',
  'amount_mismatch',
  'insufficient_funds',
  'idempotency_conflict',
  'verification_required',
  'already_decided',
  'already_paid',
  'already_rejected',
  'invalid_status',
  'invalid_date',
  'signature_malformed',
  'signature_expired',
  'signature_mismatch',
  // Verification
  'already_verified',
  'not_pending',
  'invalid_kind',
  'invalid_document_kind',
  'file_too_large',
  'file_type_not_allowed',
  'upload_incomplete',
  'too_many_documents',
  'documents_too_large',
  // Games
  'invalid_game',
  'bet_below_min',
  'bet_above_max',
  'currency_required',
  'invalid_target',
  'invalid_direction',
  'invalid_risk',
  'invalid_picks',
  'invalid_segments',
  'invalid_bets',
  'invalid_side',
  'invalid_client_seed',
  'invalid_chance',
  'invalid_case',
  'invalid_index',
  'invalid_bet_id',
  'invalid_idempotency_key',
  'game_in_progress',
  'no_game_in_progress',
  'nothing_to_cash_out',
  'stale_step',
  'max_profit_exceeded',
  'stake_cannot_win',
  'invalid_mines',
  'invalid_tile',
  'invalid_tiles',
  'invalid_action',
  'guess_unavailable',
  'no_skips_left',
  // Rooms
  'invalid_room',
  'invalid_round',
  'round_closed',
  'round_started',
  'already_joined',
  'not_joined',
  // Bonuses and the VIP club
  'bonus_max_bet',
  'bonus_not_available',
  'bonus_already_active',
  'bonus_not_active',
  'bonus_withdrawal_refused',
  'promo_invalid',
  'promo_expired',
  'promo_used_up',
  'promo_already_used',
  'promo_not_applicable',
  'promo_new_players_only',
  'nothing_to_claim',
  'already_claimed',
  'name_taken',
  'join_request_open',
  // Crash
  'crash_unavailable',
  'betting_closed',
  'already_bet',
  'no_bet',
  'not_in_flight',
  'already_cashed_out',
  'cash_out_late',
  'invalid_auto_cash_out',
  'auto_cash_out_too_low',
  'auto_cash_out_decimals',
  // The sportsbook (docs/betting.md)
  'invalid_event',
  'invalid_market',
  'invalid_outcome',
  'invalid_odds',
  'invalid_legs',
  'invalid_system',
  'invalid_odds_policy',
  'invalid_bet',
  'invalid_offer',
  'legs_count',
  'same_event',
  'event_not_found',
  'outcome_not_found',
  'market_suspended',
  'odds_changed',
  'stake_above_max',
  'cashout_unavailable',
  'cashout_changed',
  'cashout_expired',
  'bet_settled',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A message as sent: a code, a code with a detail shown to the player (a limit, a wait in seconds,
 * a field path), or a zod validation code under `validation.` (translated as `error.validation.*`).
 */
export type ErrorMessage = ErrorCode | `${ErrorCode}:${string}` | `validation.${string}`;

/** `code` or `code:detail`. */
export function errorMessage(code: ErrorCode, detail?: string | number | bigint): ErrorMessage {
  return detail === undefined || detail === '' ? code : `${code}:${detail}`;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The code of a wire message (`bet_above_max:100.00` → `bet_above_max`), or null when unknown. */
export function codeOf(message: string): ErrorCode | null {
  const code = message.split(':', 1)[0];
  return isErrorCode(code) ? code : null;
}
