import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginOutcome } from '../../client/session.ts';
import { newPasswordErrors } from './fields/checks.ts';
import { NewPasswordFields } from './fields/PasswordField.tsx';
import { SubmitButton } from './fields/SubmitButton.tsx';
import { useFormCheck } from './use-form-check.ts';
import type { ApiCall } from './useApi.ts';

/**
 * A new password, twice, then `save` through the form's `api` (it logs the player in); `onDone`
 * once the session is in place. The recovery's last step and the mailed reset link's form.
 */
export function NewPasswordForm(props: {
  /** The account's login, for the browser's password manager. */
  username: string;
  api: ApiCall;
  save: (password: string) => Promise<LoginOutcome>;
  onDone: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { api } = props;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, check, clear } = useFormCheck();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(event, newPasswordErrors(t, password, repeat))) return;
    const outcome = await api.run(() => props.save(password));
    if (outcome?.kind === 'done') props.onDone();
  };

  return (
    <form className="form" noValidate onSubmit={submit} data-testid={props.testId}>
      <input type="text" name="username" autoComplete="username" hidden readOnly value={props.username} />
      <NewPasswordFields
        password={password}
        onPassword={(value) => {
          // An edited field loses its message: it would speak of the old value.
          setPassword(value);
          clear('password');
          api.dismiss('password', 'token');
        }}
        passwordError={errors.password ?? api.serverError('password', 'token')}
        repeat={repeat}
        onRepeat={(value) => {
          setRepeat(value);
          clear('repeat');
          api.dismiss('password_confirmation');
        }}
        repeatError={errors.repeat ?? api.serverError('password_confirmation')}
        autoFocus
      />
      <SubmitButton pending={api.pending}>{t('password.save')}</SubmitButton>
    </form>
  );
}
