import { isLocale, LANGUAGE_TAG, type Locale } from '../shared/locales.ts';
import { formatMoneyText } from '../shared/money.ts';

import { openModal } from '../stores/modals.ts';

import { $sessionStatus, $user, hasFeature, type User } from '../stores/user.ts';

import { profile } from './auth.ts';

import { watchBonusCompletion } from './bonus-notices.ts';

import { startLiveBalance } from './live-balance.ts';

import { handlePaymentReturn } from './payment-return.ts';
import { showPlayerAmounts } from './player-money.ts';

import { hasQueryFlag, openGuestFlagModals, removeQueryFlags } from './query-flags.ts';
import { logout, replaceUser, schedulePayIn, startSession, takePayInDue } from './session.ts';
import { localHref, pageLocale } from './site.ts';

/**
 * The logged-in header: avatar, balance in the account currency, Deposit and the
 * account menu. The markup is server-rendered (src/components/Header.astro); this fills it in.
 * Loaded only when a token cookie exists or after a login, never for a guest.
 */
const actions = document.querySelector<HTMLElement>('[data-session]');
const amount = document.querySelector<HTMLElement>('[data-account-amount]');
const bonusSlot = document.querySelector<HTMLElement>('[data-account-bonus]');
const bonusAmount = document.querySelector<HTMLElement>('[data-account-bonus-amount]');
const avatar = document.querySelector<HTMLElement>('[data-account-avatar]');
const nameSlot = document.querySelector<HTMLElement>('[data-account-name]');
const contactSlot = document.querySelector<HTMLElement>('[data-account-contact]');
const menuRoot = document.querySelector<HTMLElement>('[data-account-menu]');
const toggle = document.querySelector<HTMLButtonElement>('[data-account-toggle]');
const menu = document.getElementById('account-menu');
const emailReminder = document.querySelector<HTMLElement>('[data-email-reminder]');
const attentionDot = document.querySelector<HTMLElement>('[data-attention-dot]');

function setMenu(open: boolean, focus: 'first' | 'toggle' | null = null): void {
  if (!menu || !toggle) return;
  menu.hidden = !open;
  toggle.setAttribute('aria-expanded', String(open));
  if (focus === 'first') menu.querySelector<HTMLElement>('a, button')?.focus();
  if (focus === 'toggle') toggle.focus();
}

/** Balance for display: Intl per page locale and account currency, from the exact decimal string. */
function formatBalance(user: Pick<User, 'balance' | 'currency'>, languageTag: string): string {
  return user.currency ? formatMoneyText(user.balance, user.currency, languageTag) : '—';
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
  // The bonus balance beside the real one, only while it is not zero (docs/bonuses.md).
  const bonus = Number(user.bonus_balance) !== 0 && user.currency;
  if (bonusSlot) bonusSlot.hidden = !bonus;
  if (bonusAmount && bonus)
    bonusAmount.textContent = formatBalance(
      { balance: user.bonus_balance, currency: user.currency },
      LANGUAGE_TAG[pageLocale()],
    );
  // Shown on one line with an ellipsis: the title holds the whole text.
  if (nameSlot) nameSlot.textContent = nameSlot.title = displayName(user);
  if (contactSlot)
    contactSlot.textContent = contactSlot.title = user.name
      ? (user.email ?? user.phone ?? '')
      : `ID ${user.id}`;
  renderAvatar(user);
  if (user.currency) showPlayerAmounts(document, user.currency, LANGUAGE_TAG[pageLocale()]);
  renderReminders(user);
  showFeatureItems(user);
}

/**
 * A gentle reminder while the e-mail is not confirmed: a dot on the avatar (named in the button's
 * label) and the first menu item, which leads to the contacts of the settings page.
 */
function renderReminders(user: User): void {
  const unconfirmed = Boolean(user.email) && !user.is_email_verified;
  if (emailReminder) emailReminder.hidden = !unconfirmed;
  if (attentionDot) attentionDot.hidden = !unconfirmed;
  const label = unconfirmed ? toggle?.dataset.labelAttention : toggle?.dataset.label;
  if (label) toggle?.setAttribute('aria-label', label);
}

/** Menu items and tabs of a feature the profile does not have stay hidden (docs/product-rules.md §6). */
function showFeatureItems(user: User): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-feature]:not([data-profile-gate])')) {
    item.hidden = !hasFeature(user, item.dataset.feature ?? '');
  }
}

/**
 * Profile pages show a login prompt to guests (src/pages/[locale]/profile/_ProfileGate.astro). A
 * page behind a feature flag stays hidden until the profile has loaded: a player with the flag
 * sees it, one without is sent to /error?errorCode=404 (docs/product-rules.md §5).
 */
function syncProfileGates(status: 'guest' | 'user', user: User | null): void {
  for (const gate of document.querySelectorAll<HTMLElement>('[data-profile-gate]')) {
    if (gate.dataset.content === 'false') continue;
    const flag = gate.dataset.feature;
    if (status === 'user' && flag && !hasFeature(user, flag)) {
      window.location.replace(`${localHref('/error')}?errorCode=404`);
      return;
    }
    gate.dataset.state = status;
  }
}

$user.subscribe((user) => render(user));
watchBonusCompletion(pageLocale());
$sessionStatus.subscribe((status) => {
  if (status === 'unknown') return;
  if (actions) actions.dataset.session = status;
  document.documentElement.dataset.visitor = status;
  if (status === 'guest') setMenu(false);
  syncProfileGates(status, $user.get());
});

/**
 * The language switcher's links (src/components/LocaleSwitcher.astro) save the choice on the
 * player's profile before moving (PUT /profile/settings), so the settings and the next login
 * follow it. A save that fails or takes too long does not hold the switch up.
 */
async function saveLocale(next: Locale): Promise<void> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 4000));
  const answer = await Promise.race([profile.updateSetting({ locale: next }).catch(() => null), timeout]);
  if (answer?.user) replaceUser(answer.user);
}
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-switch-locale]');
  const next = link?.dataset.switchLocale;
  const user = $user.get();
  if (!link || !isLocale(next) || !user || user.locale === next) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  void saveLocale(next).finally(() => window.location.assign(link.href));
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
  // Already logged in: the login and signup flags have nothing left to do (query-flags.ts).
  removeQueryFlags(['login', 'signup']);
  void handlePaymentReturn();
  // `deposit` stays in the address until a deposit succeeds (docs/product-rules.md §2); a login on
  // the previous page of this tab may have left PayIn due (session.ts).
  if (hasQueryFlag('deposit')) openModal('PayIn');
  else if (takePayInDue()) schedulePayIn(user);
});
