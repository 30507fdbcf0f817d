import type { ReactNode } from 'react';

/** A 24×24 outline icon in the text colour, hidden from screen readers; its shapes are the children. */
export function LineIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      {children}
    </svg>
  );
}
