import { type ReactNode, useId } from 'react';
import { fieldAria } from './FieldShell.tsx';

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null | undefined;
  disabled?: boolean;
}

export function Checkbox(props: CheckboxProps) {
  const id = useId();
  return (
    <div className="field field-check" data-invalid={props.error ? 'true' : undefined}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        {...fieldAria(id, props.error)}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.children}</label>
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A switch-styled checkbox for settings that save at once. */
export function Toggle(props: CheckboxProps & { description?: ReactNode }) {
  const id = useId();
  return (
    <div className="toggle-row">
      <label htmlFor={id} className="toggle-label">
        <span>{props.children}</span>
        {props.description && <small>{props.description}</small>}
      </label>
      <input
        id={id}
        className="switch"
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </div>
  );
}
