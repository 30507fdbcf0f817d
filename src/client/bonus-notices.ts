import { LANGUAGE_TAG, type Locale } from '../shared/locales.ts';
import { formatMoneyText } from '../shared/money.ts';

import { $user } from '../stores/user.ts';

import { bonusApi } from './bonus.ts';

import { islandI18n } from './i18n.ts';

import { notifySuccess } from './notices.ts';

/**
 * The notice that a bonus's wagering is done (docs/bonuses.md "Grants"): when the player's bonus
 * balance falls to zero, the newest finished bonus is read, and a completed one is announced once
 * per browser with what it converted into cash. A bonus lost or cancelled says nothing here.
 */
const ANNOUNCED = 'bonusCompletedNotice';

function announced(): string[] {
  try {
    return JSON.parse(localStorage.getItem(ANNOUNCED) ?? '[]') as string[];
  } catch {
    return [];
  }
}

function remember(id: string): void {
  try {
    localStorage.setItem(ANNOUNCED, JSON.stringify([id, ...announced()].slice(0, 20)));
  } catch {
    // Private mode: the notice may show once more after a reload, which is harmless.
  }
}

/** Whether a balance change is the bonus money running out (the moment a completion converts it). */
export function bonusRanOut(before: string | null, after: string | null): boolean {
  return before !== null && after !== null && Number(before) > 0 && Number(after) === 0;
}

export function watchBonusCompletion(locale: Locale): void {
  let previous: string | null = null;
  $user.subscribe((user) => {
    const before = previous;
    previous = user?.bonus_balance ?? null;
    if (!user || !bonusRanOut(before, previous)) return;
    void announceCompletion(locale, user.currency);
  });
}

async function announceCompletion(locale: Locale, currency: string | null): Promise<void> {
  const last = (await bonusApi.grants().catch(() => null))?.data.past[0];
  if (last?.status !== 'completed' || announced().includes(last.id)) return;
  remember(last.id);
  const { t } = await islandI18n(locale);
  const amount = formatMoneyText(last.converted, currency ?? last.currency, LANGUAGE_TAG[locale]);
  notifySuccess(t('bonus.completedTitle'), t('modals.close'), [t('bonus.convertedTo', { amount })]);
}
