import { isLocale } from '../shared/locales.ts';
import { setLocale } from '../stores/locale.ts';
import { isModalName, lockScrollWhileOpen, openModal, returnFocusAfterModals } from '../stores/modals.ts';
import { $user } from '../stores/user.ts';
import { readCookie } from './cookies.ts';
import { fitNavigation } from './nav-fit.ts';
import { ensureDeviceId, trackPromo } from './promo.ts';
import { openGuestFlagModals, takeQueryParameter } from './query-flags.ts';

/**
 * The header's script: buttons open modals through `$modals` (the modal host that shows them is
 * loaded beside this by src/islands/modals/host-loader.ts on the first open), the menu button
 * opens the navigation on narrow screens, and the skip links move focus. The account widget and
 * the session client load only when a `token` cookie exists or a login happens, so a guest
 * downloads neither.
 */
// A simple-auth link's code leaves the address before anything else runs (docs/edge.md "Attribution").
const simpleAuthCode = takeQueryParameter('simpleAuthToken');
const pageLocale = document.documentElement.dataset.locale;
if (isLocale(pageLocale)) setLocale(pageLocale);

lockScrollWhileOpen();
ensureDeviceId();
void trackPromo();
returnFocusAfterModals();

document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-modal-open]');
  const name = trigger?.dataset.modalOpen;
  if (isModalName(name)) {
    event.preventDefault();
    openModal(name);
  }
});

/**
 * A button that opens a panel of links (the navigation behind the menu button on narrow screens,
 * the header's More list on wide ones): Escape or a click elsewhere closes it, Escape gives the
 * button its focus back; a link navigates away.
 */
function disclosure(toggle: HTMLButtonElement | null, panel: HTMLElement | null): void {
  if (!toggle || !panel) return;
  const isOpen = () => panel.dataset.open === 'true';
  const set = (open: boolean, refocus = false) => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.dataset.open = String(open);
    if (refocus) toggle.focus();
  };
  toggle.addEventListener('click', () => set(!isOpen()));
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    if (isOpen() && !panel.contains(target) && !toggle.contains(target)) set(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) set(false, true);
  });
}
disclosure(document.querySelector('[data-nav-toggle]'), document.getElementById('main-nav'));
disclosure(document.querySelector('[data-nav-more]'), document.getElementById('nav-more-list'));
fitNavigation();

/**
 * Skip links: focus lands on the target itself, so the next Tab continues from there. The bet
 * panel's link goes straight to the panel's bet button (its submit button) when there is one.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.skip-link');
  const id = link?.hash.slice(1);
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  event.preventDefault();
  const button = link?.dataset.skip === 'bet' ? target.querySelector<HTMLElement>('[type="submit"]') : null;
  const focus = button ?? target;
  if (!button && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  focus.focus({ preventScroll: true });
  focus.scrollIntoView({ block: button ? 'center' : 'start' });
});

let accountLoaded = false;
function loadAccount() {
  if (accountLoaded) return;
  accountLoaded = true;
  void import('./account.ts');
}

if (readCookie('token')) {
  // The account script checks the session, then handles the query flags (src/client/query-flags.ts).
  loadAccount();
} else {
  document.querySelector('[data-session]')?.setAttribute('data-session', 'guest');
  document.documentElement.dataset.visitor = 'guest';
  openGuestFlagModals();
}
// The edge (docs/edge.md): a single-sign-on arrival, the mirror check, geo and attribution. Its
// script loads for a player, or for a guest only when the page has such work, so a guest's content
// page stays almost JS-free.
if (readCookie('token') || simpleAuthCode || hasEdgeWork())
  void import('./edge.ts').then(({ startEdge }) => startEdge({ onSession: loadAccount, simpleAuthCode }));

$user.listen((user) => {
  if (user) loadAccount();
});

/**
 * Whether this page has edge work: the main host's single-sign-on answer in the fragment,
 * attribution parameters in the query, a mirror host (the mirror check and the SSO start), or
 * blocked countries configured and the region not yet known (`data-edge`, rendered by the layout).
 */
function hasEdgeWork(): boolean {
  const { hash, search } = window.location;
  if (/sso_(code|browser)=/.test(hash)) return true;
  if (/[?&](utm_|stag=|partner|adplace=|pr=|subH=|simple_auth|advertise|cpaOneUid|promo=)/.test(search))
    return true;
  const flags = document.documentElement.dataset.edge ?? '';
  return flags.includes('mirror') || (flags.includes('geo') && !readCookie('region'));
}
