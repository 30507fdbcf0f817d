import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import type { Locale } from '../../shared/locales.ts';
import { $sessionStatus, $user } from '../../stores/user.ts';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { BreakPanel } from './limits/BreakPanel.tsx';
import { ClosePanel } from './limits/ClosePanel.tsx';
import { ExclusionPanel } from './limits/ExclusionPanel.tsx';
import { DepositLimits, PlayLimits } from './limits/LimitPanels.tsx';
import { ReopenNotice, ReviewNotice } from './limits/Notices.tsx';
import { SessionPanel } from './limits/SessionPanel.tsx';
import { useResponsible } from './limits/use-responsible.ts';
import '../ui/money.css';
import './limits/limits.css';

/**
 * /profile/limits (docs/responsible-gambling.md): the player's own tools. Deposit limits first,
 * then loss and wager limits, the reality check and the session time limit, a break, self-exclusion
 * and closing the account; the review of old limits and the reopening of an ended self-exclusion
 * above them when due.
 */
export default function LimitsIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Limits />
    </IslandRoot>
  );
}

function Limits() {
  const user = useStore($user);
  const session = useStore($sessionStatus);
  if (session === 'unknown') return <IslandSkeleton />;
  // A guest sees the page's login prompt (ProfileGate) instead.
  if (!user) return null;
  return <Tools />;
}

function Tools() {
  const { t } = useTranslation();
  const rg = useResponsible();
  if (rg.failed)
    return (
      <section className="panel" data-testid="limits-failed">
        <p className="form-lead">{t('responsible.loadFailed')}</p>
        <button type="button" className="btn" onClick={rg.retry}>
          {t('payments.retry')}
        </button>
      </section>
    );
  if (!rg.limits || !rg.status) return <IslandSkeleton />;
  const { status, limits } = rg;
  return (
    <div className="limits" data-testid="limits">
      {status.prompts.review && <ReviewNotice onChanged={rg.statusChanged} />}
      <ReopenNotice status={status} onChanged={rg.statusChanged} />
      <p className="limits-intro">
        {t('responsible.intro')}{' '}
        <a href={localHref('/responsible-gambling')} data-testid="limits-page-link">
          {t('responsible.pageLink')}
        </a>
      </p>
      <DepositLimits data={limits} onChanged={rg.limitsChanged} />
      <PlayLimits data={limits} onChanged={rg.limitsChanged} />
      <SessionPanel status={status} onChanged={rg.statusChanged} />
      <BreakPanel status={status} onChanged={rg.statusChanged} />
      <ExclusionPanel status={status} />
      <ClosePanel />
    </div>
  );
}
