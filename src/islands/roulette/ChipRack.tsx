import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  chips: readonly bigint[];
  selected: bigint;
  onSelect: (chip: bigint) => void;
  chipLabel: (amount: bigint) => string;
  moneyLabel: (amount: bigint) => string;
  canUndo: boolean;
  hasChips: boolean;
  disabled: boolean;
  onUndo: () => void;
  onClear: () => void;
  onDouble: () => void;
}

/** The chip denominations (a radio group) and what can be done with the chips on the table. */
export function ChipRack(props: Props) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="chip-rack" data-testid="chip-rack">
      <fieldset className="chip-rack-chips">
        <legend className="rt-sr">{t('roulette.chips.label')}</legend>
        {props.chips.map((chip, tier) => (
          <label key={String(chip)} className={`rack-chip tier-${tier}`} data-chip={String(chip)}>
            <input
              type="radio"
              className="rt-sr"
              name={name}
              checked={chip === props.selected}
              onChange={() => props.onSelect(chip)}
              aria-label={t('roulette.chips.chip', { amount: props.moneyLabel(chip) })}
            />
            <span aria-hidden="true">{props.chipLabel(chip)}</span>
          </label>
        ))}
      </fieldset>
      <div className="chip-rack-actions">
        <RackAction
          label={t('roulette.actions.undo')}
          onClick={props.onUndo}
          disabled={props.disabled || !props.canUndo}
          testId="roulette-undo"
          icon={<RackIcon d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />}
        />
        <RackAction
          label={t('roulette.actions.clear')}
          onClick={props.onClear}
          disabled={props.disabled || !props.hasChips}
          testId="roulette-clear"
          icon={<RackIcon d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />}
        />
        <RackAction
          label={t('roulette.actions.double')}
          onClick={props.onDouble}
          disabled={props.disabled || !props.hasChips}
          testId="roulette-double"
          icon={
            <span className="rack-action-x2" aria-hidden="true">
              2×
            </span>
          }
        />
      </div>
    </div>
  );
}

/** One of the rack's table actions (undo, clear, double): an icon over its label. */
function RackAction(props: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  testId: string;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      className="rack-action"
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.icon}
      <span>{props.label}</span>
    </button>
  );
}

/** A rack action's 18 px outline icon. */
function RackIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d={d}
      />
    </svg>
  );
}
