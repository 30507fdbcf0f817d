import { type ReactNode, useId } from 'react';
import { FieldShell, fieldAria } from './FieldShell.tsx';

interface SelectFieldProps<T extends string> {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <select
        id={id}
        className="input"
        value={props.value}
        disabled={props.disabled}
        {...fieldAria(id, props.error, props.hint)}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
