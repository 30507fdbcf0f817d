import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money, type Verification, verificationStatus } from '../../client/money.ts';
import { refreshProfile } from '../../client/session.ts';
import { pageLocale } from '../../client/site.ts';
import { formatters } from '../../i18n/format.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../../shared/verification.ts';
import { SelectField } from '../ui/fields.tsx';
import { useApiCall } from '../ui/useApi.ts';
import { DocumentList } from './verification/DocumentList.tsx';
import { DropZone } from './verification/DropZone.tsx';
import { type Refusal, useDocumentUploads } from './verification/use-document-uploads.ts';

/**
 * Verification (KYC, docs/api-money.md): the case status (pending, failed with the operator's reason,
 * success), a drop zone that sends documents as soon as they are chosen or dropped (JPEG, PNG or
 * PDF up to 10 MB, checked before sending), and the documents with their upload progress or status.
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

  const uploads = useDocumentUploads(async () => {
    await reload();
    void refreshProfile().catch(() => undefined);
  });

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
      {status !== 'success' && <UploadForm onFiles={uploads.add} refused={uploads.refused} />}
      <DocumentList documents={data.documents} uploads={uploads.list} onDismiss={uploads.dismiss} />
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

/** The document type, then the drop zone: each file goes as soon as it is chosen or dropped. */
function UploadForm(props: { onFiles: (kind: DocumentKind, files: File[]) => void; refused: Refusal[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DocumentKind>('passport');
  const tag = formatters(pageLocale()).tag;
  return (
    <section className="kyc-upload" data-testid="verification-upload" aria-labelledby="kyc-upload-title">
      <h3 className="kyc-subtitle" id="kyc-upload-title">
        {t('verification.uploadTitle')}
      </h3>
      <SelectField
        label={t('verification.kind')}
        value={kind}
        onChange={setKind}
        options={DOCUMENT_KINDS.map((value) => ({ value, label: t(`verification.kinds.${value}`) }))}
      />
      <DropZone tag={tag} onFiles={(files) => props.onFiles(kind, files)} />
      {props.refused.length > 0 && (
        <ul className="kyc-refused" role="alert" data-testid="verification-refused">
          {props.refused.map(({ name, reason }, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be refused twice in one drop.
            <li key={index}>
              <strong>{name}</strong> {reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
