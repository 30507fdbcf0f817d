import { useTranslation } from 'react-i18next';

/** "Send the code again", disabled with a visible countdown until it is allowed. */
export function ResendButton(props: { left: number; pending: boolean; onResend: () => void }) {
  const { t } = useTranslation();
  const waiting = props.left > 0;
  return (
    <button
      type="button"
      className="link-btn"
      disabled={waiting || props.pending}
      onClick={props.onResend}
      aria-live="polite"
    >
      {waiting ? t('auth.resendIn', { seconds: props.left }) : t('auth.resend')}
    </button>
  );
}
