import type { i18n } from 'i18next';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { islandI18n } from '../../client/i18n.ts';
import { startSession } from '../../client/session.ts';
import type { Locale } from '../../shared/locales.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';
import '../ui/forms.css';
import '../ui/islands.css';
import './betting.css';

/**
 * The root of a betting island: IslandRoot's (the locale's catalog, the session check, fatal
 * errors to /error) with a choice of what shows while the catalog loads. An island taking over
 * from a server-rendered copy (the lists, an event's markets) shows nothing meanwhile, so the copy
 * stays on screen alone and nothing jumps.
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
  const [instance, setInstance] = useState<i18n | null>(null);
  useEffect(() => {
    let live = true;
    void islandI18n(locale).then((loaded) => {
      if (live) startTransition(() => setInstance(loaded));
    });
    void startSession();
    return () => {
      live = false;
    };
  }, [locale]);
  if (!instance) return quiet ? null : <IslandSkeleton />;
  return (
    <ErrorBoundary>
      <I18nextProvider i18n={instance}>{children}</I18nextProvider>
    </ErrorBoundary>
  );
}
