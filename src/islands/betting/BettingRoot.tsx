import type { ReactNode } from 'react';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import './betting.css';

/**
 * The root of a betting island: IslandRoot with the book's styles. An island taking over from a
 * server-rendered copy (the lists, an event's markets) is `quiet`: nothing shows while the catalog
 * loads, so the copy stays on screen alone and nothing jumps.
 */
export function BettingRoot({
  locale,
  quiet = false,
  children,
}: {
  locale: Locale;
  /** Nothing while loading (a server copy is on screen), instead of the skeleton. */
  quiet?: boolean;
  children: ReactNode;
}) {
  return (
    <IslandRoot locale={locale} {...(quiet ? { waiting: null } : {})}>
      {children}
    </IslandRoot>
  );
}
