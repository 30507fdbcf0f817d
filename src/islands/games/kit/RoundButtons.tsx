import type { ShellActions } from './use-game-shell.ts';

/**
 * The Start button of a round game (coinflip, miner, hi-lo) in place of the bet button: it places
 * the bet through the kit (login, amount checks, errors), which opens the round.
 */
export function RoundStart({
  kit,
  busy,
  label,
  testId,
}: {
  kit: ShellActions;
  /** The game is busy with its round (a move in flight). */
  busy: boolean;
  label: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary btn-lg round-wide"
      disabled={busy || kit.busy}
      aria-busy={kit.busy}
      onClick={() => void kit.placeBet()}
      data-testid={testId}
    >
      {label}
    </button>
  );
}

/**
 * The cash-out of an open round: "Cash out <amount>" once it pays (`amount` is what it pays, as
 * money), a quiet disabled "Cash out" before the first win.
 */
export function RoundCashOut({
  amount,
  busy,
  label,
  idleLabel,
  onCashOut,
  testId,
}: {
  amount: string | null;
  busy: boolean;
  /** The label once it pays ("Cash out RUB 10.31"). */
  label: string;
  idleLabel: string;
  onCashOut: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary btn-lg round-wide round-cashout"
      disabled={!amount || busy}
      onClick={onCashOut}
      data-testid={testId}
    >
      {amount ? label : idleLabel}
    </button>
  );
}
