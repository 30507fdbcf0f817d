import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ACCEPT } from '../../../client/money.ts';
import { formatFileSize } from '../../../client/money-format.ts';
import { MAX_DOCUMENT_BYTES } from '../../../shared/verification.ts';
import { LineIcon } from '../../ui/LineIcon.tsx';
import { acceptedTypes } from './use-document-uploads.ts';

/**
 * Where documents go in: drag files onto it, or click it (or focus it and press Enter or Space)
 * to open the file chooser. It is a label around a visually hidden file input, so the input keeps
 * the focus, the keyboard and the screen reader's name; it states the accepted types and limit.
 */
export function DropZone(props: { tag: string; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) props.onFiles(files);
  };

  return (
    <label
      className="dropzone"
      htmlFor={id}
      data-dragging={dragging ? 'true' : undefined}
      data-testid="verification-dropzone"
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={(event) => {
        // Leaving for a child of the zone is no leaving.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
    >
      <input
        id={id}
        className="visually-hidden"
        type="file"
        name="file"
        multiple
        accept={UPLOAD_ACCEPT}
        aria-describedby={`${id}-limits`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Choosing the same file again must fire `change` again.
          event.target.value = '';
          if (files.length > 0) props.onFiles(files);
        }}
      />
      <span className="dropzone-icon" aria-hidden="true">
        <LineIcon size={26}>
          <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
          <path d="M4 14.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3.5" />
        </LineIcon>
      </span>
      <span className="dropzone-text">
        <strong>{t(dragging ? 'verification.dropNow' : 'verification.dropHere')}</strong>{' '}
        <span className="dropzone-choose">{t('verification.orChoose')}</span>
      </span>
      <span className="dropzone-limits" id={`${id}-limits`}>
        {t('verification.accepts', {
          types: acceptedTypes(props.tag),
          size: formatFileSize(MAX_DOCUMENT_BYTES, props.tag),
        })}
      </span>
    </label>
  );
}
