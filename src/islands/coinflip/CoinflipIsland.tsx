import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatters } from '../../i18n/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { toMinor } from '../../shared/money.ts';
import { $user } from '../../stores/user.ts';
import { formatMultiplier, GameShell, type ShellActions } from '../games/kit/index.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { Coin } from './Coin.tsx';
import './coinflip.css';
import { FlipRow, SideGlyph } from './FlipRow.tsx';
import { canCall, canCashOut, ladder, MAX_FLIPS, multiplierAfter, type Series } from './series.ts';
import { type CoinflipNote, useCoinflip } from './useCoinflip.ts';

/** /games/coinflip: a series of heads-or-tails calls across requests, on the shared game kit. */
export default function CoinflipIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Coinflip locale={locale} />
    </IslandRoot>
  );
}

function useMoney(locale: Locale) {
  const user = useStore($user);
  const f = formatters(locale);
  return (decimal: string, currency?: string) => {
    const code = currency ?? user?.currency ?? 'RUB';
    try {
      return f.money(toMinor(decimal), code);
    } catch {
      return `${decimal} ${code}`;
    }
  };
}

function Coinflip({ locale }: { locale: Locale }) {
  const game = useCoinflip();
  const open = Boolean(game.series?.open);
  return (
    <GameShell
      game="coinflip"
      winMultiplier={multiplierAfter(1)}
      autoBet={false}
      play={game.start}
      canPlay={!open && !game.busy}
      amountLocked={open}
      actions={(kit) => <CoinflipActions locale={locale} game={game} kit={kit} />}
    >
      <CoinflipBoard locale={locale} game={game} />
    </GameShell>
  );
}

type Game = ReturnType<typeof useCoinflip>;

function CoinflipBoard({ locale, game }: { locale: Locale; game: Game }) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const { series } = game;
  const { current, next } = shownLadder(series);
  const side = (game.rotation / 180) % 2 === 1 ? 'tails' : 'heads';
  return (
    <div className="cf-board" data-testid="coinflip-board" data-series={seriesState(series)}>
      <dl className="cf-stats">
        <div className="cf-stat">
          <dt>{t('coinflip.multiplier')}</dt>
          <dd data-testid="coinflip-multiplier">{formatMultiplier(current)}</dd>
        </div>
        <div className="cf-stat cf-stat-next">
          <dt>{t('coinflip.next')}</dt>
          <dd data-testid="coinflip-next">{next ? formatMultiplier(next) : '—'}</dd>
        </div>
        <div className="cf-stat">
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
      <p className="cf-note" role="status" data-note={game.flipping ? 'flipping' : (game.note ?? 'hint')}>
        {noteText(t, game.flipping, game.note, series, (d) => money(d, game.bet?.currency), game.bet?.payout)}
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
      multiplier: formatMultiplier(multiplierAfter(series.correct)),
    });
  }
  if (note === 'resumed') return t('coinflip.resumed');
  if (series?.open) {
    return series.cashout
      ? t('coinflip.hintCashOut', {
          next: formatMultiplier(ladder(series.correct).next ?? ladder(series.correct).current),
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
    return (
      <button
        type="button"
        className="btn btn-primary btn-lg cf-start"
        disabled={game.busy || kit.busy}
        aria-busy={kit.busy}
        onClick={() => void kit.placeBet()}
        data-testid="coinflip-start"
      >
        {t('coinflip.start')}
      </button>
    );
  }
  const calling = canCall(series) && !game.busy;
  return (
    <div className="cf-actions">
      <p className="cf-stake">{t('coinflip.stake', { amount: money(series.amount, game.bet?.currency) })}</p>
      <fieldset className="cf-calls" disabled={!calling}>
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
      <button
        type="button"
        className="btn btn-primary btn-lg cf-cashout"
        disabled={!canCashOut(series) || game.busy}
        onClick={game.cashOut}
        data-testid="coinflip-cashout"
      >
        {series.cashout
          ? t('coinflip.cashOut', { amount: money(series.cashout, game.bet?.currency) })
          : t('coinflip.cashOutIdle')}
      </button>
    </div>
  );
}
