import { LANGUAGE_TAG } from '../shared/locales.ts';
import { formatMoney, toMinor } from '../shared/money.ts';
import { openModal } from '../stores/modals.ts';
import { $sessionStatus, $user, hasFeature, type User } from '../stores/user.ts';
import { startLiveBalance } from './live-balance.ts';
import { handlePaymentReturn } from './payment-return.ts';
import { hasQueryFlag, openGuestFlagModals, removeQueryFlags } from './query-flags.ts';
import { logout, startSession } from './session.ts';
import { localHref, pageLocale } from './site.ts';

/**
 * The logged-in header (spec §2, §3): avatar, balance in the account currency, Deposit and the
 * account menu. The markup is server-rendered (src/components/Header.astro); this fills it in.
 * Loaded only when a token cookie exists or after a login, never for a guest.
 */
const actions = document.querySelector<HTMLElement>('[data-session]');
const amount = document.querySelector<HTMLElement>('[data-account-amount]');
const avatar = document.querySelector<HTMLElement>('[data-account-avatar]');
const nameSlot = document.querySelector<HTMLElement>('[data-account-name]');
const contactSlot = document.querySelector<HTMLElement>('[data-account-contact]');
const menuRoot = document.querySelector<HTMLElement>('[data-account-menu]');
const toggle = document.querySelector<HTMLButtonElement>('[data-account-toggle]');
const menu = document.getElementById('account-menu');

function setMenu(open: boolean, focus: 'first' | 'toggle' | null = null): void {
  if (!menu || !toggle) return;
  menu.hidden = !open;
  toggle.setAttribute('aria-expanded', String(open));
  if (focus === 'first') menu.querySelector<HTMLElement>('a, button')?.focus();
  if (focus === 'toggle') toggle.focus();
}

/** Balance for display: Intl per page locale and account currency, from the exact decimal string. */
function formatBalance(user: Pick<User, 'balance' | 'currency'>, languageTag: string): string {
  if (!user.currency) return '—';
  try {
    return formatMoney(toMinor(user.balance), user.currency, languageTag);
  } catch {
    return `${user.balance} ${user.currency}`;
  }
}

function displayName(user: User): string {
  return user.name?.trim() || user.email || user.phone || `#${user.id}`;
}

function renderAvatar(user: User): void {
  if (!avatar) return;
  const src = user.image?.small;
  if (src) {
    const img = document.createElement('img');
    img.src = src;
    img.alt = '';
    img.addEventListener('error', () => {
      avatar.textContent = initial(user);
    });
    avatar.replaceChildren(img);
  } else {
    avatar.textContent = initial(user);
  }
}

function initial(user: User): string {
  return [...displayName(user).replace(/^[#+]/, '')][0]?.toUpperCase() ?? '?';
}

function render(user: User | null): void {
  if (!user) return;
  if (amount) amount.textContent = formatBalance(user, LANGUAGE_TAG[pageLocale()]);
  if (nameSlot) nameSlot.textContent = displayName(user);
  if (contactSlot) contactSlot.textContent = user.name ? (user.email ?? user.phone ?? '') : `ID ${user.id}`;
  renderAvatar(user);
}

/** Profile pages show a login prompt to guests (src/pages/[locale]/profile/ProfileGate.astro). */
function syncProfileGates(status: 'guest' | 'user'): void {
  for (const gate of document.querySelectorAll<HTMLElement>('[data-profile-gate]')) {
    if (gate.dataset.content !== 'false') gate.dataset.state = status;
  }
}

/** Spec §5: a profile page behind a feature flag sends players without it to /error (404). */
function checkFeatureGates(user: User | null): void {
  if (!user) return;
  for (const gate of document.querySelectorAll<HTMLElement>('[data-profile-gate][data-feature]')) {
    const flag = gate.dataset.feature;
    if (flag && !hasFeature(user, flag)) {
      window.location.replace(`${localHref('/error')}?errorCode=404`);
      return;
    }
  }
}

$user.subscribe((user) => {
  render(user);
  checkFeatureGates(user);
});
$sessionStatus.subscribe((status) => {
  if (status === 'unknown') return;
  if (actions) actions.dataset.session = status;
  if (status === 'guest') setMenu(false);
  syncProfileGates(status);
});

document.querySelector('[data-logout]')?.addEventListener('click', (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  button.disabled = true;
  void logout().finally(() => {
    button.disabled = false;
  });
});

// A disclosure menu: the button toggles it; Escape, a click elsewhere or a link closes it.
toggle?.addEventListener('click', () => setMenu(Boolean(menu?.hidden)));
toggle?.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    setMenu(true, 'first');
  }
});
document.addEventListener('click', (event) => {
  if (menu && !menu.hidden && !menuRoot?.contains(event.target as Node)) setMenu(false);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && menu && !menu.hidden) setMenu(false, 'toggle');
});

// Balance changes (deposits, withdrawals, bets) arrive over /ws while the player is logged in.
startLiveBalance();

void startSession().then((user) => {
  if (!user) {
    openGuestFlagModals();
    return;
  }
  // Already logged in: the login and signup flags have nothing left to do (spec §2).
  removeQueryFlags(['login', 'signup']);
  void handlePaymentReturn();
  if (hasQueryFlag('deposit')) {
    openModal('PayIn');
    removeQueryFlags(['deposit']);
  }
});
