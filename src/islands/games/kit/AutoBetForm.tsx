import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutoBetDraft } from './autobet-draft.ts';
import { KitInput } from './KitInput.tsx';
import type { AutoBet } from './use-auto-bet.ts';

/** The on-win and on-loss rules: their draft fields and input names. */
const ON_RESULT = [
  { mode: 'onWin', percent: 'onWinPercent', name: 'on-win' },
  { mode: 'onLoss', percent: 'onLossPercent', name: 'on-loss' },
] as const;

/** Where a series stops: at a net profit or a net loss. */
const STOPS = [
  { key: 'stopProfit', name: 'stop-profit' },
  { key: 'stopLoss', name: 'stop-loss' },
] as const;

/** Instant (turbo) play: on, implied by reduced motion (`forced`), and the player's switch. */
export interface TurboSwitch {
  on: boolean;
  forced: boolean;
  set: (on: boolean) => void;
}

/**
 * Number of bets, what to do on a win and on a loss, where to stop (use-auto-bet.ts holds it), and
 * instant play (the boards skip their animations).
 */
export function AutoBetForm(props: {
  auto: Pick<AutoBet, 'draft' | 'edit' | 'errors' | 'running' | 'left'>;
  currency: string;
  /** The stake cannot change (cases): no increase on a win or a loss. */
  fixedStake?: boolean;
  turbo: TurboSwitch;
}) {
  const { draft, errors, left } = props.auto;
  const { t } = useTranslation();
  const set = (patch: Partial<AutoBetDraft>) => props.auto.edit({ ...draft, ...patch });
  return (
    <fieldset className="gk-auto" disabled={props.auto.running} data-testid="autobet-form">
      <legend className="gk-sr">{t('gameKit.auto')}</legend>
      <Field
        label={t('gameKit.autoCount')}
        hint={left !== null ? t('gameKit.autoLeft', { count: left }) : t('gameKit.autoCountHint')}
        value={draft.count}
        onChange={(count) => set({ count: count.replace(/\D/g, '').slice(0, 5) })}
        error={errors.count}
        inputMode="numeric"
        name="autobet-count"
      />
      {!props.fixedStake &&
        ON_RESULT.map(({ mode, percent, name }) => (
          <OnResultField
            key={mode}
            label={t(`gameKit.${mode}`)}
            mode={draft[mode]}
            percent={draft[percent]}
            onMode={(value) => set({ [mode]: value })}
            onPercent={(value) => set({ [percent]: value })}
            error={errors[percent]}
            name={name}
          />
        ))}
      <div className="gk-pair">
        {STOPS.map(({ key, name }) => (
          <Field
            key={key}
            label={t(`gameKit.${key}`)}
            value={draft[key]}
            onChange={(value) => set({ [key]: value })}
            error={errors[key]}
            inputMode="decimal"
            suffix={props.currency}
            name={name}
          />
        ))}
      </div>
      <TurboField turbo={props.turbo} />
    </fieldset>
  );
}

/** The instant-play switch and what it does (or why it is on). */
function TurboField({ turbo }: { turbo: TurboSwitch }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="gk-turbo">
      <button
        type="button"
        role="switch"
        className="gk-switch"
        aria-checked={turbo.on}
        aria-describedby={`${id}-hint`}
        disabled={turbo.forced}
        onClick={() => turbo.set(!turbo.on)}
        data-testid="turbo-toggle"
      >
        <span className="gk-switch-track" aria-hidden="true" />
        <span>{t('gameKit.turbo')}</span>
      </button>
      <p className="gk-hint" id={`${id}-hint`}>
        {t(turbo.forced ? 'gameKit.turboForced' : 'gameKit.turboHint')}
      </p>
    </div>
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
      <KitInput
        id={id}
        name={props.name}
        inputMode={props.inputMode}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        suffix={props.suffix}
      />
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
          {(['reset', 'increase'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={props.mode === mode}
              onClick={() => props.onMode(mode)}
              data-testid={`${props.name}-${mode}`}
            >
              {t(`gameKit.${mode}`)}
            </button>
          ))}
        </div>
        <KitInput
          wrapClass="gk-percent"
          name={`${props.name}-percent`}
          inputMode="decimal"
          aria-label={`${props.label}: ${t('gameKit.increaseBy')}`}
          aria-invalid={props.error ? true : undefined}
          disabled={props.mode === 'reset'}
          value={props.percent}
          onChange={(event) => props.onPercent(event.target.value)}
          suffix="%"
        />
      </div>
      {props.error && <p className="gk-error">{props.error}</p>}
    </fieldset>
  );
}
