import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bonusApi, refreshBalances, reportPromoError } from '../../client/bonus.ts';
import type { GrantView } from '../../shared/api/bonus.ts';
import { formatDate } from '../../shared/date-format.ts';
import { LANGUAGE_TAG, type Locale, languageTagOf } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

import { IslandSkeleton } from '../ui/IslandRoot.tsx';

import { useApiCall } from '../ui/useApi.ts';

import { usePlayerData } from './use-player-data.ts';

import '../ui/forms.css';
import './bonus.css';
import { WagerBar } from './WagerBar.tsx';

/**
 * The player's bonuses (docs/bonuses.md): the promo code field, the active bonus with exactly what
 * is left to wager, the bonuses to activate, and (on /profile/bonuses) the past ones. A guest sees
 * the promo field's login prompt.
 */
export function BonusBoard({ locale, past = false }: { locale: Locale; past?: boolean }) {
  const { t } = useTranslation();
  const { user, status, data: board, reload } = usePlayerData(bonusApi.grants);

  if (status === 'unknown') return <IslandSkeleton />;
  if (!user)
    return (
      <section className="panel bonus-guest" data-testid="bonus-guest">
        <p>{t('bonus.guestText')}</p>
        <div className="bonus-actions">
          <button type="button" className="btn btn-primary" data-modal-open="Register">
            {t('auth.register')}
          </button>
          <button type="button" className="btn" data-modal-open="Login">
            {t('auth.login')}
          </button>
        </div>
      </section>
    );
  const money = (amount: string | null) =>
    amount === null ? '—' : formatMoneyText(amount, user.currency ?? 'RUB', LANGUAGE_TAG[locale]);
  const changed = async () => {
    await Promise.all([reload(), refreshBalances()]);
  };
  return (
    <div className="bonus-board" data-testid="bonus-board">
      <PromoForm onRedeemed={changed} />
      {board === null ? (
        <IslandSkeleton />
      ) : (
        <>
          {board.active ? (
            <ActiveBonus
              grant={board.active}
              money={money}
              rule={board.withdrawal_rule}
              onChanged={changed}
            />
          ) : (
            <p className="muted" data-testid="bonus-none-active">
              {t('bonus.noActive')}
            </p>
          )}
          <section className="panel" aria-labelledby="bonus-available">
            <div className="panel-head">
              <h2 id="bonus-available">{t('bonus.available')}</h2>
            </div>
            {board.available.length === 0 ? (
              <p className="muted">{t('bonus.noneAvailable')}</p>
            ) : (
              <ul className="bonus-list">
                {board.available.map((g) => (
                  <AvailableBonus
                    key={g.id}
                    grant={g}
                    money={money}
                    blocked={board.active !== null}
                    onChanged={changed}
                  />
                ))}
              </ul>
            )}
          </section>
          {past && board.past.length > 0 && (
            <section className="panel" aria-labelledby="bonus-past">
              <div className="panel-head">
                <h2 id="bonus-past">{t('bonus.past')}</h2>
              </div>
              <ul className="bonus-list">
                {board.past.map((g) => (
                  <li key={g.id} className="bonus-item" data-testid="bonus-past-item">
                    <BonusTitle grant={g} money={money} />
                    <span className={`badge ${g.status === 'completed' ? 'badge-ok' : 'badge-warn'}`}>
                      {t(`bonus.end.${g.end_reason ?? 'completed'}`)}
                    </span>
                    <span className="muted">
                      {g.status === 'completed'
                        ? t('bonus.convertedTo', { amount: money(g.converted) })
                        : t('bonus.forfeitedAmount', { amount: money(g.forfeited) })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

type Money = (amount: string | null) => string;

function BonusTitle({ grant, money }: { grant: GrantView; money: Money }) {
  const { t } = useTranslation();
  return (
    <span className="bonus-title">
      <strong>{money(grant.amount)}</strong> {t(`bonus.kind.${grant.kind}`)}
      {grant.name ? <span className="muted"> · {grant.name}</span> : null}
    </span>
  );
}

function PromoForm({ onRedeemed }: { onRedeemed: () => Promise<void> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const call = useApiCall();
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const answer = await call.run(() => bonusApi.redeem(code.trim()), { notify: false });
    if (!answer) {
      const report = call.lastReport();
      reportPromoError(
        Object.values(report?.fields ?? {})
          .flat()
          .join(', ') || 'error 500',
      );
      return;
    }
    setCode('');
    setDone(t('bonus.redeemed'));
    await onRedeemed();
  };
  const error = call.serverError('code');
  return (
    <form className="panel promo-form" onSubmit={submit} data-testid="promo-form">
      <label htmlFor="promo-code">{t('bonus.promoLabel')}</label>
      <div className="promo-row">
        <input
          id="promo-code"
          className="input"
          name="code"
          autoComplete="off"
          value={code}
          maxLength={64}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="promo-message"
        />
        <button type="submit" className="btn btn-primary" disabled={call.pending || !code.trim()}>
          {t('bonus.redeem')}
        </button>
      </div>
      <p id="promo-message" className={error ? 'field-error' : 'muted'} role={error ? 'alert' : undefined}>
        {error ?? done ?? t('bonus.promoHint')}
      </p>
    </form>
  );
}

function Progress({ grant, money }: { grant: GrantView; money: Money }) {
  const { t } = useTranslation();
  return (
    <div className="wager">
      <WagerBar percent={grant.progress} label={t('bonus.wagering')} />
      <p className="wager-text" data-testid="bonus-remaining">
        {t('bonus.wageredOf', { wagered: money(grant.wagered), requirement: money(grant.requirement) })}{' '}
        <strong>{t('bonus.leftToWager', { amount: money(grant.remaining) })}</strong>
      </p>
    </div>
  );
}

/** The lobby names of the products a campaign weighs as a whole (bonus/rules.ts, WEIGHED_PRODUCTS). */
const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  slots: 'games.slots.name',
  live: 'games.liveCasino.name',
  sports: 'games.betting.name',
};

/** The weights that differ from 100 %, e.g. "roulette 10 %", "live casino 10 %", and the default. */
function weightsText(grant: GrantView, t: TFunction): string {
  const parts = Object.entries(grant.weights)
    .filter(([game]) => game !== 'default')
    .map(
      ([game, weight]) =>
        `${t(PRODUCT_NAMES[game] ?? `games.${game}.name`, { defaultValue: game })} ${weight} %`,
    );
  const base = grant.weights.default ?? 100;
  return [t('bonus.weightOthers', { weight: base }), ...parts].join(' · ');
}

function ActiveBonus({
  grant,
  money,
  rule,
  onChanged,
}: {
  grant: GrantView;
  money: Money;
  rule: 'refuse' | 'forfeit';
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const call = useApiCall();
  const held = grant.held;
  const cancel = async () => {
    if (await call.run(() => bonusApi.cancel(grant.id))) {
      setConfirming(false);
      await onChanged();
    }
  };
  return (
    <section className="panel bonus-active" aria-labelledby="bonus-active" data-testid="bonus-active">
      <div className="panel-head">
        <h2 id="bonus-active">{t('bonus.active')}</h2>
        <BonusTitle grant={grant} money={money} />
      </div>
      <Progress grant={grant} money={money} />
      <dl className="bonus-terms">
        <div>
          <dt>{t('bonus.expires')}</dt>
          <dd>
            {formatDate(grant.expires_at, languageTagOf(i18n.language), {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </dd>
        </div>
        <div>
          <dt>{t('bonus.maxBet')}</dt>
          <dd>{grant.max_bet ? money(grant.max_bet) : t('bonus.noLimit')}</dd>
        </div>
        <div>
          <dt>{t('bonus.maxConversion')}</dt>
          <dd>{grant.max_conversion ? money(grant.max_conversion) : t('bonus.noLimit')}</dd>
        </div>
        <div>
          <dt>{t('bonus.contributions')}</dt>
          <dd>{weightsText(grant, t)}</dd>
        </div>
      </dl>
      <p className="muted">{t('bonus.realFirst')}</p>
      <p className="muted">{t(`bonus.withdrawalRule.${rule}`)}</p>
      {confirming ? (
        <div className="bonus-confirm" role="alertdialog" aria-labelledby="bonus-cancel-text">
          <p id="bonus-cancel-text">{t('bonus.cancelConsequences', { held: money(held) })}</p>
          <div className="bonus-actions">
            <button type="button" className="btn bonus-danger" onClick={cancel} disabled={call.pending}>
              {t('bonus.cancelConfirm')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('bonus.keep')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
          {t('bonus.cancel')}
        </button>
      )}
    </section>
  );
}

function AvailableBonus({
  grant,
  money,
  blocked,
  onChanged,
}: {
  grant: GrantView;
  money: Money;
  blocked: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const call = useApiCall();
  const activate = async () => {
    if (await call.run(() => bonusApi.activate(grant.id))) await onChanged();
  };
  const waiting = grant.status === 'waiting_deposit';
  return (
    <li className="bonus-item" data-testid="bonus-available-item">
      <BonusTitle grant={grant} money={money} />
      <span className="muted">
        {waiting
          ? t('bonus.waitingDeposit')
          : t('bonus.terms', { multiplier: grant.wager_multiplier, requirement: money(grant.requirement) })}
        {' · '}
        {t('bonus.until', { date: formatDate(grant.expires_at, languageTagOf(i18n.language)) })}
      </span>
      {!waiting && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={activate}
          disabled={call.pending || blocked}
          title={blocked ? t('bonus.oneActive') : undefined}
        >
          {t('bonus.activate')}
        </button>
      )}
    </li>
  );
}
