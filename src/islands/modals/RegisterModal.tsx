import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { bonusApi, reportPromoError } from '../../client/bonus.ts';
import { localHref, pageLocale } from '../../client/site.ts';
import { CURRENCY_FOR_LOCALE, type Currency } from '../../shared/currencies.ts';
import { $codeFlow, $registerVip } from '../../stores/auth-flow.ts';
import { replaceModal } from '../../stores/modals.ts';
import { AccountPasswordField, ContactField, useContactForm } from '../ui/account-form.tsx';
import { CurrencyField } from '../ui/CurrencyField.tsx';
import { Checkbox, newPasswordError, SubmitButton } from '../ui/fields.tsx';
import { login } from './finish.ts';
import { SocialButtons } from './SocialButtons.tsx';

/**
 * Register (docs/api-auth.md): email or phone, password, account currency, the 18+ and terms
 * consent. Then the verification code of the chosen contact is asked for (ConfirmByPhone).
 */
export function RegisterModal() {
  const { t } = useTranslation();
  const locale = pageLocale();
  const form = useContactForm(locale);
  const [password, setPassword] = useState('');
  const [currency, setCurrency] = useState<Currency>(CURRENCY_FOR_LOCALE[locale]);
  const [adult, setAdult] = useState(false);
  const vip = useStore($registerVip);
  // The VIP mark belongs to this opening of the modal only.
  useEffect(() => () => $registerVip.set(false), []);
  const { contact, errors, setErrors } = form;
  const { pending, run, serverError } = form.api;
  const { channel, address, number } = contact;

  const checkOthers = () => ({
    password: newPasswordError(t, password),
    adult: adult ? null : t('auth.termsRequired'),
  });
  const submit = form.onSubmit(checkOthers, async () => {
    const input = { password, currency, locale };
    const outcome = await run(() =>
      login(
        channel === 'email' ? auth.registerEmail(address, input) : auth.registerPhone(number, input),
        'registration',
      ),
    );
    // A refused promo code (docs/bonuses.md) is reported to analytics as `promocode_error` (docs/product-rules.md §8).
    const promo = form.api.lastReport()?.fields.promo;
    if (!outcome && promo) reportPromoError(promo.join(', '));
    if (outcome?.kind !== 'done') return;
    // Registering from the VIP page, or through a register modal marked VIP (`?signup=vip`), sends
    // the VIP join request with its source (docs/product-rules.md §6, docs/bonuses.md "VIP club").
    const source = vip
      ? 'register_modal'
      : /\/vip-club\/?$/.test(window.location.pathname)
        ? 'vip_page'
        : null;
    if (source) void bonusApi.join(source).catch(() => undefined);
    $registerVip.set(false);
    // PayIn follows once the code step ends (docs/product-rules.md §2).
    $codeFlow.set(
      channel === 'email'
        ? { purpose: 'verify-email', target: address, afterRegistration: true }
        : { purpose: 'verify-phone', target: number, afterRegistration: true },
    );
    replaceModal('Register', 'ConfirmByPhone');
  });

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="register-form">
      {vip && (
        <p className="form-lead register-vip" data-testid="register-vip">
          {t('auth.registerVip')}
        </p>
      )}
      <ContactField form={form} tabsLabel={t('auth.registerMethod')} emailAutoComplete="email" autoFocus />
      <AccountPasswordField form={form} value={password} onChange={setPassword} isNew />
      <CurrencyField
        value={currency}
        onChange={setCurrency}
        error={serverError('currency')}
        hint={t('auth.currencyHint')}
      />
      <Checkbox checked={adult} onChange={setAdult} error={errors.adult}>
        <Trans
          i18nKey="auth.terms"
          components={{
            // biome-ignore lint/a11y/useAnchorContent: the link text comes from the translation.
            terms: <a href={localHref('/policy/en/user-agreement')} target="_blank" rel="noopener" />,
          }}
        />
      </Checkbox>
      <SubmitButton pending={pending}>{t('auth.submitRegister')}</SubmitButton>
      <SocialButtons
        modal="Register"
        currency={currency}
        beforeStart={() => {
          setErrors(adult ? {} : { adult: t('auth.termsRequired') });
          return adult;
        }}
      />
      <p className="form-foot">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="link-btn" onClick={() => replaceModal('Register', 'Login')}>
          {t('auth.login')}
        </button>
      </p>
    </form>
  );
}
