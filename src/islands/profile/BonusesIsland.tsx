import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

import { $sessionStatus, $user } from '../../stores/user.ts';

import { BonusBoard } from '../bonus/BonusBoard.tsx';

import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';

import './account.css';

/**
 * /profile/bonuses (only with the `bonus_balances` feature, docs/product-rules.md §5): the bonus
 * balance, the active bonus with its wagering, the bonuses to activate and the past ones, each
 * with activate or cancel and what that does (docs/bonuses.md).
 */
export default function BonusesIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Bonuses locale={locale} />
    </IslandRoot>
  );
}

function Bonuses({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const user = useStore($user);
  const status = useStore($sessionStatus);
  if (status === 'unknown') return <IslandSkeleton />;
  if (!user) return null;
  const amount = user.currency
    ? formatMoneyText(user.bonus_balance, user.currency, LANGUAGE_TAG[locale])
    : '—';
  return (
    <div className="bonus-board" data-testid="profile-bonuses">
      <section className="panel" aria-labelledby="bonus-balance">
        <div className="panel-head">
          <h2 id="bonus-balance">{t('profileOverview.bonusBalance')}</h2>
          <p>{t('profileOverview.bonusRules')}</p>
        </div>
        <p className="overview-big" data-testid="profile-bonus-balance">
          {amount}
        </p>
        <a className="btn" href={localHref('/bonuses')}>
          {t('meta.pages.bonuses')}
        </a>
      </section>
      <BonusBoard locale={locale} past />
    </div>
  );
}
