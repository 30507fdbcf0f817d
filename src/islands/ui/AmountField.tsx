import { type ReactNode, useId } from 'react';

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
  const described = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="field" data-invalid={props.error ? 'true' : undefined}>
      <label htmlFor={id}>{props.label}</label>
      <div className="amount-input">
        <input
          id={id}
          className="input"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <span className="amount-currency" aria-hidden="true">
          {props.currency}
        </span>
      </div>
      {props.error ? (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : (
        props.hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {props.hint}
          </p>
        )
      )}
    </div>
  );
}
