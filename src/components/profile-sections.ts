/** Spec §2: /profile with child pages access, bonuses, history, setting. */
export const PROFILE_SECTIONS = [
  { slug: 'history', titleKey: 'meta.pages.profileHistory', tabKey: 'pages.profile.history' },
  { slug: 'bonuses', titleKey: 'meta.pages.profileBonuses', tabKey: 'pages.profile.bonuses' },
  { slug: 'setting', titleKey: 'meta.pages.profileSetting', tabKey: 'pages.profile.setting' },
  { slug: 'access', titleKey: 'meta.pages.profileAccess', tabKey: 'pages.profile.access' },
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
