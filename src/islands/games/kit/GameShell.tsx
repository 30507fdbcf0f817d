import { useTranslation } from 'react-i18next';
import { AutoBetForm } from './AutoBetForm.tsx';
import { AmountInput, FixedAmount } from './BetPanel.tsx';
import { BetTabs } from './BetTabs.tsx';
import { ModeSwitch } from './ModeSwitch.tsx';
import { ResultChips } from './ResultChips.tsx';
import { ShellTools } from './ShellTools.tsx';
import { type GameShellController, type GameShellProps, useGameShell } from './use-game-shell.ts';
import './kit.css';

export type { GameShellProps, ShellActions } from './use-game-shell.ts';

/**
 * The frame every original shares (docs/game-kit.md): the board, the bet panel (amount, profit on
 * win, bet button, auto-bet, hotkeys, sound, fairness), the result chips and the bet tabs. State
 * and actions are in use-game-shell.ts; this only renders them.
 */
export function GameShell(props: GameShellProps) {
  const { t, i18n } = useTranslation();
  const shell = useGameShell(props);
  const { game, user, amount, auto, history } = shell;
  const autoBet = props.autoBet ?? true;
  const fixed = Boolean(props.fixedAmount);
  const actions = typeof props.actions === 'function' ? props.actions(shell.kit) : props.actions;
  const gameName = i18n.exists(`games.${game}.name`) ? t(`games.${game}.name`) : game;

  return (
    <div className="gk" data-game={game} data-testid="game-shell">
      <div className="gk-main">
        <section className="gk-board card" aria-label={gameName} ref={shell.boardRef}>
          <ResultChips chips={history.chips} tag={shell.tag} />
          <div className="gk-stage">{props.children}</div>
        </section>
        <form
          id="bet-panel"
          className="gk-panel card"
          aria-label={t('gameKit.panel')}
          noValidate
          onSubmit={shell.submit}
        >
          {autoBet && <ModeSwitch mode={shell.mode} onMode={shell.setMode} disabled={auto.running} />}
          {fixed ? (
            <FixedAmount
              label={props.fixedLabel ?? t('gameKit.amount')}
              text={amount.minor !== null ? shell.show(amount.minor) : ''}
              decimal={amount.decimal}
              profit={amount.profit}
            />
          ) : (
            <AmountInput
              field={amount}
              onAction={shell.changeAmount}
              currency={shell.currency}
              error={user ? amount.problemText : null}
              disabled={auto.running || Boolean(props.amountLocked)}
            />
          )}
          {props.controls && <div className="gk-controls">{props.controls}</div>}
          {autoBet && shell.mode === 'auto' && (
            <AutoBetForm
              auto={auto}
              currency={shell.currency}
              fixedStake={fixed}
              turbo={{ on: shell.turbo, forced: shell.turboForced, set: shell.setTurbo }}
            />
          )}
          {/* On a phone this comes first under the board (kit-frame.css), within reach; while a
              round runs it is pinned to the bottom of the screen (action-bar.css). */}
          <div
            className="gk-act gk-pinnable"
            ref={shell.actionRef}
            data-pinned={shell.pinned ? 'true' : undefined}
          >
            {actions ?? <BetButton shell={shell} label={props.betLabel} />}
          </div>
          <ShellTools hotkeys={shell.hotkeys} sound={shell.sound} />
          {shell.hotkeys && (
            <p className="gk-hint" data-testid="hotkeys-hint">
              {t('gameKit.hotkeysHint')}
            </p>
          )}
          <p className="gk-sr" aria-live="polite" data-testid="bet-announce">
            {history.announce}
          </p>
        </form>
      </div>
      <BetTabs myBets={history.myBets} loggedIn={user !== null} />
    </div>
  );
}

/** Bet (manual), or start / stop auto-bet; the form's submit button. */
function BetButton({ shell, label }: { shell: GameShellController; label: string | undefined }) {
  const { t } = useTranslation();
  const { mode, busy } = shell;
  const running = shell.auto.running;
  return (
    <button
      type="submit"
      className="btn btn-primary btn-lg gk-bet"
      aria-disabled={shell.betBlocked || undefined}
      aria-busy={busy}
      data-running={String(running)}
      data-testid="bet-button"
    >
      {busy && mode === 'manual' && <span className="spinner" aria-hidden="true" />}
      {running
        ? t('gameKit.stopAuto')
        : shell.depositFirst
          ? t('gameKit.depositToPlay')
          : mode === 'manual'
            ? (label ?? t('gameKit.bet'))
            : t('gameKit.startAuto')}
    </button>
  );
}
