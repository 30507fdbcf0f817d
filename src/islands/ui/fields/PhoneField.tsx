import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applyMask, maskLength, unmask } from '../../../client/mask.ts';
import { PHONE_COUNTRIES, type PhoneCountryCode, phoneCountry } from '../../../client/phone.ts';
import { FieldShell } from './FieldShell.tsx';
import { FieldInput } from './TextField.tsx';

interface PhoneFieldProps {
  label: ReactNode;
  country: PhoneCountryCode;
  onCountry: (code: PhoneCountryCode) => void;
  value: string;
  onChange: (masked: string) => void;
  error?: string | null | undefined;
  autoFocus?: boolean;
}

/** The country's dialling prefix (src/client/phone.ts lists them) and the masked national number. */
export function PhoneField(props: PhoneFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const selected = phoneCountry(props.country);
  return (
    <FieldShell id={id} label={props.label} error={props.error}>
      <div className="phone-input">
        <select
          className="input"
          aria-label={t('auth.country')}
          value={props.country}
          onChange={(event) => {
            const next = phoneCountry(event.target.value as PhoneCountryCode);
            props.onCountry(next.code);
            props.onChange(applyMask(unmask(props.value, next.mask), next.mask));
          }}
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {`${t(`auth.countries.${c.code}`)} ${c.prefix}`}
            </option>
          ))}
        </select>
        <FieldInput
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          autoFocus={props.autoFocus}
          placeholder={selected.mask.replaceAll('#', '0')}
          value={props.value}
          error={props.error}
          onChange={(value) => props.onChange(applyMask(value, selected.mask))}
        />
      </div>
    </FieldShell>
  );
}

/** True when the masked number has every digit the country's mask asks for. */
export function isCompletePhone(country: PhoneCountryCode, masked: string): boolean {
  const { mask } = phoneCountry(country);
  return unmask(masked, mask).length === maskLength(mask);
}
