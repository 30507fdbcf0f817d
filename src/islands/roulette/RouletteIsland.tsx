import { useStore } from '@nanostores/react';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ratio } from '../../games/ratio.ts';
import { pocketColor } from '../../games/roulette/engine.ts';
import { displayCurrency } from '../../shared/currencies.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, languageTagOf } from '../../shared/locales.ts';
import { fromMinor, toMinor } from '../../shared/money.ts';
import { $user } from '../../stores/user.ts';
import {
  animationsOff,
  type Bet,
  formatChip,
  formatMoney,
  GameShell,
  useGameApi,
} from '../games/kit/index.ts';
import { useBetLimits } from '../games/kit/limits.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { ChipRack } from './ChipRack.tsx';
import {
  bestReturn,
  chipValues,
  doubleLayout,
  type Layout,
  layoutBody,
  layoutTotal,
  MAX_SPOTS,
  type PlaceError,
  placeChip,
  scaleLayout,
} from './chips.ts';
import type { Orientation } from './geometry.ts';
import { RouletteTable, type SpinResult } from './RouletteTable.tsx';
import { RouletteWheel, useWheel } from './RouletteWheel.tsx';
import './roulette.css';

const RECENT = 14;
/** Below this board width the table stands upright (phones). */
const TALL_BELOW = 600;

/** /games/roulette: European single-zero roulette on the shared game kit (docs/game-kit.md). */
export default function RouletteIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Roulette />
    </IslandRoot>
  );
}

/** What the last spin played: the layout on the table then, and what was sent (scaled by auto-bet). */
interface Played {
  base: Layout;
  sent: Layout;
  result: (SpinResult & { payout: bigint; stake: bigint }) | null;
}

/**
 * The table's orientation, by the width the stage has. Settled before the first paint: a phone
 * (narrower than the table's wide form) starts tall, and the width is measured before the browser
 * draws, so the table never appears wide and then turns (a layout shift, and a second render of
 * the whole table). Later resizes re-render it as a transition.
 */
function useOrientation() {
  const ref = useRef<HTMLDivElement>(null);
  const [orientation, setOrientation] = useState<Orientation>(() =>
    typeof window !== 'undefined' && window.innerWidth < TALL_BELOW ? 'tall' : 'wide',
  );
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const of = (width: number): Orientation => (width < TALL_BELOW ? 'tall' : 'wide');
    setOrientation(of(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? element.clientWidth;
      startTransition(() => setOrientation(of(width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, orientation };
}

function Roulette() {
  const { t, i18n } = useTranslation();
  const api = useGameApi();
  const user = useStore($user);
  const currency = displayCurrency(user, isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
  const tag = languageTagOf(i18n.language);
  // The table's stake limits are roulette's bet band (a spin's stake is the sum of its chips).
  const limits = useBetLimits('roulette', currency);
  const chips = useMemo(() => (limits ? chipValues(limits) : []), [limits]);
  const [chip, setChip] = useState<bigint | null>(null);
  const [table, setTable] = useState<{ layout: Layout; past: Layout[] }>({ layout: [], past: [] });
  const [played, setPlayed] = useState<Played | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [recent, setRecent] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const wheel = useWheel();
  const { ref: stageRef, orientation } = useOrientation();
  const layoutRef = useRef(table.layout);
  layoutRef.current = table.layout;

  const selected = chip !== null && chips.includes(chip) ? chip : (chips[0] ?? null);

  const moneyLabel = useCallback((amount: bigint) => formatMoney(amount, currency, tag), [currency, tag]);
  const chipLabel = useCallback((amount: bigint) => formatChip(amount, tag), [tag]);

  // The recent pockets of this player, newest first (the kit loads the same list for its chips).
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) {
      setRecent([]);
      return;
    }
    let live = true;
    api
      .get('GET /games/bets', { query: { game: 'roulette', per_page: RECENT } })
      .then((bets) => {
        if (!live) return;
        const pockets = bets.filter((bet) => bet.game === 'roulette').map((bet) => bet.outcome.pocket);
        setRecent(pockets);
        const last = pockets[0];
        if (last !== undefined) void wheel.spinTo(last, true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, api, wheel.spinTo]);

  const refusal = (error: PlaceError) => {
    if (!limits) return;
    setNotice(
      error === 'ERR_TOO_MANY_SPOTS'
        ? t('roulette.refused.tooManySpots', { count: MAX_SPOTS })
        : t('roulette.refused.tableMax', { amount: moneyLabel(limits.max) }),
    );
  };

  const change = (next: Layout) => {
    setTable((current) => ({ layout: next, past: [...current.past, current.layout].slice(-200) }));
    setNotice(null);
  };

  const place = (spot: string) => {
    if (!limits || selected === null || spinning) return;
    const result = placeChip(table.layout, spot, selected, limits);
    if (result.ok) change(result.value);
    else refusal(result.error);
  };

  // The table is memoised (its ~300 drawn parts re-render only when its own props change): it gets a
  // placing callback that stays the same while `place` sees the latest state.
  const placeRef = useRef(place);
  placeRef.current = place;
  const onPlace = useCallback((spot: string) => placeRef.current(spot), []);

  const undo = () => {
    setTable((current) =>
      current.past.length === 0
        ? current
        : { layout: current.past[current.past.length - 1]!, past: current.past.slice(0, -1) },
    );
    setNotice(null);
  };

  const double = () => {
    if (!limits) return;
    const result = doubleLayout(table.layout, limits);
    if (result.ok) change(result.value);
    else refusal(result.error);
  };

  const play = async (amount: string): Promise<Bet> => {
    const base = layoutRef.current;
    // Auto-bet may raise the stake: the same layout is played, every stack scaled alike.
    const scaled = scaleLayout(base, toMinor(amount));
    if (!scaled.ok) {
      setNotice(t('roulette.refused.tooSmall'));
      throw new Error(scaled.message);
    }
    const sent = scaled.value;
    setSpinning(true);
    setPlayed({ base, sent, result: null });
    try {
      const { bet } = await api.post('POST /games/roulette/bet', { body: layoutBody(sent) });
      const { pocket, returns } = bet.outcome;
      await wheel.spinTo(pocket, animationsOff());
      // The stacks whose bet returned something (returns[i] answers sent[i]).
      const winners = new Set(
        sent.filter((_, i) => toMinor(returns[i] ?? '0') > 0n).map((stack) => stack.spot),
      );
      setPlayed({
        base,
        sent,
        result: { pocket, winners, payout: toMinor(bet.payout), stake: toMinor(bet.amount) },
      });
      setRecent((list) => [pocket, ...list].slice(0, RECENT));
      return bet;
    } catch (error) {
      setPlayed(null);
      throw error;
    } finally {
      setSpinning(false);
    }
  };

  // The last spin stays on the table (won stacks lit) until the player changes the chips.
  const showingPlayed = played !== null && played.base === table.layout;
  const shownLayout = showingPlayed ? played.sent : table.layout;
  const result = showingPlayed ? played.result : null;
  const total = layoutTotal(table.layout);
  const best = bestReturn(table.layout);
  const last = played?.result ?? null;

  return (
    <GameShell
      game="roulette"
      winMultiplier={total > 0n ? ratio(best, total) : null}
      fixedAmount={fromMinor(total)}
      fixedLabel={t('roulette.summary.stake')}
      canPlay={total > 0n && !spinning}
      play={play}
      controls={<TableSummary count={table.layout.length} best={total > 0n ? moneyLabel(best) : null} />}
    >
      <div className="roulette" ref={stageRef} data-orientation={orientation}>
        <div className="roulette-head" data-gk-watch>
          <RouletteWheel wheel={wheel} pocket={last?.pocket ?? recent[0] ?? null} />
          <div className="roulette-result" data-testid="roulette-result">
            {/* The pocket, the line and the recent pockets keep their places while empty: no jump. */}
            {last && !wheel.spinning ? (
              <>
                <p className={`result-pocket result-pocket--${pocketColor(last.pocket)}`} aria-live="polite">
                  <span className="result-number" data-testid="roulette-pocket">
                    {last.pocket}
                  </span>
                  <span className="rt-sr">
                    {t('roulette.result.landed', {
                      pocket: last.pocket,
                      colour: t(`roulette.colour.${pocketColor(last.pocket)}`),
                    })}
                  </span>
                </p>
                <p className={`result-line${last.payout > last.stake ? ' is-win' : ''}`}>
                  {last.payout > last.stake
                    ? t('roulette.result.won', { amount: moneyLabel(last.payout - last.stake) })
                    : last.payout > 0n
                      ? t('roulette.result.returned', { amount: moneyLabel(last.payout) })
                      : t('roulette.result.lost')}
                </p>
              </>
            ) : (
              <>
                <p className="result-pocket result-pocket--none" aria-hidden="true">
                  <span className="result-number" />
                </p>
                <p className="result-line result-line--idle">
                  {spinning ? '…' : t('roulette.result.waiting')}
                </p>
              </>
            )}
            <RecentPockets pockets={recent} />
          </div>
        </div>
        <RouletteTable
          orientation={orientation}
          layout={shownLayout}
          chips={chips}
          result={result}
          disabled={spinning || !limits}
          onPlace={onPlace}
          chipLabel={chipLabel}
          moneyLabel={moneyLabel}
        />
        <div className="roulette-dock">
          <div className="roulette-footer">
            <p className="roulette-stake">
              <span>{t('roulette.summary.stake')}</span>
              <output data-testid="roulette-stake">{moneyLabel(total)}</output>
            </p>
            <p className="roulette-notice" role="status" data-testid="roulette-notice">
              {notice}
            </p>
          </div>
          {selected !== null && (
            <ChipRack
              chips={chips}
              selected={selected}
              onSelect={setChip}
              chipLabel={chipLabel}
              moneyLabel={moneyLabel}
              canUndo={table.past.length > 0}
              hasChips={total > 0n}
              disabled={spinning}
              onUndo={undo}
              onClear={() => change([])}
              onDouble={double}
            />
          )}
        </div>
      </div>
    </GameShell>
  );
}

function RecentPockets({ pockets }: { pockets: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <div className="recent-pockets" data-empty={pockets.length === 0 || undefined}>
      <span className="recent-title">{t('roulette.recent')}</span>
      <ol aria-label={t('roulette.recent')} data-testid="recent-pockets">
        {pockets.map((pocket, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same pocket can repeat; position is identity.
          <li key={`${i}-${pocket}`} className={`recent-pocket recent-pocket--${pocketColor(pocket)}`}>
            <span className="rt-sr">{t(`roulette.colour.${pocketColor(pocket)}`)} </span>
            {pocket}
          </li>
        ))}
      </ol>
    </div>
  );
}

function TableSummary({ count, best }: { count: number; best: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="roulette-summary" data-testid="roulette-summary">
      {count === 0 ? (
        <p className="summary-empty">{t('roulette.summary.empty')}</p>
      ) : (
        <dl>
          <div>
            <dt>{t('roulette.summary.bets')}</dt>
            <dd data-testid="roulette-bet-count">{count}</dd>
          </div>
          {best && (
            <div>
              <dt>{t('roulette.summary.bestReturn')}</dt>
              <dd>{best}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
