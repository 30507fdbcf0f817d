import type { ReactNode } from 'react';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and inline error; the control gets ids through `describedBy`. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The `aria-describedby` of a control in a FieldShell: its error, else its hint. */
export const describedBy = (id: string, error: unknown, hint?: unknown) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** A FieldShell control's `aria-invalid` and `aria-describedby` (spread them on the control). */
export const fieldAria = (id: string, error: unknown, hint?: unknown) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error, hint),
});
