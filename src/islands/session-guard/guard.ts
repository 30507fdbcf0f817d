import type { TFunction } from 'i18next';
import { islandI18n } from '../../client/i18n.ts';
import { logout } from '../../client/session.ts';
import { localHref, pageLocale } from '../../client/site.ts';
import { LANGUAGE_TAG } from '../../shared/locales.ts';
import { $user } from '../../stores/user.ts';
import { formatMoment } from '../ui/moment.ts';
import { hideBanner, showBanner } from './banner.ts';
import { openDialog } from './dialog.ts';
import { REALITY_KEY } from './keys.ts';
import { MAX_TIMER_MS, readAnswered, realityPlan, writeAnswered } from './schedule.ts';
import { $rgStatus, dropStatus, loadStatus, type RgStatus } from './status.ts';
import { formatDuration, formatNet } from './text.ts';

/**
 * The session guard of a logged-in player, on every page (docs/responsible-gambling.md): loaded by
 * ./loader.ts once the header knows a player is logged in. From GET /responsible/status it
 *  - shows the reality check every `reality_check_minutes` since the session began: the time
 *    played, the session's net result and bets (read again at that moment), Continue, Log out and
 *    the history;
 *  - logs the player out when the session's time limit is reached (`session.ends_at`), saying why;
 *  - while an exclusion restricts the account (a break, a self-exclusion that has ended), keeps a
 *    banner under the header.
 * Every timer runs on the browser's clock (Date.now, setTimeout).
 */

const EXCLUSION_BANNER = 'exclusion';
const SESSION_BANNER = 'session-ended';
const REALITY_DIALOG = 'reality-check';

let started = false;
let timers: number[] = [];
/** The reality check on screen: its number, and how to close it. */
let shown: { check: number; close: () => void } | null = null;
/** Orders the banner renders: only the latest status is drawn. */
let renders = 0;

const tag = () => LANGUAGE_TAG[pageLocale()];
const translator = async (): Promise<TFunction> => (await islandI18n(pageLocale())).t;

export function startGuard(): void {
  if (started) return;
  started = true;
  $rgStatus.listen((status) => apply(status));
  $user.subscribe((user) => {
    if (!user) {
      if ($rgStatus.get()) dropStatus();
      else apply(null);
      return;
    }
    const known = $rgStatus.get();
    if (known) apply(known);
    else void loadStatus().catch(() => undefined);
  });
  window.addEventListener('storage', (event) => {
    if (!event.key?.startsWith(REALITY_KEY)) return;
    const status = $rgStatus.get();
    const interval = status?.settings.reality_check_minutes;
    // Answered in another tab: this tab's dialog goes, and the next check is planned from there.
    if (shown && interval && (readAnswered(event.newValue, interval) ?? -1) >= shown.check) closeShown();
    if (status) planReality(status);
  });
}

function clearTimers(): void {
  for (const id of timers) window.clearTimeout(id);
  timers = [];
}

/** Runs `task` at `time` on the browser's clock (at once when it has passed). */
function at(time: number, task: () => void): void {
  const wait = time - Date.now();
  const id = window.setTimeout(
    () => (time - Date.now() > 0 ? at(time, task) : task()),
    Math.max(0, Math.min(wait, MAX_TIMER_MS)),
  );
  timers.push(id);
}

function closeShown(): void {
  shown?.close();
  shown = null;
}

function apply(status: RgStatus | null): void {
  clearTimers();
  const render = ++renders;
  if (!status || !$user.get()) {
    closeShown();
    hideBanner(EXCLUSION_BANNER);
    return;
  }
  void renderExclusion(status, render);
  // A break that ends (or an account that opens) while the page is open: read the status again then.
  // Only a moment still to come: an ended self-exclusion keeps its past end until it is reopened.
  const lifts = Date.parse(status.exclusion?.opens_at ?? status.exclusion?.until ?? '');
  if (lifts > Date.now()) at(lifts + 1000, () => void loadStatus({ fresh: true }).catch(() => undefined));
  const endsAt = status.session.ends_at ? Date.parse(status.session.ends_at) : Number.NaN;
  if (Number.isFinite(endsAt)) at(endsAt, () => void endSession(status.settings.session_limit_minutes));
  planReality(status);
}

// ── the banner of an exclusion that restricts the account ──

async function renderExclusion(status: RgStatus, render: number): Promise<void> {
  const exclusion = status.exclusion;
  if (exclusion?.effect !== 'restricted') return hideBanner(EXCLUSION_BANNER);
  const t = await translator();
  if (render !== renders) return;
  const moment = (iso: string | null) => (iso ? formatMoment(iso, tag()) : '');
  if (exclusion.kind === 'self_exclusion' && exclusion.opens_at) {
    showBanner(EXCLUSION_BANNER, {
      text: t('responsible.guard.opensBanner', { date: moment(exclusion.opens_at) }),
      link: { href: localHref('/profile/history'), label: t('responsible.guard.historyLink') },
    });
  } else if (exclusion.kind === 'self_exclusion') {
    showBanner(EXCLUSION_BANNER, {
      text: t('responsible.guard.reopenBanner'),
      link: { href: localHref('/profile/limits'), label: t('responsible.guard.limitsLink') },
    });
  } else {
    showBanner(EXCLUSION_BANNER, {
      text: exclusion.until
        ? t('responsible.guard.breakBanner', { date: moment(exclusion.until) })
        : t('responsible.guard.restrictedBanner'),
      link: { href: localHref('/profile/history'), label: t('responsible.guard.historyLink') },
    });
  }
}

// ── the session time limit ──

async function endSession(minutes: number | null): Promise<void> {
  clearTimers();
  closeShown();
  await logout();
  dropStatus();
  const t = await translator();
  showBanner(SESSION_BANNER, {
    tone: 'warn',
    title: t('responsible.guard.sessionEndedTitle'),
    text: minutes
      ? t('responsible.guard.sessionEnded', { time: formatDuration(minutes * 60_000, tag()) })
      : t('responsible.guard.sessionEndedPlain'),
    dismiss: t('modals.close'),
  });
}

// ── reality checks ──

const realityKey = (status: RgStatus) => REALITY_KEY + status.session.started_at;

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage: the check is answered for this page only.
  }
}

function planReality(status: RgStatus): void {
  const interval = status.settings.reality_check_minutes;
  // A player kept from playing has no play to check on.
  if (!interval || status.exclusion) {
    closeShown();
    return;
  }
  // The dialog on screen is answered first; its answer plans the next one.
  if (shown) return;
  const startedAt = Date.parse(status.session.started_at);
  if (!Number.isFinite(startedAt)) return;
  const key = realityKey(status);
  const plan = realityPlan({
    startedAt,
    intervalMinutes: interval,
    now: Date.now(),
    stored: readStored(key),
  });
  store(key, writeAnswered(interval, plan.answered));
  if (plan.showNow !== null) void showReality(plan.showNow, status);
  else at(plan.nextAt, () => planReality($rgStatus.get() ?? status));
}

async function showReality(check: number, known: RgStatus): Promise<void> {
  const placeholder = { check, close: () => undefined };
  shown = placeholder;
  // The session's figures as they are now.
  const [fresh, t] = await Promise.all([loadStatus({ fresh: true }).catch(() => known), translator()]);
  if (shown !== placeholder || !$user.get()) return;
  const interval = fresh.settings.reality_check_minutes ?? known.settings.reality_check_minutes ?? 0;
  const key = realityKey(fresh);
  const answer = () => {
    shown = null;
    const stored = readAnswered(readStored(key), interval) ?? 0;
    store(key, writeAnswered(interval, Math.max(stored, check)));
  };
  const played = formatDuration(Date.now() - Date.parse(fresh.session.started_at), tag());
  const net = Number(fresh.session.net);
  const currency = fresh.currency;
  shown = {
    check,
    close: openDialog({
      id: REALITY_DIALOG,
      title: t('responsible.guard.realityTitle'),
      lead: t('responsible.guard.realityLead'),
      facts: [
        { label: t('responsible.guard.played'), value: played, testid: 'reality-played' },
        {
          label: t('responsible.guard.net'),
          value: currency ? formatNet(fresh.session.net, currency, tag()) : fresh.session.net,
          testid: 'reality-net',
          ...(net > 0 ? { tone: 'plus' as const } : net < 0 ? { tone: 'minus' as const } : {}),
        },
        {
          label: t('responsible.guard.bets'),
          value: new Intl.NumberFormat(tag()).format(fresh.session.bets),
          testid: 'reality-bets',
        },
      ],
      actions: [
        {
          label: t('responsible.guard.continue'),
          kind: 'primary',
          testid: 'reality-continue',
          run: () => {
            answer();
            planReality($rgStatus.get() ?? fresh);
          },
        },
        {
          label: t('responsible.guard.history'),
          testid: 'reality-history',
          run: () => {
            answer();
            window.location.assign(localHref('/profile/history'));
          },
        },
        {
          label: t('responsible.guard.logout'),
          kind: 'ghost',
          testid: 'reality-logout',
          run: () => {
            answer();
            void logout();
          },
        },
      ],
    }),
  };
}
