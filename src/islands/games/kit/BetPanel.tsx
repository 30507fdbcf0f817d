import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmountAction } from './amount.ts';

interface AmountInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Leaving the field: the kit writes a readable amount back in canonical form ("10" → "10.00"). */
  onBlur?: () => void;
  onAction: (action: AmountAction) => void;
  currency: string;
  /** Shown as "profit on win" under the field; null hides it. */
  profit: string | null;
  error: string | null;
  /** Cases: the price is fixed, so the field is read-only and the buttons are hidden. */
  fixed: boolean;
  disabled: boolean;
}

/** The bet amount with ½, 2×, min and max, and the profit a win would bring. */
export function AmountInput(props: AmountInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const described = props.error ? `${id}-error` : undefined;
  return (
    <div className="gk-field">
      <label htmlFor={id}>{t('gameKit.amount')}</label>
      <div className="gk-amount">
        <input
          id={id}
          className="gk-input"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          readOnly={props.fixed}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
          data-testid="bet-amount"
        />
        <span className="gk-currency" aria-hidden="true">
          {props.currency}
        </span>
      </div>
      {!props.fixed && (
        <div className="gk-amount-buttons">
          <AmountButton
            label={t('gameKit.halve')}
            onClick={() => props.onAction('half')}
            disabled={props.disabled}
          >
            ½
          </AmountButton>
          <AmountButton
            label={t('gameKit.double')}
            onClick={() => props.onAction('double')}
            disabled={props.disabled}
          >
            2×
          </AmountButton>
          <AmountButton
            label={t('gameKit.minBet')}
            onClick={() => props.onAction('min')}
            disabled={props.disabled}
          >
            {t('gameKit.min')}
          </AmountButton>
          <AmountButton
            label={t('gameKit.maxBet')}
            onClick={() => props.onAction('max')}
            disabled={props.disabled}
          >
            {t('gameKit.max')}
          </AmountButton>
        </div>
      )}
      {props.error && (
        <p className="gk-error" id={`${id}-error`} data-testid="amount-error">
          {props.error}
        </p>
      )}
      {props.profit !== null && (
        <p className="gk-profit">
          <span>{t('gameKit.profit')}</span>
          <output data-testid="profit-on-win">{props.profit}</output>
        </p>
      )}
    </div>
  );
}

function AmountButton(props: { label: string; onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      className="gk-mini"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.children}
    </button>
  );
}
