import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { islandI18n } from '../ui/i18n.ts';
import { ModalHost } from './ModalHost.tsx';

/** Mounts the modal host once, with the page locale's catalog. */
export async function mountModalHost(container: HTMLElement, locale: Locale): Promise<void> {
  const i18n = await islandI18n(locale);
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <ModalHost />
    </I18nextProvider>,
  );
}
