import { describeApiError, translateMessage } from '../../client/errors.ts';
import type { Translate } from './time.ts';

/**
 * A join refused (or failed): each reason the API gave, in words; a general one when none is known.
 * A refusal comes as its key under `tournaments.refusals`, bare or prefixed (`tournament_closed`,
 * `tournament_not_eligible_vip`); any other code (`insufficient_funds`) is read as the site reads
 * errors.
 */
export function joinErrorLines(error: unknown, t: Translate, exists: (key: string) => boolean): string[] {
  const report = describeApiError(error);
  const lines = new Set<string>();
  for (const raws of Object.values(report.fields)) {
    for (const raw of raws) {
      const key = (raw.split(':')[0] ?? '').trim();
      const refusal = `tournaments.refusals.${key.replace(/^tournament_/, '')}`;
      if (exists(refusal)) lines.add(t(refusal));
      else if (exists(`error.${key}`)) {
        const text = translateMessage(raw, { t: (k, options) => t(k, options), exists });
        if (text) lines.add(text);
      }
    }
  }
  if (lines.size === 0 && report.code && report.code !== 'unknown' && exists(`error.${report.code}`))
    lines.add(t(`error.${report.code}`));
  if (lines.size === 0) lines.add(t('tournaments.me.joinFailed'));
  return [...lines];
}
