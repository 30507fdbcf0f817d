import { isLocale } from '../shared/locales.ts';
import { $locale, setLocale } from '../stores/locale.ts';
import { $modals, isModalName, lockScrollWhileOpen, openModal } from '../stores/modals.ts';

/**
 * The header's only script: buttons open modals through `$modals`; the modal host (React) is
 * loaded the first time a modal opens, so content pages ship no framework code up front.
 */
const pageLocale = document.documentElement.dataset.locale;
if (isLocale(pageLocale)) setLocale(pageLocale);

lockScrollWhileOpen();

document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-modal-open]');
  const name = trigger?.dataset.modalOpen;
  if (isModalName(name)) {
    event.preventDefault();
    openModal(name);
  }
});

// Spec §2: the login, signup and deposit query flags open their modals.
const QUERY_FLAGS = { login: 'Login', signup: 'Register', deposit: 'PayIn' } as const;
const query = new URLSearchParams(window.location.search);
for (const [flag, modal] of Object.entries(QUERY_FLAGS)) {
  if (query.has(flag)) openModal(modal);
}

let hostLoaded = false;
$modals.subscribe((list) => {
  if (hostLoaded || list.length === 0) return;
  hostLoaded = true;
  const root = document.getElementById('modal-root');
  if (!root) return;
  void import('../islands/modals/mount.tsx').then(({ mountModalHost }) =>
    mountModalHost(root, $locale.get()),
  );
});
