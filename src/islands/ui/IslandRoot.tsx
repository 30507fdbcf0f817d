import type { i18n } from 'i18next';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { startSession } from '../../client/session.ts';
import type { Locale } from '../../shared/locales.ts';
import './forms.css';
import { islandI18n } from '../../client/i18n.ts';
import './islands.css';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/**
 * Root of a page island: its locale's catalog, the session check started, fatal errors sent to
 * /error. `waiting` shows while the catalog loads (a skeleton by default); an island taking over
 * from a server-rendered copy shows nothing (`null`), so the copy stays on screen alone.
 */
export function IslandRoot({
  locale,
  waiting,
  children,
}: {
  locale: Locale;
  waiting?: ReactNode;
  children: ReactNode;
}) {
  const [instance, setInstance] = useState<i18n | null>(null);
  useEffect(() => {
    let live = true;
    void islandI18n(locale).then((loaded) => {
      // The whole island renders now: as a transition React renders it in slices, so the page
      // stays responsive (a plain update would render it in one long task).
      if (live) startTransition(() => setInstance(loaded));
    });
    void startSession();
    return () => {
      live = false;
    };
  }, [locale]);
  if (!instance) return waiting === undefined ? <IslandSkeleton /> : waiting;
  return (
    <ErrorBoundary>
      <I18nextProvider i18n={instance}>{children}</I18nextProvider>
    </ErrorBoundary>
  );
}

export function IslandSkeleton() {
  return (
    <div className="island-skeleton" aria-hidden="true">
      <span />
      <span />
      <span />
    </div>
  );
}
