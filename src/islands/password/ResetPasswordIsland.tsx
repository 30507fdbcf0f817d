import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { completeLogin } from '../../client/session.ts';
import { localHref } from '../../client/site.ts';
import type { Locale } from '../../shared/locales.ts';
import { focusFirstInvalid, NewPasswordFields, SubmitButton } from '../ui/fields.tsx';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { type ClientErrors, useApiCall } from '../ui/useApi.ts';
import { DoneBlock } from './DoneBlock.tsx';

/**
 * /reset-password/{token} (spec §2, §5): the mailed (or texted) link. The token is checked on load
 * (`password/phone/token/check` when the address has a `phone` value); an invalid one leads to
 * /error. Then a new password logs the player in.
 */
export default function ResetPasswordIsland({ locale, token }: { locale: Locale; token: string }) {
  return (
    <IslandRoot locale={locale}>
      <ResetPassword token={token} />
    </IslandRoot>
  );
}

function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const byPhone = new URLSearchParams(window.location.search).get('phone');
  const [state, setState] = useState<'checking' | 'form' | 'done'>('checking');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<ClientErrors>({});
  const { pending, run, serverError } = useApiCall();

  useEffect(() => {
    const check = byPhone ? auth.checkPhoneResetToken(token) : auth.checkEmailResetToken(token);
    check.then(
      () => setState('form'),
      () => window.location.replace(localHref('/error')),
    );
  }, [byPhone, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: ClientErrors = {
      password: password ? null : t('error.required'),
      repeat: !repeat ? t('error.required') : repeat !== password ? t('error.password_mismatch') : null,
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(event.currentTarget);
    const outcome = await run(async () =>
      completeLogin(
        await (byPhone ? auth.resetByPhoneToken(token, password) : auth.resetByEmailToken(token, password)),
        // The reset page has nothing more to show once logged in elsewhere.
        { landing: '/' },
      ),
    );
    if (outcome?.kind === 'done') setState('done');
  };

  if (state === 'checking') return <IslandSkeleton />;
  if (state === 'done') return <DoneBlock />;
  return (
    <section className="panel">
      <form className="form" noValidate onSubmit={submit} data-testid="reset-password">
        <input type="text" name="username" autoComplete="username" hidden readOnly value={byPhone ?? ''} />
        <NewPasswordFields
          password={password}
          onPassword={setPassword}
          passwordError={errors.password ?? serverError('password', 'token')}
          repeat={repeat}
          onRepeat={setRepeat}
          repeatError={errors.repeat ?? serverError('password_confirmation')}
          autoFocus
        />
        <SubmitButton pending={pending}>{t('password.save')}</SubmitButton>
      </form>
    </section>
  );
}
