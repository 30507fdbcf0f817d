import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { islandI18n } from '../../client/i18n.ts';
import type { Locale } from '../../shared/locales.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { ModalHost } from './ModalHost.tsx';

/** Mounts the modal host once, with the page locale's catalog. */
export async function mountModalHost(container: HTMLElement, locale: Locale): Promise<void> {
  const i18n = await islandI18n(locale);
  createRoot(container).render(
    <ErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <ModalHost />
      </I18nextProvider>
    </ErrorBoundary>,
  );
}
