import type { ReactNode } from 'react';

/** A form's full-width primary button, with a spinner while its call runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={pending} aria-busy={pending}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
