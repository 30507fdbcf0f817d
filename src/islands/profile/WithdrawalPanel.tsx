import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bonusApi } from '../../client/bonus.ts';
import type { Currency } from '../../shared/currencies.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

import { openModal } from '../../stores/modals.ts';

import type { User } from '../../stores/user.ts';
import { AmountField } from '../ui/AmountField.tsx';

import { SubmitButton, TextField } from '../ui/fields.tsx';

import { useWithdrawal } from './use-withdrawal.ts';

/** The withdrawal request on /profile/history, and the verification call-out when KYC is needed. */
export function WithdrawalPanel(props: {
  user: User;
  currency: Currency;
  locale: Locale;
  onDone: () => void;
}) {
  const { user, currency } = props;
  const { t } = useTranslation();
  const tag = LANGUAGE_TAG[props.locale];
  const show = (decimal: string) => formatMoneyText(decimal, currency, tag);
  const form = useWithdrawal({ currency, tag, show, onDone: props.onDone });

  return (
    <section className="panel" aria-labelledby="withdraw-title" data-testid="withdraw">
      <div className="panel-head">
        <h2 id="withdraw-title">{t('payments.withdrawTitle')}</h2>
        <p>
          {t('payments.available', { amount: show(user.balance) })}
          {form.minPayout ? ` · ${t('payments.minPayout', { amount: show(form.minPayout) })}` : ''}
        </p>
      </div>
      <form className="form withdraw-form" noValidate onSubmit={form.submit}>
        <div className="withdraw-row">
          <AmountField
            label={t('payments.amount')}
            value={form.amount}
            currency={currency}
            onChange={form.editAmount}
            error={form.amountError}
          />
          <TextField
            label={t('payments.cardLast4')}
            name="card"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder="0000"
            value={form.card}
            onChange={form.editCard}
            error={form.cardError}
          />
          <SubmitButton pending={form.pending}>{t('payments.withdraw')}</SubmitButton>
        </div>
        {form.done && (
          <p className="saved" role="status" data-testid="withdraw-done">
            ✓ {t('payments.withdrawRequested', { amount: form.done })}
          </p>
        )}
        <p className="field-hint">{t('payments.withdrawNote')}</p>
        <BonusRuleNote active={Number(user.bonus_balance) > 0} />
      </form>
      {user.verification.is_need && user.verification.data?.status !== 'success' && (
        <div className="kyc-callout">
          <p>
            {t(
              user.verification.data?.status === 'pending'
                ? 'verification.statusText.pending'
                : 'verification.statusText.none',
            )}
          </p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => openModal('Verification')}
            data-testid="open-verification"
          >
            {t('verification.open')}
          </button>
        </div>
      )}
    </section>
  );
}

/** With an active bonus: what a withdrawal does to it, stated before the player confirms (docs/bonuses.md). */
function BonusRuleNote({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [rule, setRule] = useState<'refuse' | 'forfeit' | null>(null);
  useEffect(() => {
    if (!active) return setRule(null);
    let live = true;
    void bonusApi.grants().then(
      (answer) => {
        if (live) setRule(answer.data.active ? answer.data.withdrawal_rule : null);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [active]);
  if (!rule) return null;
  return (
    <p className="field-hint" role="note" data-testid="withdraw-bonus-rule">
      {t(`bonus.withdrawalRule.${rule}`)}
    </p>
  );
}
