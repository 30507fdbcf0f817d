import { type ReactNode, useId } from 'react';
import { FieldShell } from './fields/FieldShell.tsx';
import { FieldInput } from './fields/TextField.tsx';

interface AmountFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown inside the field, at its end (the account currency). */
  currency: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** A money amount: decimal keyboard on phones, the currency code inside the field. */
export function AmountField(props: AmountFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <div className="amount-input">
        <FieldInput id={id} {...props} name="amount" inputMode="decimal" autoComplete="off" />
        <span className="amount-currency" aria-hidden="true">
          {props.currency}
        </span>
      </div>
    </FieldShell>
  );
}
