import { useTranslation } from 'react-i18next';
import type { Verification } from '../../../client/money.ts';
import { formatFileSize } from '../../../client/money-format.ts';
import { pageLocale } from '../../../client/site.ts';
import { formatters } from '../../../i18n/format.ts';
import type { LocalUpload } from './use-document-uploads.ts';

type StoredDocument = Verification['documents'][number];

/** "PDF", "PNG", "JPEG": the short type of a document. */
const typeOf = (mime: string) =>
  mime
    .replace(/^(image|application)\//, '')
    .replace(/^jpg$/, 'jpeg')
    .toUpperCase();

const typeOfName = (name: string) =>
  (/\.(\w{1,5})$/.exec(name)?.[1] ?? '').toUpperCase().replace('JPG', 'JPEG');

/**
 * The player's documents, newest first: those on their way (progress, or the server's reason when
 * refused) and those stored (type, name, size, date and their own status).
 */
export function DocumentList(props: {
  documents: readonly StoredDocument[];
  uploads: readonly LocalUpload[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation();
  const format = formatters(pageLocale());
  if (props.documents.length === 0 && props.uploads.length === 0) return null;
  const percent = (share: number) => format.number(share, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section aria-labelledby="kyc-documents-title">
      <h3 className="kyc-subtitle" id="kyc-documents-title">
        {t('verification.uploaded')}
      </h3>
      <ul className="kyc-files" data-testid="verification-documents">
        {[...props.uploads].reverse().map((upload) => (
          <li
            key={`local-${upload.id}`}
            className="kyc-file"
            data-status={upload.state}
            data-testid="verification-upload-item"
          >
            <span className="kyc-file-type" aria-hidden="true">
              {typeOfName(upload.name) || '…'}
            </span>
            <span className="kyc-file-main">
              <strong>{t(`verification.kinds.${upload.kind}`)}</strong>
              <span className="kyc-file-name" title={upload.name}>
                {upload.name}
              </span>
              <span className="kyc-file-meta">{formatFileSize(upload.size, format.tag)}</span>
              {upload.state === 'failed' ? (
                <span className="kyc-file-error">{upload.error}</span>
              ) : (
                <progress
                  className="kyc-progress"
                  max={100}
                  value={Math.round(upload.progress * 100)}
                  aria-label={t('verification.progress', { name: upload.name })}
                  data-testid="upload-progress"
                />
              )}
            </span>
            {upload.state === 'failed' ? (
              <span className="kyc-file-end">
                <span className="status-pill" data-status="failed">
                  {t('verification.fileStatus.failed')}
                </span>
                <button
                  type="button"
                  className="kyc-dismiss"
                  aria-label={t('verification.dismiss', { name: upload.name })}
                  onClick={() => props.onDismiss(upload.id)}
                >
                  ×
                </button>
              </span>
            ) : (
              <span className="status-pill" data-status="uploading">
                {t('verification.fileStatus.uploading', { percent: percent(upload.progress) })}
              </span>
            )}
          </li>
        ))}
        {[...props.documents].reverse().map((doc) => (
          <li key={doc.id} className="kyc-file" data-status={doc.status} data-testid="verification-document">
            <span className="kyc-file-type" aria-hidden="true">
              {typeOf(doc.mime)}
            </span>
            <span className="kyc-file-main">
              <strong>{t(`verification.kinds.${doc.kind}`)}</strong>
              {doc.name && (
                <span className="kyc-file-name" title={doc.name}>
                  {doc.name}
                </span>
              )}
              <span className="kyc-file-meta">
                {formatFileSize(doc.size, format.tag)} ·{' '}
                {format.date(doc.uploaded_at, { dateStyle: 'medium' })}
              </span>
            </span>
            <span className="status-pill" data-status={doc.status}>
              {t(`verification.fileStatus.${doc.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
