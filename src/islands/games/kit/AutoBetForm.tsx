import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The auto-bet form as typed; parsed when the series starts (autobet.ts). */
export interface AutoBetDraft {
  count: string;
  onWin: 'reset' | 'increase';
  onWinPercent: string;
  onLoss: 'reset' | 'increase';
  onLossPercent: string;
  stopProfit: string;
  stopLoss: string;
}

export const EMPTY_DRAFT: AutoBetDraft = {
  count: '10',
  onWin: 'reset',
  onWinPercent: '0',
  onLoss: 'reset',
  onLossPercent: '0',
  stopProfit: '',
  stopLoss: '',
};

export type DraftErrors = Partial<Record<keyof AutoBetDraft, string>>;

/** Number of bets, what to do on a win and on a loss, and where to stop. */
export function AutoBetForm(props: {
  draft: AutoBetDraft;
  onChange: (draft: AutoBetDraft) => void;
  errors: DraftErrors;
  disabled: boolean;
  currency: string;
  /** Bets left in a running series (null when none runs). */
  left: number | null;
  /** The stake cannot change (cases): no increase on a win or a loss. */
  fixedStake?: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<AutoBetDraft>) => props.onChange({ ...props.draft, ...patch });
  return (
    <fieldset className="gk-auto" disabled={props.disabled} data-testid="autobet-form">
      <legend className="gk-sr">{t('gameKit.auto')}</legend>
      <Field
        label={t('gameKit.autoCount')}
        hint={props.left !== null ? t('gameKit.autoLeft', { count: props.left }) : t('gameKit.autoCountHint')}
        value={props.draft.count}
        onChange={(count) => set({ count: count.replace(/\D/g, '').slice(0, 5) })}
        error={props.errors.count}
        inputMode="numeric"
        name="autobet-count"
      />
      {!props.fixedStake && (
        <>
          <OnResultField
            label={t('gameKit.onWin')}
            mode={props.draft.onWin}
            percent={props.draft.onWinPercent}
            onMode={(onWin) => set({ onWin })}
            onPercent={(onWinPercent) => set({ onWinPercent })}
            error={props.errors.onWinPercent}
            name="on-win"
          />
          <OnResultField
            label={t('gameKit.onLoss')}
            mode={props.draft.onLoss}
            percent={props.draft.onLossPercent}
            onMode={(onLoss) => set({ onLoss })}
            onPercent={(onLossPercent) => set({ onLossPercent })}
            error={props.errors.onLossPercent}
            name="on-loss"
          />
        </>
      )}
      <div className="gk-pair">
        <Field
          label={t('gameKit.stopProfit')}
          value={props.draft.stopProfit}
          onChange={(stopProfit) => set({ stopProfit })}
          error={props.errors.stopProfit}
          inputMode="decimal"
          suffix={props.currency}
          name="stop-profit"
        />
        <Field
          label={t('gameKit.stopLoss')}
          value={props.draft.stopLoss}
          onChange={(stopLoss) => set({ stopLoss })}
          error={props.errors.stopLoss}
          inputMode="decimal"
          suffix={props.currency}
          name="stop-loss"
        />
      </div>
    </fieldset>
  );
}

function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputMode: 'numeric' | 'decimal';
  name: string;
  hint?: string;
  suffix?: string;
}) {
  const id = useId();
  const note = props.error ?? props.hint;
  return (
    <div className="gk-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="gk-amount">
        <input
          id={id}
          name={props.name}
          className="gk-input"
          inputMode={props.inputMode}
          autoComplete="off"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {props.suffix && (
          <span className="gk-currency" aria-hidden="true">
            {props.suffix}
          </span>
        )}
      </div>
      {note && (
        <p className={props.error ? 'gk-error' : 'gk-hint'} id={`${id}-note`}>
          {note}
        </p>
      )}
    </div>
  );
}

function OnResultField(props: {
  label: string;
  mode: 'reset' | 'increase';
  percent: string;
  onMode: (mode: 'reset' | 'increase') => void;
  onPercent: (value: string) => void;
  error: string | undefined;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="gk-field">
      <legend className="gk-label">{props.label}</legend>
      <div className="gk-onresult">
        <div className="gk-seg">
          <button
            type="button"
            aria-pressed={props.mode === 'reset'}
            onClick={() => props.onMode('reset')}
            data-testid={`${props.name}-reset`}
          >
            {t('gameKit.reset')}
          </button>
          <button
            type="button"
            aria-pressed={props.mode === 'increase'}
            onClick={() => props.onMode('increase')}
            data-testid={`${props.name}-increase`}
          >
            {t('gameKit.increase')}
          </button>
        </div>
        <div className="gk-amount gk-percent">
          <input
            className="gk-input"
            name={`${props.name}-percent`}
            inputMode="decimal"
            autoComplete="off"
            aria-label={`${props.label}: ${t('gameKit.increaseBy')}`}
            aria-invalid={props.error ? true : undefined}
            disabled={props.mode === 'reset'}
            value={props.percent}
            onChange={(event) => props.onPercent(event.target.value)}
          />
          <span className="gk-currency" aria-hidden="true">
            %
          </span>
        </div>
      </div>
      {props.error && <p className="gk-error">{props.error}</p>}
    </fieldset>
  );
}
