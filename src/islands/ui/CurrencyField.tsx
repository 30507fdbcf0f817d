import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '../../shared/currencies.ts';
import { SelectField } from './fields/SelectField.tsx';

/** The account currency, chosen once (registration, or the first deposit). */
export function CurrencyField(props: {
  value: Currency;
  onChange: (currency: Currency) => void;
  error: string | null;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('auth.currency')}
      value={props.value}
      onChange={props.onChange}
      options={CURRENCIES.map((code) => ({ value: code, label: `${code} · ${t(`currency.${code}`)}` }))}
      error={props.error}
      hint={props.hint}
    />
  );
}
