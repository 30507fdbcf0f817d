import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCurrency } from '../../shared/currencies.ts';
import type { Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';
import { $user } from '../../stores/user.ts';

import { formatNumber } from '../games/kit/format.ts';
import { useReducedMotion } from '../games/kit/motion.ts';

import { useLanguageTag } from '../games/kit/use-language-tag.ts';

import { IslandRoot } from '../ui/IslandRoot.tsx';

import { CrashGraph, type GraphInput } from './CrashGraph.tsx';

import { CrashPanel } from './CrashPanel.tsx';

import { type CrashFormats, HistoryStrip, MyBets, PlayersTable } from './CrashTables.tsx';

import './crash.css';
import { RoundModal } from './RoundModal.tsx';

import { useCrash } from './use-crash.ts';

/**
 * /games/crash (docs/api-games.md "Crash", docs/fairness.md §4): the strip of recent crash points,
 * the rocket graph, the bet panel, this round's players and the player's bets; a round's details
 * open from the strip or the player's bets.
 */
export default function CrashIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <CrashPage locale={locale} />
    </IslandRoot>
  );
}

function CrashPage({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const user = useStore($user);
  const currency = displayCurrency(user, locale);
  const tag = useLanguageTag();
  const reducedMotion = useReducedMotion();
  const game = useCrash();
  const [open, setOpen] = useState<number | null>(null);
  const graph = useRef<GraphInput>({ round: null, offset: 0, reducedMotion });
  graph.current = { round: game.state?.round ?? null, offset: game.offset, reducedMotion };
  const formats = useMemo<CrashFormats>(
    () => ({
      money: (decimal: string, code = currency) => formatMoneyText(decimal, code, tag),
      multiplier: (decimal: string) =>
        `${formatNumber(Number(decimal), tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`,
    }),
    [currency, tag],
  );
  const close = useCallback(() => setOpen(null), []);
  const labels = useMemo(
    () => ({
      betting: t('crashGame.startsIn', { seconds: '{{seconds}}' }),
      crashed: t('crashGame.crashedBig', { point: '{{point}}' }),
      waiting: t('crashGame.waiting'),
    }),
    [t],
  );

  if (!game.state) {
    return game.failed ? (
      <div className="cr-failed card" role="alert">
        <p>{t('crashGame.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void game.reload()}>
          {t('crashGame.retry')}
        </button>
      </div>
    ) : (
      <div className="cr-loading card" aria-busy="true" />
    );
  }
  const { state } = game;
  return (
    <div className="cr" data-testid="crash" data-round={state.round?.id} data-status={state.round?.status}>
      <HistoryStrip history={state.history} onOpen={setOpen} formats={formats} />
      <div className="cr-main">
        <section className="cr-board card" aria-label={t('crashGame.graph')}>
          <CrashGraph input={graph} labels={labels} />
        </section>
        <CrashPanel game={game} currency={currency} tag={tag} />
      </div>
      <div className="cr-lists">
        <PlayersTable round={state.round} formats={formats} />
        {user && <MyBets bets={game.mine} formats={formats} onOpen={setOpen} />}
      </div>
      {open !== null && (
        <RoundModal id={open} salt={state.chain?.salt ?? null} formats={formats} onClose={close} />
      )}
    </div>
  );
}
