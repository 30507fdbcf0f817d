import { type ReactNode, useId } from 'react';
import { FieldShell, fieldAria } from './FieldShell.tsx';

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  name?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel';
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
  placeholder?: string;
  /** Bounds of a `date` field. */
  min?: string | undefined;
  max?: string | undefined;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <FieldInput id={id} {...props} type={props.type ?? 'text'} />
    </FieldShell>
  );
}

/** The `<input>` of a text-like field, described by its error or hint (FieldShell). */
export function FieldInput(props: Omit<TextFieldProps, 'label'> & { id: string }) {
  return (
    <input
      id={props.id}
      className="input"
      type={props.type}
      name={props.name}
      value={props.value}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      required={props.required}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      min={props.min}
      max={props.max}
      // biome-ignore lint/a11y/noAutofocus: the first field of a just-opened dialog; the dialog was the player's action.
      autoFocus={props.autoFocus}
      {...fieldAria(props.id, props.error, props.hint)}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** An e-mail address (login, registration, recovery). */
export function EmailField(
  props: Pick<TextFieldProps, 'label' | 'value' | 'onChange' | 'error' | 'autoFocus'> & {
    /** `username` where it logs in, `email` for a new account. */
    autoComplete: 'username' | 'email';
  },
) {
  return <TextField {...props} type="email" name="email" inputMode="email" />;
}

/** A one-time code: digits only, the browser may fill it from an SMS. */
export function CodeField(
  props: Pick<TextFieldProps, 'label' | 'value' | 'onChange' | 'error' | 'hint' | 'autoFocus'>,
) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={(value) => props.onChange(value.replace(/\D/g, '').slice(0, 6))}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={props.error}
      hint={props.hint}
      autoFocus={props.autoFocus}
      placeholder="000000"
    />
  );
}
