import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkUpload,
  DOCUMENT_KINDS,
  type DocumentKind,
  money,
  UPLOAD_ACCEPT,
  type Verification,
  verificationStatus,
} from '../../client/money.ts';
import { refreshProfile } from '../../client/session.ts';
import { pageLocale } from '../../client/site.ts';
import { formatters } from '../../i18n/format.ts';
import { SelectField, SubmitButton } from '../ui/fields.tsx';
import { useApiCall } from '../ui/useApi.ts';

/**
 * Verification (KYC): the case status of spec §4 (pending, failed with the operator's reason,
 * success), the documents sent so far, and an upload form (JPEG, PNG or PDF up to 10 MB).
 */
export function VerificationModal() {
  const { t } = useTranslation();
  const [data, setData] = useState<Verification | null>(null);
  const [failed, setFailed] = useState(false);
  const loader = useApiCall();
  const load = loader.run;

  const reload = useCallback(async () => {
    const answer = await load(() => money.verification(), { replace: true });
    if (answer) setData(answer.data);
    else setFailed(true);
  }, [load]);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (!data) {
    return failed ? (
      <p className="form-lead">{t('payments.loadFailed')}</p>
    ) : (
      <div className="payin-loading" aria-busy="true" />
    );
  }
  const status = verificationStatus(data.raw_status ?? data.status) ?? data.status;
  return (
    <div className="form" data-testid="verification">
      <StatusCard status={status} reason={data.reason} />
      {data.documents.length > 0 && <DocumentList documents={data.documents} />}
      {status !== 'success' && (
        <UploadForm
          onUploaded={async () => {
            await reload();
            void refreshProfile().catch(() => undefined);
          }}
        />
      )}
    </div>
  );
}

function StatusCard({ status, reason }: { status: Verification['status']; reason: string | null }) {
  const { t } = useTranslation();
  const key = status ?? 'none';
  return (
    <div className="kyc-status" data-status={key} role="status" data-testid="verification-status">
      <span className="kyc-dot" aria-hidden="true" />
      <div>
        <strong>{t(`verification.status.${key}`)}</strong>
        <p>{t(`verification.statusText.${key}`)}</p>
        {status === 'failed' && reason && (
          <p className="kyc-reason">
            {t('verification.reason')}: {reason}
          </p>
        )}
      </div>
    </div>
  );
}

function DocumentList({ documents }: { documents: Verification['documents'] }) {
  const { t } = useTranslation();
  const format = formatters(pageLocale());
  return (
    <div>
      <h3 className="kyc-subtitle">{t('verification.uploaded')}</h3>
      <ul className="kyc-docs" data-testid="verification-documents">
        {documents.map((doc) => (
          <li key={doc.id}>
            <span>{t(`verification.kinds.${doc.kind}`)}</span>
            <small>
              {doc.mime.replace(/^(image|application)\//, '').toUpperCase()} ·{' '}
              {format.number(doc.size / 1024, { maximumFractionDigits: 1 })} KB ·{' '}
              {format.date(doc.uploaded_at, { dateStyle: 'medium' })}
            </small>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UploadForm({ onUploaded }: { onUploaded: () => Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<DocumentKind>('passport');
  const [file, setFile] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { pending, run, serverError, translator } = useApiCall();

  const describe = (raw: string) => {
    const colon = raw.indexOf(':');
    return translator.t(`error.${raw.slice(0, colon)}`, { detail: raw.slice(colon + 1) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setClientError(t('verification.chooseFile'));
    const problem = checkUpload(file);
    if (problem) return setClientError(describe(problem));
    const answer = await run(() => money.upload(kind, file));
    if (!answer) return;
    setFile(null);
    if (input.current) input.current.value = '';
    await onUploaded();
  };

  const error = clientError ?? serverError('file');
  return (
    <form className="form kyc-upload" noValidate onSubmit={submit} data-testid="verification-upload">
      <h3 className="kyc-subtitle">{t('verification.uploadTitle')}</h3>
      <SelectField
        label={t('verification.kind')}
        value={kind}
        onChange={setKind}
        options={DOCUMENT_KINDS.map((value) => ({ value, label: t(`verification.kinds.${value}`) }))}
        error={serverError('kind')}
      />
      <div className="field" data-invalid={error ? 'true' : undefined}>
        <label htmlFor={id}>{t('verification.file')}</label>
        <input
          ref={input}
          id={id}
          className="input file-input"
          type="file"
          name="file"
          accept={UPLOAD_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
          onChange={(event) => {
            const next = event.target.files?.[0] ?? null;
            setFile(next);
            const problem = next && checkUpload(next);
            setClientError(problem ? describe(problem) : null);
          }}
        />
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : (
          <p className="field-hint" id={`${id}-hint`}>
            {t('verification.fileHint')}
          </p>
        )}
      </div>
      <SubmitButton pending={pending}>{t('verification.submit')}</SubmitButton>
    </form>
  );
}
