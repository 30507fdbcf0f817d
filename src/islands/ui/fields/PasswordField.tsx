import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../shared/password-rules.ts';
import { LineIcon } from '../LineIcon.tsx';
import { FieldShell } from './FieldShell.tsx';
import { FieldInput, type TextFieldProps } from './TextField.tsx';

/** Password with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <div className="input-wrap">
        <FieldInput id={id} {...props} type={visible ? 'text' : 'password'} />
        <button
          type="button"
          className="input-addon"
          aria-pressed={visible}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
    </FieldShell>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <LineIcon size={20}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 20 20 4" />}
    </LineIcon>
  );
}

/** A new password and its repetition (recovery, reset, change and set password forms). */
export function NewPasswordFields(props: {
  password: string;
  onPassword: (value: string) => void;
  passwordError: string | null | undefined;
  repeat: string;
  onRepeat: (value: string) => void;
  repeatError: string | null | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const fields = [
    {
      label: t('profile.access.newPassword'),
      value: props.password,
      onChange: props.onPassword,
      error: props.passwordError,
      hint: t('auth.passwordHint', { min: PASSWORD_MIN }),
      autoFocus: props.autoFocus,
    },
    {
      label: t('profile.access.repeatPassword'),
      value: props.repeat,
      onChange: props.onRepeat,
      error: props.repeatError,
    },
  ];
  return (
    <>
      {fields.map((field) => (
        <PasswordField key={field.label} autoComplete="new-password" {...field} />
      ))}
    </>
  );
}
