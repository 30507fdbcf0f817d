import { isLocale } from '../shared/locales.ts';
import { setLocale } from '../stores/locale.ts';
import { isModalName, lockScrollWhileOpen, openModal, returnFocusAfterModals } from '../stores/modals.ts';
import { $user } from '../stores/user.ts';
import { readCookie } from './cookies.ts';
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

// The navigation behind the menu button (narrow screens): Escape, a click elsewhere or a link closes it.
const navToggle = document.querySelector<HTMLButtonElement>('[data-nav-toggle]');
const nav = document.getElementById('main-nav');
function setNav(open: boolean, refocus = false): void {
  if (!navToggle || !nav) return;
  navToggle.setAttribute('aria-expanded', String(open));
  nav.dataset.open = String(open);
  if (refocus) navToggle.focus();
}
navToggle?.addEventListener('click', () => setNav(nav?.dataset.open !== 'true'));
document.addEventListener('click', (event) => {
  const target = event.target as Node;
  if (nav?.dataset.open === 'true' && !nav.contains(target) && !navToggle?.contains(target)) setNav(false);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && nav?.dataset.open === 'true') setNav(false, true);
});

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
