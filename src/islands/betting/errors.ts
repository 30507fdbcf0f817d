import {
  type ApiErrorReport,
  describeApiError,
  reportMessages,
  type Translator,
} from '../../client/errors.ts';

/**
 * The sportsbook's error messages in the player's language. The API answers `errors` as the rest
 * of the site does (`{ field: ['code' | 'code:detail'] }`, docs/product-rules.md §8), and the
 * betting codes (`same_event`, `odds_changed`, `market_suspended`, `stake_above_max`, …) have their
 * words under `error.*` like every other code (src/i18n/locales/<locale>/sportsErrors.json).
 */

/** The site's translator, with a detail that is an amount (`stake_above_max:100.00`) shown as money. */
export function bettingTranslator(
  t: (key: string, options?: Record<string, unknown>) => string,
  exists: Translator['exists'],
  formatDetail: (detail: string) => string = (detail) => detail,
): Translator {
  return {
    t: (key, options) => t(key, options ? { detail: formatDetail(options.detail) } : {}),
    exists,
  };
}

/** Every message an API error carries, translated; a generic one when it carries none. */
export function bettingMessages(
  error: unknown,
  translator: Translator,
): { report: ApiErrorReport; lines: string[] } {
  const report = describeApiError(error);
  return { report, lines: reportMessages(report, translator) };
}

/** A refused bet's reason (`odds_changed`, `market_suspended`, …) in words; a general one for another. */
export function refusalText(reason: string | null, translator: Translator): string {
  const key = `error.${reason ?? ''}`;
  return reason && translator.exists(key) ? translator.t(key) : translator.t('betting.refused');
}
