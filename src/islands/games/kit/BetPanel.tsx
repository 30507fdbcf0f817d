import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../../ui/fields/FieldShell.tsx';
import type { AmountAction } from './amount.ts';
import { KitInput } from './KitInput.tsx';
import type { AmountField } from './use-amount-field.ts';

/** ½, 2×, min and max: what each button does, its name for screen readers, and its text. */
const AMOUNT_BUTTONS = [
  { action: 'half', label: 'gameKit.halve', text: '½' },
  { action: 'double', label: 'gameKit.double', text: '2×' },
  { action: 'min', label: 'gameKit.minBet', text: 'gameKit.min' },
  { action: 'max', label: 'gameKit.maxBet', text: 'gameKit.max' },
] as const;

interface AmountInputProps {
  /** The field's state (use-amount-field.ts): text, editing, canonical form on leaving, profit. */
  field: Pick<AmountField, 'text' | 'edit' | 'focus' | 'blur' | 'profit'>;
  onAction: (action: AmountAction) => void;
  currency: string;
  error: string | null;
  disabled: boolean;
}

/** The bet amount with ½, 2×, min and max, what is wrong with it, and the profit a win would bring. */
export function AmountInput({ field, ...props }: AmountInputProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="gk-field">
      <label htmlFor={id}>{t('gameKit.amount')}</label>
      <KitInput
        id={id}
        name="amount"
        inputMode="decimal"
        value={field.text}
        disabled={props.disabled}
        {...fieldAria(id, props.error)}
        onChange={(event) => field.edit(event.target.value)}
        onFocus={field.focus}
        onBlur={field.blur}
        data-testid="bet-amount"
        suffix={props.currency}
      />
      <div className="gk-amount-buttons">
        {AMOUNT_BUTTONS.map((button) => (
          <button
            key={button.action}
            type="button"
            className="gk-mini"
            aria-label={t(button.label)}
            title={t(button.label)}
            onClick={() => props.onAction(button.action)}
            disabled={props.disabled}
          >
            {button.text.startsWith('gameKit.') ? t(button.text) : button.text}
          </button>
        ))}
      </div>
      {props.error && (
        <p className="gk-error" id={`${id}-error`} data-testid="amount-error">
          {props.error}
        </p>
      )}
      {field.profit !== null && <Profit text={field.profit} />}
    </div>
  );
}

function Profit({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <p className="gk-profit">
      <span>{t('gameKit.profit')}</span>
      <output data-testid="profit-on-win">{text}</output>
    </p>
  );
}

/**
 * A stake the player does not type (a case's price, the chips on the roulette table): shown as a
 * price, label and amount, not as a field. `data-amount` holds the decimal for scripts and tests.
 */
export function FixedAmount(props: {
  label: string;
  text: string;
  decimal: string | null;
  profit: string | null;
}) {
  return (
    <div className="gk-field gk-fixed">
      <p className="gk-price">
        <span className="gk-label">{props.label}</span>
        <output data-testid="bet-amount" data-amount={props.decimal ?? '0.00'}>
          {props.text}
        </output>
      </p>
      {props.profit !== null && <Profit text={props.profit} />}
    </div>
  );
}
