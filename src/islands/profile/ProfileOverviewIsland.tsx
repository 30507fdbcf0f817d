import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationStatus } from '../../client/money.ts';
import { localHref } from '../../client/site.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

import { BONUSES_FEATURE } from '../../shared/profile.ts';

import { $sessionStatus, $user, hasFeature, type User } from '../../stores/user.ts';

import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';

import { OverviewActivity } from './OverviewActivity.tsx';

import './account.css';

/**
 * /profile: who the player is (name, id), the balance, the contacts and whether they are
 * confirmed, the account currency, the identity verification, and the way to every section.
 */
export default function ProfileOverviewIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Overview locale={locale} />
    </IslandRoot>
  );
}

function Overview({ locale }: { locale: Locale }) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  if (status === 'unknown') return <IslandSkeleton />;
  // A guest sees the page's login prompt (ProfileGate) instead.
  if (!user) return null;
  return (
    <div className="overview" data-testid="profile-overview">
      <Identity user={user} locale={locale} />
      <OverviewActivity user={user} locale={locale} />
      <Details user={user} />
      <Sections user={user} />
    </div>
  );
}

function displayName(user: User): string {
  return user.name?.trim() || user.email || user.phone || `#${user.id}`;
}

function Identity({ user, locale }: { user: User; locale: Locale }) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAG[locale];
  const name = displayName(user);
  const money = (amount: string) => (user.currency ? formatMoneyText(amount, user.currency, tag) : '—');
  return (
    <section className="panel overview-identity" aria-labelledby="overview-name">
      <span className="overview-avatar" aria-hidden="true">
        {[...name.replace(/^[#+]/, '')][0]?.toUpperCase() ?? '?'}
      </span>
      <div className="overview-who">
        <h2 id="overview-name" className="one-line" title={name} data-testid="overview-name">
          {name}
        </h2>
        <p className="muted">{t('profileOverview.playerId', { id: user.id })}</p>
      </div>
      <dl className="overview-balances">
        <div>
          <dt>{t('account.balance')}</dt>
          <dd data-testid="overview-balance">{money(user.balance)}</dd>
        </div>
        <div>
          <dt>{t('profileOverview.bonusBalance')}</dt>
          <dd data-testid="overview-bonus-balance">{money(user.bonus_balance)}</dd>
        </div>
        <div>
          <dt>{t('profileOverview.totalBalance')}</dt>
          <dd data-testid="overview-total-balance">{money(user.total_balance)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** A confirmed or unconfirmed badge. */
function StateBadge({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <span className={`badge ${ok ? 'badge-ok' : 'badge-warn'}`}>{children}</span>;
}

function Details({ user }: { user: User }) {
  const { t } = useTranslation();
  const settings = localHref('/profile/setting');
  const verification = verificationStatus(user.verification.data?.status) ?? 'none';
  const contact = (value: string | null, verified: boolean, testId: string) =>
    value ? (
      <dd data-testid={testId}>
        <span className="overview-value one-line" title={value}>
          {value}
        </span>
        <StateBadge ok={verified}>
          {verified ? t('profileOverview.confirmed') : t('profileOverview.notConfirmed')}
        </StateBadge>
        {!verified && (
          <a className="overview-action" href={`${settings}#contacts`}>
            {t('profileOverview.confirm')}
          </a>
        )}
      </dd>
    ) : (
      <dd className="muted" data-testid={testId}>
        {t('profileOverview.notAdded')}
      </dd>
    );

  return (
    <section className="panel" aria-labelledby="overview-details">
      <div className="panel-head">
        <h2 id="overview-details">{t('profileOverview.details')}</h2>
      </div>
      <dl className="overview-details">
        <div>
          <dt>{t('auth.email')}</dt>
          {contact(user.email, user.is_email_verified, 'overview-email')}
        </div>
        <div>
          <dt>{t('auth.phone')}</dt>
          {contact(user.phone, user.is_phone_verified, 'overview-phone')}
        </div>
        <div>
          <dt>{t('profile.settings.currency')}</dt>
          <dd data-testid="overview-currency">
            {user.currency ? (
              <>
                <span className="badge badge-gold">{user.currency}</span>
                <span className="overview-value">{t(`currency.${user.currency}`)}</span>
              </>
            ) : (
              <>
                <span className="muted">{t('profileOverview.currencyNotSet')}</span>
                <a className="overview-action" href={settings}>
                  {t('profile.settings.setCurrency')}
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profileOverview.verification')}</dt>
          <dd data-testid="overview-verification">
            <StateBadge ok={verification === 'success'}>
              {t(`verification.status.${verification}`)}
            </StateBadge>
            <span className="overview-note muted">{t(`verification.statusText.${verification}`)}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The profile's sections, each with what it holds; a section behind a feature the player lacks is left out. */
function Sections({ user }: { user: User }) {
  const { t } = useTranslation();
  const sections = [
    { slug: 'history', title: 'pages.profile.history', text: 'profileOverview.historyText' },
    { slug: 'limits', title: 'pages.profile.limits', text: 'profileOverview.limitsText' },
    ...(hasFeature(user, BONUSES_FEATURE)
      ? [{ slug: 'bonuses', title: 'pages.profile.bonuses', text: 'profileOverview.bonusesText' }]
      : []),
    { slug: 'setting', title: 'pages.profile.setting', text: 'profileOverview.settingText' },
    { slug: 'access', title: 'pages.profile.access', text: 'profileOverview.accessText' },
  ];
  return (
    <nav className="overview-sections" aria-label={t('profileOverview.sections')}>
      {sections.map((section) => (
        <a key={section.slug} className="overview-section" href={localHref(`/profile/${section.slug}`)}>
          <strong>{t(section.title)}</strong>
          <span className="muted">{t(section.text)}</span>
        </a>
      ))}
    </nav>
  );
}
