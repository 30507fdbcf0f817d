import { type CSSProperties, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DiceDirection,
  multiplier as diceMultiplier,
  formatRoll,
  winChance,
} from '../../games/dice/engine.ts';
import { type Ratio, toDecimal } from '../../games/ratio.ts';
import type { Locale } from '../../shared/locales.ts';
import { fromMinor, toMinor } from '../../shared/money.ts';
import {
  animationsOff,
  formatNumber,
  GameShell,
  localizeDecimal,
  onFrame,
  playSound,
  readNumberInput,
  useGameApi,
  useLanguageTag,
  useReducedMotion,
  wait,
} from '../games/kit/index.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import './dice.css';
import {
  rollFromText,
  targetFromChanceInput,
  targetFromInput,
  targetFromMultiplierInput,
  targetFromPayout,
  targetRange,
} from './linked.ts';

/** How long the marker slides to the roll (skipped under reduced motion). */
const ROLL_MS = 600;

/** /games/dice: roll under or over a target; the chance sets the multiplier (99 / chance). */
export default function DiceIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Dice />
    </IslandRoot>
  );
}

interface Roll {
  /** Hundredths. */
  value: number;
  win: boolean;
  /** Changes with every bet, so the same roll twice still replays the slide. */
  key: string;
  /** Where the marker slides from (the previous roll), hundredths. */
  from: number;
}

function Dice() {
  const { t } = useTranslation();
  const api = useGameApi();
  const reduced = useReducedMotion();
  const tag = useLanguageTag();
  // Numbers as the player's locale writes them ("49,50" in pt-BR), and read back the same way.
  const inLocale = (decimal: string) => localizeDecimal(decimal, tag);
  const read = (text: string, decimals: number) => {
    const reading = readNumberInput(text, tag, decimals);
    return reading.ok ? reading.decimal : null;
  };
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5_000);
  const [amount, setAmount] = useState<string | null>(null);
  const [roll, setRoll] = useState<Roll | null>(null);
  const [settled, setSettled] = useState(true);

  const bet = { target, direction };
  const chance = winChance(bet);
  const multiplier = useMemo(() => diceMultiplier({ target, direction }), [target, direction]);
  const range = targetRange(direction);
  const amountMinor = amount ? toMinor(amount) : null;
  const payout = amountMinor !== null ? (amountMinor * multiplier.num) / multiplier.den : null;

  const flip = () => {
    setDirection((d) => (d === 'under' ? 'over' : 'under'));
    // The same chance on the other side: 49.50 under becomes 50.50 over.
    setTarget((value) => 10_000 - value);
  };

  const play = async (stake: string) => {
    const answer = await api.post('POST /games/dice/bet', {
      body: { amount: stake, target: formatRoll(target), direction },
    });
    const value = rollFromText(answer.bet.outcome.roll);
    if (value !== null && animationsOff()) {
      // No slide: the roll is shown settled (once a frame during an instant series).
      const { win } = answer.bet.outcome;
      onFrame(() => {
        setRoll((previous) => ({ value, win, key: answer.bet.id, from: previous?.value ?? 0 }));
        setSettled(true);
      }, 'dice-roll');
      playSound('tick');
    } else if (value !== null) {
      const { win } = answer.bet.outcome;
      setSettled(false);
      setRoll((previous) => ({ value, win, key: answer.bet.id, from: previous?.value ?? 0 }));
      playSound('tick');
      await wait(ROLL_MS);
      setSettled(true);
    }
    return answer.bet;
  };

  const controls = (
    <fieldset className="dice-direction gk-seg">
      <legend className="gk-sr">{t('dice.direction')}</legend>
      {(['under', 'over'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={direction === value}
          onClick={() => direction !== value && flip()}
          data-testid={`dice-${value}`}
        >
          {t(value === 'under' ? 'dice.under' : 'dice.over')}
        </button>
      ))}
    </fieldset>
  );

  const shown = roll && settled;
  const percent = (hundredths: number) => `${hundredths / 100}%`;

  return (
    <GameShell
      game="dice"
      winMultiplier={multiplier}
      minWin={multiplier}
      play={play}
      pipelined
      controls={controls}
      onAmountChange={setAmount}
    >
      <div className="dice" data-direction={direction} data-gk-watch>
        <output
          className="dice-result"
          data-state={shown ? (roll.win ? 'win' : 'loss') : 'idle'}
          data-reduced={String(reduced)}
          aria-label={t('dice.result')}
          data-testid="dice-result"
        >
          <span className="dice-roll" data-empty={String(!roll)} data-testid="dice-roll">
            {/* While the marker slides the number waits: the previous roll, then the new one as it lands. */}
            {inLocale(roll ? formatRoll(shown ? roll.value : roll.from) : '00.00')}
          </span>
          <span className="dice-verdict">
            {shown ? t(roll.win ? 'dice.win' : 'dice.loss') : t('dice.rollPrompt')}
          </span>
        </output>

        <div className="dice-track" style={{ '--split': percent(target) } as CSSProperties}>
          <div className="dice-bar" aria-hidden="true" />
          {roll && (
            <div
              key={roll.key}
              className="dice-marker"
              data-win={String(roll.win)}
              data-settled={String(settled)}
              data-reduced={String(reduced)}
              style={{ '--at': percent(roll.value), '--from': percent(roll.from) } as CSSProperties}
              aria-hidden="true"
            >
              <span>{inLocale(formatRoll(roll.value))}</span>
            </div>
          )}
          <input
            type="range"
            className="dice-slider"
            min={range.min}
            max={range.max}
            step={1}
            value={target}
            aria-label={t('dice.target')}
            aria-valuetext={t(direction === 'under' ? 'dice.rollUnderValue' : 'dice.rollOverValue', {
              target: inLocale(formatRoll(target)),
            })}
            onChange={(event) => setTarget(Number(event.target.value))}
            data-testid="dice-slider"
          />
        </div>
        <div className="dice-scale" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{formatNumber(n, tag)}</span>
          ))}
        </div>

        <div className="dice-fields">
          <LinkedField
            label={t(direction === 'under' ? 'dice.rollUnder' : 'dice.rollOver')}
            value={inLocale(formatRoll(target))}
            parse={(text) => nullOr(read(text, 2), (d) => targetFromInput(d, direction))}
            onTarget={setTarget}
            name="target"
            suffix={
              <button
                type="button"
                className="dice-swap"
                onClick={flip}
                aria-label={t('dice.swap')}
                title={t('dice.swap')}
                data-testid="dice-swap"
              >
                ⇄
              </button>
            }
          />
          <LinkedField
            label={t('dice.chance')}
            value={inLocale(formatRoll(chance))}
            parse={(text) => nullOr(read(text, 2), (d) => targetFromChanceInput(d, direction))}
            onTarget={setTarget}
            name="chance"
            suffix="%"
          />
          <LinkedField
            label={t('dice.multiplier')}
            value={inLocale(multiplierText(multiplier))}
            parse={(text) =>
              nullOr(read(text.replace(/\s*[x×]\s*$/i, ''), 4), (d) =>
                targetFromMultiplierInput(d, direction),
              )
            }
            onTarget={setTarget}
            name="multiplier"
            suffix="×"
          />
          <LinkedField
            label={t('dice.payout')}
            value={payout !== null ? inLocale(fromMinor(payout)) : ''}
            parse={(text) => {
              const decimal = read(text, 2);
              return decimal === null || amountMinor === null
                ? null
                : targetFromPayout(toMinor(decimal), amountMinor, direction);
            }}
            onTarget={setTarget}
            name="payout"
            disabled={amountMinor === null}
          />
        </div>
      </div>
    </GameShell>
  );
}

/** The multiplier with 2 to 4 decimals, truncated like the server's: 2 → "2.00", 99/7 → "14.1428". */
function multiplierText(multiplier: Ratio): string {
  const [whole, fraction = ''] = toDecimal(multiplier, 4).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** `f(value)` unless the value is null. */
function nullOr<T, R>(value: T | null, f: (value: T) => R | null): R | null {
  return value === null ? null : f(value);
}

/**
 * One of the linked inputs: shows the bet's value, and while the player types keeps their text and
 * moves the bet with every readable entry; leaving the field shows the bet's value again.
 */
function LinkedField(props: {
  label: string;
  value: string;
  parse: (text: string) => number | null;
  onTarget: (target: number) => void;
  name: string;
  suffix?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && draft.trim() !== '' && props.parse(draft) === null;
  return (
    <div className="gk-field dice-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="gk-amount">
        <input
          id={id}
          name={props.name}
          className="gk-input"
          inputMode="decimal"
          autoComplete="off"
          value={draft ?? props.value}
          disabled={props.disabled}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            const next = props.parse(event.target.value);
            if (next !== null) props.onTarget(next);
          }}
          onBlur={() => setDraft(null)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setDraft(null);
            }
          }}
          data-testid={`dice-${props.name}`}
        />
        {props.suffix && <span className="dice-suffix">{props.suffix}</span>}
      </div>
    </div>
  );
}
