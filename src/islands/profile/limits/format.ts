import { useTranslation } from 'react-i18next';
import { formatAmountDetail } from '../../../client/money-format.ts';
import { pageLocale } from '../../../client/site.ts';
import { LANGUAGE_TAG } from '../../../shared/locales.ts';
import { formatMoneyText } from '../../../shared/money.ts';
import { formatMoment, isMoment } from '../../ui/moment.ts';

/**
 * How the limits page and the deposit modal show amounts, moments and the details of the server's
 * messages (`deposit_limit:250.00`, `timed_out:2026-03-01T10:00:00.000Z`,
 * `self_excluded:indefinite`), in the page's language.
 */
export function useFormat(currency: string | null) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAG[pageLocale()];
  const money = (decimal: string) => (currency ? formatMoneyText(decimal, currency, tag) : decimal);
  const moment = (iso: string) => formatMoment(iso, tag);
  const detail = (raw: string) => {
    const text = raw.trim();
    if (isMoment(text)) return moment(text);
    if (text === 'indefinite') return t('responsible.indefinite');
    return currency ? formatAmountDetail(text, currency, tag) : text;
  };
  return { tag, money, moment, detail };
}
