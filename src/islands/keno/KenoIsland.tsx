import { useStore } from '@nanostores/react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type KenoRisk, MAX_PICKS, PAYTABLES, RISKS } from '../../games/keno/engine.ts';
import { smallestWin } from '../../games/stakes.ts';
import { DEFAULT_CURRENCY } from '../../shared/currencies.ts';
import type { Locale } from '../../shared/locales.ts';
import { $user } from '../../stores/user.ts';
import { verdictOf } from '../games/kit/bet-result.ts';
import {
  animationsOff,
  type Bet,
  formatMoneyText,
  GameShell,
  inInstantSeries,
  onFrame,
  playSound,
  useGameApi,
  useLanguageTag,
  wait,
} from '../games/kit/index.ts';
import { SelectField } from '../ui/fields.tsx';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { autoPick } from './autoPick.ts';
import { KenoBoard } from './KenoBoard.tsx';
import './keno.css';
import { paytableRow, topMultiplier } from './paytable.ts';
import type { KenoRound } from './round.ts';

/** Pause between two drawn numbers (ms); none under prefers-reduced-motion (kit `wait`). */
const REVEAL_MS = 140;
const COUNTS = Array.from({ length: MAX_PICKS }, (_, i) => i + 1);

/** /games/keno: pick 1-10 of 40 numbers, 10 are drawn (docs/fairness.md §3). */
export default function KenoIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Keno />
    </IslandRoot>
  );
}

function Keno() {
  const { t } = useTranslation();
  const api = useGameApi();
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [picks, setPicks] = useState<number[]>([]);
  const [autoCount, setAutoCount] = useState(10);
  const [round, setRound] = useState<KenoRound | null>(null);
  const [busy, setBusy] = useState(false);
  // An auto-bet series runs: the picks and the risk stay as the series started.
  const [series, setSeries] = useState(false);
  const countId = useId();
  // The kit may hold on to one `play` through an auto-bet series: it reads the latest inputs.
  const inputs = useRef({ risk, picks });
  inputs.current = { risk, picks };

  const row = useMemo(() => paytableRow(risk, picks.length), [risk, picks.length]);
  const tag = useLanguageTag();
  const currency = useStore($user)?.currency ?? DEFAULT_CURRENCY;
  const money = useCallback((decimal: string) => formatMoneyText(decimal, currency, tag), [currency, tag]);
  const top = topMultiplier(risk, picks.length);
  // The smallest win of the paytable row (1.1× on low risk): the panel's minimum stake can win it.
  const minWin = useMemo(
    () => (picks.length > 0 ? smallestWin(PAYTABLES[risk][picks.length - 1] ?? []) : null),
    [risk, picks.length],
  );

  const changePicks = (next: number[]) => {
    setPicks(next);
    setRound(null);
    // "Numbers to pick" says how many are picked; auto-pick picks that many again.
    if (next.length > 0) setAutoCount(next.length);
  };
  const toggle = (n: number) => {
    if (picks.includes(n)) changePicks(picks.filter((p) => p !== n));
    else if (picks.length < MAX_PICKS) changePicks([...picks, n].sort((a, b) => a - b));
  };

  const play = useCallback(
    async (amount: string): Promise<Bet> => {
      const { risk: playedRisk, picks: played } = inputs.current;
      // An instant series shows each draw whole, once a frame; its board stays locked throughout.
      const instant = inInstantSeries();
      if (!instant) {
        setBusy(true);
        setRound(null);
      }
      try {
        const { bet } = await api.post('POST /games/keno/bet', {
          body: { amount, risk: playedRisk, picks: played },
        });
        const { drawn } = bet.outcome;
        if (!animationsOff()) {
          for (let shown = 1; shown < drawn.length; shown++) {
            setRound({ drawn, shown });
            playSound('tick');
            await wait(REVEAL_MS);
          }
        }
        const shown = { drawn, shown: drawn.length, verdict: verdictOf(bet), payout: bet.payout };
        onFrame(() => setRound(shown), 'keno-round');
        return bet;
      } finally {
        if (!instant) setBusy(false);
      }
    },
    [api],
  );

  const controls = (
    <div className="keno-controls">
      <SelectField<KenoRisk>
        label={t('keno.risk')}
        value={risk}
        disabled={busy || series}
        options={RISKS.map((value) => ({ value, label: t(`keno.risks.${value}`) }))}
        onChange={(value) => {
          setRisk(value);
          setRound(null);
        }}
      />
      <div className="field">
        <label htmlFor={countId}>{t('keno.autoPickCount')}</label>
        <div className="keno-autopick">
          <select
            id={countId}
            className="input"
            value={autoCount}
            disabled={busy || series}
            onChange={(event) => setAutoCount(Number(event.target.value))}
          >
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || series}
            data-testid="keno-autopick"
            onClick={() => changePicks(autoPick(autoCount))}
          >
            {t('keno.autoPick')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || series || picks.length === 0}
            data-testid="keno-clear"
            onClick={() => changePicks([])}
          >
            {t('keno.clear')}
          </button>
        </div>
      </div>
    </div>
  );

  return (
    <GameShell
      game="keno"
      winMultiplier={top}
      minWin={minWin}
      play={play}
      pipelined
      controls={controls}
      canPlay={picks.length > 0}
      onModeChange={({ running }) => setSeries(running)}
    >
      <KenoBoard
        picks={picks}
        round={round}
        row={row}
        locked={busy || series}
        onToggle={toggle}
        money={money}
      />
    </GameShell>
  );
}
