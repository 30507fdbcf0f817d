import type { ReactNode } from 'react';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import './tournaments.css';

/**
 * The root of a tournament island: IslandRoot with the tournaments' styles, showing `waiting`
 * while the catalog loads. The leaderboard shows nothing meanwhile, so the server's copy stays on
 * screen alone and nothing jumps.
 */
export function TournamentsRoot({
  locale,
  waiting,
  children,
}: {
  locale: Locale;
  waiting: ReactNode;
  children: ReactNode;
}) {
  return (
    <IslandRoot locale={locale} waiting={waiting}>
      {children}
    </IslandRoot>
  );
}
