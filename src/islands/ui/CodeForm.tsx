import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './fields/SubmitButton.tsx';
import { CodeField } from './fields/TextField.tsx';
import { ResendButton } from './ResendButton.tsx';
import type { Resend } from './use-resend.ts';

/**
 * The step that asks for a one-time code: where it was sent, the code, the submit button, "send
 * again" and the step's own links (`children`).
 */
export function CodeForm(props: {
  /** Above the lead (a welcome after a registration). */
  before?: ReactNode;
  lead: string;
  /** The address or number the code went to. */
  target: string;
  code: string;
  onCode: (code: string) => void;
  error: string | null | undefined;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  resend: Resend;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="form" noValidate onSubmit={props.onSubmit} data-testid={props.testId}>
      {props.before}
      <p className="form-lead">
        {props.lead} <strong>{props.target}</strong>
      </p>
      <CodeField
        label={t('auth.code')}
        value={props.code}
        onChange={props.onCode}
        error={props.error}
        autoFocus
      />
      <SubmitButton pending={props.pending}>{props.submitLabel}</SubmitButton>
      <div className="form-row">
        <ResendButton left={props.resend.left} pending={props.resend.pending} onResend={props.resend.again} />
        {props.children}
      </div>
    </form>
  );
}
