import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bonusApi } from '../../client/bonus.ts';
import { localHref } from '../../client/site.ts';
import type { GrantView, VipStatus } from '../../shared/api/bonus.ts';
import { formatDate } from '../../shared/date-format.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

import { BONUSES_FEATURE } from '../../shared/profile.ts';

import { VIP_LEVELS } from '../../shared/vip.ts';

import type { BetView } from '../../shared/wire/bets.ts';
import { hasFeature, type User } from '../../stores/user.ts';

import '../bonus/bonus.css';
import { WagerBar } from '../bonus/WagerBar.tsx';

interface Activity {
  vip: VipStatus | null;
  active: GrantView | null;
  bets: BetView[];
}

/** The overview's live part: VIP level and progress, the active bonus's wagering, the last bets. */
export function OverviewActivity({ user, locale }: { user: User; locale: Locale }) {
  const { t } = useTranslation();
  const [activity, setActivity] = useState<Activity | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a balance change (a bet, a bonus) reloads it.
  useEffect(() => {
    let live = true;
    // Each part shows what it could load; one failing leaves the others.
    void Promise.all([
      bonusApi.vip().then(
        (a) => a.data,
        () => null,
      ),
      bonusApi.grants().then(
        (a) => a.data.active,
        () => null,
      ),
      bonusApi.lastBets().then(
        (a) => a.data,
        () => [],
      ),
    ]).then(([vip, active, bets]) => {
      if (live) setActivity({ vip, active, bets });
    });
    return () => {
      live = false;
    };
  }, [user.id, user.balance, user.bonus_balance]);
  if (!activity) return null;
  const money = (amount: string) => formatMoneyText(amount, user.currency ?? 'RUB', LANGUAGE_TAG[locale]);
  const { vip, active, bets } = activity;
  const level = vip ? VIP_LEVELS[vip.level] : undefined;
  const bonusesHref = localHref(hasFeature(user, BONUSES_FEATURE) ? '/profile/bonuses' : '/bonuses');
  return (
    <div className="overview-activity">
      {vip && (
        <section className="panel" aria-labelledby="overview-vip" data-testid="overview-vip">
          <div className="panel-head">
            <h2 id="overview-vip">{t('vip.title')}</h2>
            <p>
              {level ? t(`vip.levels.${level.key}`) : t('vip.noLevel')} ·{' '}
              {t('vip.points', { points: vip.points })}
            </p>
          </div>
          {vip.next_points && <WagerBar percent={vip.progress} label={t('vip.progressLabel')} />}
          <a className="overview-action" href={localHref('/vip-club')}>
            {t('vip.open')}
          </a>
        </section>
      )}
      <section className="panel" aria-labelledby="overview-bonus" data-testid="overview-bonus">
        <div className="panel-head">
          <h2 id="overview-bonus">{t('bonus.active')}</h2>
        </div>
        {active ? (
          <>
            <WagerBar percent={active.progress} label={t('bonus.wagering')} />
            <p className="wager-text">
              {t('bonus.wageredOf', {
                wagered: money(active.wagered),
                requirement: money(active.requirement),
              })}{' '}
              <strong>{t('bonus.leftToWager', { amount: money(active.remaining) })}</strong>
            </p>
          </>
        ) : (
          <p className="muted">{t('bonus.noActive')}</p>
        )}
        <a className="overview-action" href={bonusesHref}>
          {t('bonus.manage')}
        </a>
      </section>
      <section className="panel overview-bets" aria-labelledby="overview-bets" data-testid="overview-bets">
        <div className="panel-head">
          <h2 id="overview-bets">{t('profileOverview.lastBets')}</h2>
        </div>
        {bets.length === 0 ? (
          <p className="muted">{t('profileOverview.noBets')}</p>
        ) : (
          <ul className="bonus-list">
            {bets.map((bet) => (
              <li key={bet.id} className="bonus-item">
                <span className="bonus-title">
                  <strong>{t(`games.${bet.game}.name`)}</strong> · {money(bet.amount)}
                </span>
                <span className="muted">
                  {formatDate(bet.created_at, LANGUAGE_TAG[locale], {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </span>
                {bet.profit === null ? (
                  <span className="badge">{t('profileOverview.inPlay')}</span>
                ) : (
                  <span className={`badge ${Number(bet.profit) >= 0 ? 'badge-ok' : 'badge-warn'}`}>
                    {Number(bet.profit) >= 0 ? '+' : ''}
                    {money(bet.profit)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <a className="overview-action" href={localHref('/profile/history')}>
          {t('pages.profile.history')}
        </a>
      </section>
    </div>
  );
}
