import { isLocale } from '../shared/locales.ts';
import { $locale, setLocale } from '../stores/locale.ts';
import { $modals, isModalName, lockScrollWhileOpen, openModal } from '../stores/modals.ts';
import { $user } from '../stores/user.ts';
import { readCookie } from './cookies.ts';
import { openGuestFlagModals } from './query-flags.ts';

/**
 * The header's only script: buttons open modals through `$modals`; the modal host (React) is
 * loaded the first time a modal opens, so content pages ship no framework code up front. The
 * account widget and the session client load only when a `token` cookie exists or a login
 * happens, so a guest downloads neither.
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

let accountLoaded = false;
function loadAccount() {
  if (accountLoaded) return;
  accountLoaded = true;
  void import('./account.ts');
}

if (readCookie('token')) {
  // The account script checks the session, then handles the query flags (spec §2).
  loadAccount();
} else {
  document.querySelector('[data-session]')?.setAttribute('data-session', 'guest');
  openGuestFlagModals();
}
$user.listen((user) => {
  if (user) loadAccount();
});

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
