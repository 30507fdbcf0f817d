import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ratio } from '../../games/ratio.ts';
import type { Locale } from '../../shared/locales.ts';
import { formatMultiplier, GameShell, type ShellActions, useLanguageTag } from '../games/kit/index.ts';
import { RoundCashOut, RoundStart } from '../games/kit/RoundButtons.tsx';
import { useMoney } from '../games/kit/use-money.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { HiloBoard } from './HiloBoard.tsx';
import { choicesOn } from './hand.ts';
import './hilo.css';
import { useHilo } from './useHilo.ts';

/**
 * The smallest win a first guess can pay, 0.99 × 13 / 12 ("higher" on a 2): the panel's minimum
 * stake is one it pays more than (docs/fairness.md §8).
 */
const SMALLEST_WIN = ratio(99n * 13n, 100n * 12n);

/**
 * /games/hilo: a start card, then guesses higher or lower (or same on a 2 or an A) and skips, across
 * requests (docs/api-games.md "Hi-lo"); cash out after any right guess.
 */
export default function HiloIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Hilo locale={locale} />
    </IslandRoot>
  );
}

type Game = ReturnType<typeof useHilo>;

function Hilo({ locale }: { locale: Locale }) {
  const money = useMoney(locale);
  const game = useHilo((detail) => money(detail));
  const roundMoney = (decimal: string) => money(decimal, game.bet?.currency);
  const open = Boolean(game.hand?.open);
  return (
    <GameShell
      game="hilo"
      winMultiplier={null}
      minWin={SMALLEST_WIN}
      autoBet={false}
      play={game.play}
      canPlay={!open && !game.busy}
      amountLocked={open}
      roundStake={open ? game.bet?.amount : null}
      actions={(kit) => <HiloActions game={game} kit={kit} money={roundMoney} />}
    >
      <HiloBoard
        hand={game.hand}
        dealing={game.dealing}
        dealt={game.dealt}
        note={game.note}
        money={roundMoney}
      />
    </GameShell>
  );
}

/** Start; then the two guesses of the card, a skip and the cash-out. */
function HiloActions({ game, kit, money }: { game: Game; kit: ShellActions; money: (d: string) => string }) {
  const { t } = useTranslation();
  const tag = useLanguageTag();
  const { bindRecord, hand } = game;
  useEffect(() => bindRecord(kit.record), [bindRecord, kit.record]);
  if (!hand?.open) {
    return <RoundStart kit={kit} busy={game.busy} label={t('hilo.start')} testId="hilo-start" />;
  }
  const card = hand.cards.at(-1)!;
  return (
    <div className="round-actions">
      <p className="round-stake">{t('hilo.stake', { amount: money(hand.amount) })}</p>
      <fieldset className="round-pair hl-guesses" disabled={game.busy}>
        <legend className="visually-hidden">{t('hilo.guess')}</legend>
        {choicesOn(card, hand.streak).map((choice, i) => (
          <button
            key={choice.guess}
            type="button"
            className="btn hl-guess"
            data-side={i === 0 ? 'up' : 'down'}
            onClick={() => game.move(choice.guess)}
            data-testid={`hilo-guess-${i === 0 ? 'up' : 'down'}`}
            data-guess={choice.guess}
          >
            <span>{t(`hilo.guesses.${choice.guess}`)}</span>
            <span className="hl-guess-pays">{formatMultiplier(choice.multiplier, tag)}</span>
          </button>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn round-wide hl-skip"
        disabled={game.busy || hand.skipsLeft === 0}
        onClick={() => game.move('skip')}
        data-testid="hilo-skip"
      >
        {t('hilo.skip', { count: hand.skipsLeft })}
      </button>
      <RoundCashOut
        amount={hand.cashout}
        busy={game.busy}
        label={t('hilo.cashOut', { amount: money(hand.cashout ?? '0') })}
        idleLabel={t('hilo.cashOutIdle')}
        onCashOut={game.cashOut}
        testId="hilo-cashout"
      />
    </div>
  );
}
