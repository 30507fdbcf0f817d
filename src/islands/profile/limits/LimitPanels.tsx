import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_PERIODS } from '../../../shared/api/responsible.ts';
import { Tabs } from '../../ui/fields.tsx';
import type { LimitKind, LimitsData } from './api.ts';
import { LimitCard } from './LimitCard.tsx';

/** The three periods of one kind of limit, side by side (one under another on a phone). */
function LimitCards(props: { kind: LimitKind; data: LimitsData; onChanged: (data: LimitsData) => void }) {
  return (
    <div className="limit-cards">
      {LIMIT_PERIODS.map((period) => (
        <LimitCard key={period} period={period} {...props} />
      ))}
    </div>
  );
}

/** Deposit limits: first on the page, and recommended. */
export function DepositLimits(props: { data: LimitsData; onChanged: (data: LimitsData) => void }) {
  const { t } = useTranslation();
  return (
    <section
      className="panel limits-panel limits-deposit"
      aria-labelledby="limits-deposit"
      data-testid="limits-deposit"
    >
      <div className="panel-head">
        <h2 id="limits-deposit">{t('responsible.deposit.title')}</h2>
        <span className="badge badge-gold">{t('responsible.recommended')}</span>
        <p>{t('responsible.deposit.lead')}</p>
      </div>
      <LimitCards kind="deposit" {...props} />
      <p className="limits-rule">{t('responsible.limit.rule')}</p>
    </section>
  );
}

/** Loss and wager limits, one kind at a time. */
export function PlayLimits(props: { data: LimitsData; onChanged: (data: LimitsData) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'loss' | 'wager'>('loss');
  return (
    <section className="panel limits-panel" aria-labelledby="limits-play" data-testid="limits-play">
      <div className="panel-head">
        <h2 id="limits-play">{t('responsible.play.title')}</h2>
        <p>{t('responsible.play.lead')}</p>
      </div>
      <Tabs
        label={t('responsible.play.title')}
        value={kind}
        onChange={setKind}
        tabs={[
          { value: 'loss', label: t('responsible.play.loss') },
          { value: 'wager', label: t('responsible.play.wager') },
        ]}
      />
      <p className="limits-kind-lead">{t(`responsible.play.${kind}Lead`)}</p>
      <LimitCards key={kind} kind={kind} {...props} />
    </section>
  );
}
