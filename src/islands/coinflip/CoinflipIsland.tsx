import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { multiplier } from '../../games/coinflip/engine.ts';
import { formatters } from '../../i18n/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { formatMultiplier, GameShell, type ShellActions } from '../games/kit/index.ts';
import { RoundCashOut, RoundStart } from '../games/kit/RoundButtons.tsx';
import { useMoney } from '../games/kit/use-money.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { Coin } from './Coin.tsx';
import './coinflip.css';
import { FlipRow, SideGlyph } from './FlipRow.tsx';
import { canCall, canCashOut, ladder, MAX_FLIPS, multiplierAfter, type Series } from './series.ts';
import { type CoinflipNote, useCoinflip } from './useCoinflip.ts';

/** The first right call's 1.98×: the smallest win, so the smallest stake is one it pays more than. */
const FIRST_WIN = multiplier(1);

/** /games/coinflip: a series of heads-or-tails calls across requests, on the shared game kit. */
export default function CoinflipIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Coinflip locale={locale} />
    </IslandRoot>
  );
}

function Coinflip({ locale }: { locale: Locale }) {
  const game = useCoinflip();
  const open = Boolean(game.series?.open);
  return (
    <GameShell
      game="coinflip"
      winMultiplier={multiplierAfter(1)}
      minWin={FIRST_WIN}
      autoBet={false}
      play={game.start}
      canPlay={!open && !game.busy}
      amountLocked={open}
      roundStake={open ? game.bet?.amount : null}
      actions={(kit) => <CoinflipActions locale={locale} game={game} kit={kit} />}
    >
      <CoinflipBoard locale={locale} game={game} />
    </GameShell>
  );
}

type Game = ReturnType<typeof useCoinflip>;

function CoinflipBoard({ locale, game }: { locale: Locale; game: Game }) {
  const { t } = useTranslation();
  const { tag } = formatters(locale);
  const money = useMoney(locale);
  const { series } = game;
  const { current, next } = shownLadder(series);
  const side = (game.rotation / 180) % 2 === 1 ? 'tails' : 'heads';
  return (
    <div
      className="round-board cf-board"
      data-testid="coinflip-board"
      data-series={seriesState(series)}
      data-gk-watch
    >
      <dl className="round-stats cf-stats">
        <div className="round-stat cf-stat">
          <dt>{t('coinflip.multiplier')}</dt>
          <dd data-testid="coinflip-multiplier">{formatMultiplier(current, tag)}</dd>
        </div>
        <div className="round-stat cf-stat cf-stat-next">
          <dt>{t('coinflip.next')}</dt>
          <dd data-testid="coinflip-next">{next ? formatMultiplier(next, tag) : '—'}</dd>
        </div>
        <div className="round-stat cf-stat">
          <dt className="cf-sr">
            {t('coinflip.progress', { count: series?.flips.length ?? 0, max: MAX_FLIPS })}
          </dt>
          <dd aria-hidden="true">
            {series?.flips.length ?? 0}/{MAX_FLIPS}
          </dd>
        </div>
      </dl>
      <Coin
        rotation={game.rotation}
        tossing={game.tossing}
        label={t('coinflip.coin', { side: t(`coinflip.${side}`) })}
      />
      <p
        className="round-note cf-note"
        role="status"
        data-note={game.flipping ? 'flipping' : (game.note ?? 'hint')}
      >
        {noteText(
          t,
          tag,
          game.flipping,
          game.note,
          series,
          (d) => money(d, game.bet?.currency),
          game.bet?.payout,
        )}
      </p>
      <FlipRow calls={series?.calls ?? []} flips={series?.flips ?? []} />
    </div>
  );
}

/** Open: the multiplier now and after one more right call; settled: what the series ended at. */
function shownLadder(series: Series | null): { current: string; next: string | null } {
  if (!series) return ladder(0);
  if (series.open) return ladder(series.correct);
  return { current: series.lost ? '0' : multiplierAfter(series.correct), next: null };
}

function seriesState(series: Series | null): string {
  if (!series) return 'none';
  if (series.open) return 'open';
  return series.lost ? 'lost' : 'won';
}

function noteText(
  t: TFunction,
  tag: string,
  flipping: boolean,
  note: CoinflipNote,
  series: Series | null,
  money: (decimal: string) => string,
  payout: string | undefined,
): string {
  if (flipping) return t('coinflip.flipping');
  if (note === 'lost' && series) {
    return t('coinflip.lost', { side: t(`coinflip.${series.flips.at(-1) ?? 'heads'}`) });
  }
  if (note === 'won' && series) {
    return t('coinflip.won', {
      amount: money(payout ?? series.cashout ?? '0'),
      multiplier: formatMultiplier(multiplierAfter(series.correct), tag),
    });
  }
  if (note === 'resumed') return t('coinflip.resumed');
  if (series?.open) {
    return series.cashout
      ? t('coinflip.hintCashOut', {
          next: formatMultiplier(ladder(series.correct).next ?? ladder(series.correct).current, tag),
          amount: money(series.cashout),
        })
      : t('coinflip.hintCall');
  }
  return t('coinflip.hintStart');
}

function CoinflipActions({ locale, game, kit }: { locale: Locale; game: Game; kit: ShellActions }) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const { series, bindRecord } = game;
  useEffect(() => bindRecord(kit.record), [bindRecord, kit.record]);
  if (!series?.open) {
    return <RoundStart kit={kit} busy={game.busy} label={t('coinflip.start')} testId="coinflip-start" />;
  }
  const calling = canCall(series) && !game.busy;
  return (
    <div className="round-actions cf-actions">
      <p className="round-stake cf-stake">
        {t('coinflip.stake', { amount: money(series.amount, game.bet?.currency) })}
      </p>
      <fieldset className="round-pair cf-calls" disabled={!calling}>
        <legend className="cf-sr">{t('coinflip.call')}</legend>
        {(['heads', 'tails'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className="btn cf-call"
            data-side={side}
            onClick={() => game.call(side)}
            data-testid={`coinflip-${side}`}
          >
            <SideGlyph side={side} />
            {t(`coinflip.${side}`)}
          </button>
        ))}
      </fieldset>
      <RoundCashOut
        amount={canCashOut(series) ? series.cashout : null}
        busy={game.busy}
        label={t('coinflip.cashOut', { amount: money(series.cashout ?? '0', game.bet?.currency) })}
        idleLabel={t('coinflip.cashOutIdle')}
        onCashOut={game.cashOut}
        testId="coinflip-cashout"
      />
    </div>
  );
}
