import type { InputHTMLAttributes } from 'react';

/**
 * A game kit input (`.gk-input`) with its unit inside, at the end (the currency, `%`); the rest of
 * its attributes are the input's own. `wrapClass` adds a class to the wrapper (`gk-percent`).
 */
export function KitInput({
  suffix,
  wrapClass,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { suffix?: string | undefined; wrapClass?: string }) {
  return (
    <div className={wrapClass ? `gk-amount ${wrapClass}` : 'gk-amount'}>
      <input className="gk-input" autoComplete="off" {...input} />
      {suffix && (
        <span className="gk-currency" aria-hidden="true">
          {suffix}
        </span>
      )}
    </div>
  );
}
