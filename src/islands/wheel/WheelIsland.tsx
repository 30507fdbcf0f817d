import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compare, parseDecimal } from '../../games/ratio.ts';
import {
  RISKS,
  SEGMENT_COUNTS,
  type SegmentCount,
  type WheelRisk,
  wheelTable,
} from '../../games/wheel/engine.ts';
import type { Locale } from '../../shared/locales.ts';
import {
  animationsOff,
  type Bet,
  GameShell,
  inInstantSeries,
  onFrame,
  useGameApi,
  wait,
} from '../games/kit/index.ts';
import { SelectField } from '../ui/fields.tsx';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { landingRotation } from './geometry.ts';
import { multiplierLegend, segmentTones } from './legend.ts';
import { WheelBoard, type WheelStop } from './WheelBoard.tsx';
import './wheel.css';

/** How long the wheel turns before it stops on the result (ms); none under reduced motion. */
const SPIN_MS = 3200;

/** /games/wheel: choose the risk and the number of segments, spin (docs/fairness.md §3). */
export default function WheelIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Wheel locale={locale} />
    </IslandRoot>
  );
}

function Wheel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useGameApi();
  const [risk, setRisk] = useState<WheelRisk>('medium');
  const [segments, setSegments] = useState<SegmentCount>(20);
  const [rotation, setRotation] = useState(0);
  const [spinMs, setSpinMs] = useState(0);
  const [stop, setStop] = useState<WheelStop | null>(null);
  const [busy, setBusy] = useState(false);
  // An auto-bet series runs: the risk and the segments stay as the series started.
  const [series, setSeries] = useState(false);
  const inputs = useRef({ risk, segments });
  inputs.current = { risk, segments };
  const rotationRef = useRef(rotation);

  const table = useMemo(() => wheelTable(risk, segments), [risk, segments]);
  const legend = useMemo(() => multiplierLegend(table), [table]);
  const tones = useMemo(() => segmentTones(table, legend), [table, legend]);
  const top = table.map(parseDecimal).reduce((best, value) => (compare(value, best) > 0 ? value : best));

  const turnTo = useCallback((next: number, ms: number) => {
    rotationRef.current = next;
    setSpinMs(ms);
    setRotation(next);
  }, []);

  const play = useCallback(
    async (amount: string): Promise<Bet> => {
      const played = inputs.current;
      // An instant series: the wheel stands at each result, once a frame; no busy state per bet.
      const instant = inInstantSeries();
      if (!instant) {
        setBusy(true);
        setStop(null);
      }
      try {
        const { bet } = await api.post('POST /games/wheel/bet', { body: { amount, ...played } });
        // A random stop within the middle 70% of the segment, so spins do not all look alike.
        const offset = (Math.random() - 0.5) * 0.7;
        const landing = () =>
          landingRotation(rotationRef.current, bet.outcome.segment, played.segments, { offset });
        if (instant) {
          onFrame(() => {
            turnTo(landing(), 0);
            setStop(bet.outcome);
          }, 'wheel-stop');
          return bet;
        }
        const ms = animationsOff() ? 0 : SPIN_MS;
        turnTo(landing(), ms);
        await wait(ms);
        setStop(bet.outcome);
        return bet;
      } finally {
        if (!instant) setBusy(false);
      }
    },
    [api, turnTo],
  );

  const changeInputs = (next: { risk?: WheelRisk; segments?: SegmentCount }) => {
    if (next.risk) setRisk(next.risk);
    if (next.segments) setSegments(next.segments);
    setStop(null);
    // A new layout starts upright, without a transition.
    turnTo(0, 0);
  };

  const controls = (
    <div className="wheel-controls">
      <SelectField<WheelRisk>
        label={t('wheel.risk')}
        value={risk}
        disabled={busy || series}
        options={RISKS.map((value) => ({ value, label: t(`wheel.risks.${value}`) }))}
        onChange={(value) => changeInputs({ risk: value })}
      />
      <SelectField<string>
        label={t('wheel.segments')}
        value={String(segments)}
        disabled={busy || series}
        options={SEGMENT_COUNTS.map((n) => ({ value: String(n), label: String(n) }))}
        onChange={(value) => changeInputs({ segments: Number(value) as SegmentCount })}
      />
    </div>
  );

  return (
    <GameShell
      game="wheel"
      winMultiplier={top}
      play={play}
      pipelined
      controls={controls}
      canPlay
      onModeChange={({ running }) => setSeries(running)}
    >
      <WheelBoard
        table={table}
        tones={tones}
        legend={legend}
        rotation={rotation}
        spinMs={spinMs}
        stop={stop}
        spinning={busy}
        locale={locale}
      />
    </GameShell>
  );
}
