import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { GameShell, type ShellActions } from '../games/kit/index.ts';
import { RoundCashOut, RoundStart } from '../games/kit/RoundButtons.tsx';
import { useMoney } from '../games/kit/use-money.ts';
import { SelectField } from '../ui/fields.tsx';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { MINE_COUNTS } from './field.ts';
import { MinerBoard } from './MinerBoard.tsx';
import './miner.css';
import { useMiner } from './useMiner.ts';

/**
 * /games/miner: a 5 × 5 field with 1-24 mines, opened tile by tile across requests (docs/api-games.md
 * "Miner"), cashed out after any gem; auto-bet plays a pattern of tiles each round.
 */
export default function MinerIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Miner locale={locale} />
    </IslandRoot>
  );
}

type Game = ReturnType<typeof useMiner>;

function Miner({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const game = useMiner((detail) => money(detail));
  const roundMoney = (decimal: string) => money(decimal, game.bet?.currency);
  const controls = (
    <div className="mn-controls">
      <SelectField<string>
        label={t('miner.mines')}
        value={String(game.mines)}
        disabled={game.open || game.running || game.busy}
        options={MINE_COUNTS.map((n) => ({ value: String(n), label: String(n) }))}
        onChange={(value) => game.setMines(Number(value))}
      />
      {game.mode === 'auto' && (
        <p className="mn-pattern" data-testid="miner-pattern">
          <span>{t('miner.pattern', { count: game.pattern.length })}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={game.pattern.length === 0 || game.running}
            onClick={game.clearPattern}
          >
            {t('miner.clear')}
          </button>
        </p>
      )}
    </div>
  );
  return (
    <GameShell
      game="miner"
      winMultiplier={game.winMultiplier}
      minWin={game.minWin}
      play={game.play}
      controls={controls}
      canPlay={game.mode === 'auto' ? game.pattern.length > 0 && !game.open : !game.open && !game.busy}
      amountLocked={game.open}
      roundStake={game.open ? game.bet?.amount : null}
      onModeChange={game.onModeChange}
      actions={(kit) =>
        kit.mode === 'auto' ? null : <MinerActions game={game} kit={kit} money={roundMoney} />
      }
    >
      <MinerBoard
        field={game.field}
        mines={game.mines}
        pattern={game.pattern}
        mode={game.mode}
        running={game.running}
        busy={game.busy}
        note={game.note}
        onTile={game.clickTile}
        money={roundMoney}
      />
    </GameShell>
  );
}

/** Manual mode: Start, then a random tile and the cash-out (auto mode has the kit's own button). */
function MinerActions({ game, kit, money }: { game: Game; kit: ShellActions; money: (d: string) => string }) {
  const { t } = useTranslation();
  const { bindRecord } = game;
  useEffect(() => bindRecord(kit.record), [bindRecord, kit.record]);
  const { field } = game;
  if (!field?.open) {
    return <RoundStart kit={kit} busy={game.busy} label={t('miner.start')} testId="miner-start" />;
  }
  return (
    <div className="round-actions">
      <p className="round-stake">{t('miner.stake', { amount: money(field.amount) })}</p>
      <button
        type="button"
        className="btn round-wide"
        disabled={game.busy}
        onClick={game.pickRandom}
        data-testid="miner-random"
      >
        {t('miner.random')}
      </button>
      <RoundCashOut
        amount={field.cashout}
        busy={game.busy}
        label={t('miner.cashOut', { amount: money(field.cashout ?? '0') })}
        idleLabel={t('miner.cashOutIdle')}
        onCashOut={game.cashOut}
        testId="miner-cashout"
      />
    </div>
  );
}
