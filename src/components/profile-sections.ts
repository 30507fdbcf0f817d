import { BONUSES_FEATURE } from '../shared/profile.ts';

export { BONUSES_FEATURE };

/**
 * docs/product-rules.md §2: /profile (the overview) with child pages access, bonuses, history,
 * limits, setting. A section with a `feature` exists only for players whose profile has that flag: its
 * page sends the others to /error?errorCode=404, and its tab and menu item stay hidden for them.
 */
export const PROFILE_SECTIONS = [
  { slug: 'history', titleKey: 'meta.pages.profileHistory', tabKey: 'pages.profile.history' },
  // Responsible gambling (docs/responsible-gambling.md): deposit, loss and wager limits, reality
  // checks, the session time limit, a break, self-exclusion and closing the account.
  { slug: 'limits', titleKey: 'meta.pages.profileLimits', tabKey: 'pages.profile.limits' },
  {
    slug: 'bonuses',
    titleKey: 'meta.pages.profileBonuses',
    tabKey: 'pages.profile.bonuses',
    feature: BONUSES_FEATURE,
  },
  { slug: 'setting', titleKey: 'meta.pages.profileSetting', tabKey: 'pages.profile.setting' },
  { slug: 'access', titleKey: 'meta.pages.profileAccess', tabKey: 'pages.profile.access' },
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** The feature flag a section needs, if any. */
export function sectionFeature(section: ProfileSection): string | undefined {
  return 'feature' in section ? section.feature : undefined;
}
