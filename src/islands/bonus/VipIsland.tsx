import { useTranslation } from 'react-i18next';
import { bonusApi, refreshBalances } from '../../client/bonus.ts';
import { formatDate } from '../../shared/date-format.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

import { VIP_LEVELS } from '../../shared/vip.ts';

import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';

import { useApiCall } from '../ui/useApi.ts';

import { usePlayerData } from './use-player-data.ts';

import './bonus.css';
import { WagerBar } from './WagerBar.tsx';

/** /vip-club, the player's part: level, progress to the next, claimable rewards, the join request (docs/bonuses.md). */
export default function VipIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Vip locale={locale} />
    </IslandRoot>
  );
}

function Vip({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { user, status, data: vip, reload } = usePlayerData(bonusApi.vip);
  const action = useApiCall();

  if (status === 'unknown') return <IslandSkeleton />;
  if (!user)
    return (
      <section className="panel bonus-guest" data-testid="vip-guest">
        <p>{t('vip.guestText')}</p>
        <button type="button" className="btn btn-primary" data-modal-open="Register">
          {t('auth.register')}
        </button>
      </section>
    );
  if (!vip) return <IslandSkeleton />;
  const money = (amount: string) => formatMoneyText(amount, user.currency ?? 'RUB', LANGUAGE_TAG[locale]);
  const level = VIP_LEVELS[vip.level];
  const next = VIP_LEVELS[vip.level + 1];
  const claim = async (run: () => Promise<unknown>) => {
    if (await action.run(run)) await Promise.all([reload(), refreshBalances()]);
  };
  return (
    <section className="panel vip-status" aria-labelledby="vip-status" data-testid="vip-status">
      <div className="panel-head">
        <h2 id="vip-status">{level ? t(`vip.levels.${level.key}`) : t('vip.noLevel')}</h2>
        <p>
          {t('vip.points', { points: vip.points })}
          {vip.premium ? <span className="badge badge-gold"> {t('vip.premium')}</span> : null}
        </p>
      </div>
      {next && (
        <div className="wager">
          <WagerBar percent={vip.progress} label={t('vip.progressLabel')} />
          <p className="wager-text" data-testid="vip-next">
            {t('vip.toNext', {
              level: t(`vip.levels.${next.key}`),
              points: String(BigInt(next.points) - BigInt(vip.points)),
            })}
          </p>
        </div>
      )}
      <ul className="bonus-list">
        <li className="bonus-item">
          <span className="bonus-title">
            <strong data-testid="vip-rakeback">{money(vip.rakeback)}</strong> {t('vip.rakeback')}
          </span>
          <span className="muted">{t('vip.rakebackText', { percent: level?.rakebackPercent ?? 0 })}</span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.pending || Number(vip.rakeback) <= 0}
            onClick={() => claim(() => bonusApi.claimRakeback())}
          >
            {t('vip.claim')}
          </button>
        </li>
        {(['weekly', 'monthly'] as const).map((kind) => (
          <li className="bonus-item" key={kind}>
            <span className="bonus-title">
              <strong>{money(vip[kind].amount)}</strong> {t(`vip.${kind}`)}
            </span>
            <span className="muted">
              {t(`vip.${kind}Text`, { period: periodText(kind, vip[kind].period, LANGUAGE_TAG[locale]) })}
            </span>
            <button
              type="button"
              className="btn"
              disabled={action.pending || vip[kind].claimed || Number(vip[kind].amount) <= 0}
              onClick={() => claim(() => bonusApi.claimReward(kind))}
            >
              {vip[kind].claimed ? t('vip.claimed') : t('vip.claim')}
            </button>
          </li>
        ))}
      </ul>
      <div className="vip-join">
        {vip.join_request ? (
          <p className="muted" data-testid="vip-join-status">
            {t(`vip.joinStatus.${vip.join_request.status}`)}
          </p>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={action.pending}
            onClick={() => claim(() => bonusApi.join('vip_page'))}
            data-testid="vip-join"
          >
            {t('vip.join')}
          </button>
        )}
      </div>
    </section>
  );
}

/** A reward period as people read it: the week's first day ("16 Nov 2026") or the month ("November 2026"). */
export function periodText(kind: 'weekly' | 'monthly', period: string, tag: string): string {
  return kind === 'weekly'
    ? formatDate(period, tag, { dateStyle: 'medium', timeZone: 'UTC' })
    : formatDate(`${period}-01`, tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
