/** A progress bar of wagering or VIP progress, 0-100 %, named for assistive technology. */
export function WagerBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="wager-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
