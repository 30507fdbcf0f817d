import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportMessages } from '../../../client/errors.ts';
import { checkUpload, money, type UploadProblem } from '../../../client/money.ts';
import { formatFileSize } from '../../../client/money-format.ts';
import { pageLocale } from '../../../client/site.ts';
import { formatters } from '../../../i18n/format.ts';
import { DOCUMENT_TYPES, type DocumentKind, MAX_DOCUMENT_BYTES } from '../../../shared/verification.ts';
import { useApiCall } from '../../ui/useApi.ts';

/** A file on its way (or refused by the server): shown in the list until it is stored. */
export interface LocalUpload {
  id: number;
  kind: DocumentKind;
  name: string;
  size: number;
  state: 'queued' | 'uploading' | 'failed';
  /** Share of the body sent, 0…1. */
  progress: number;
  /** Why the server refused it (translated). */
  error?: string;
}

/** A file refused before sending, and why (translated). */
export interface Refusal {
  name: string;
  reason: string;
}

/** "JPEG, PNG or PDF" in the page's language. */
export function acceptedTypes(tag: string): string {
  return new Intl.ListFormat(tag, { type: 'disjunction' }).format(DOCUMENT_TYPES);
}

/**
 * The Verification modal's uploads: files are checked (type, size) before anything is sent (a
 * refused one is named with the reason), then sent one at a time with their progress; a stored
 * one leaves the local list once `onStored` has reloaded the server's list, a failed one stays
 * with the server's reason until dismissed.
 */
export function useDocumentUploads(onStored: () => Promise<void>) {
  const { t } = useTranslation();
  const tag = formatters(pageLocale()).tag;
  const [list, setList] = useState<LocalUpload[]>([]);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const queue = useRef<Array<{ id: number; kind: DocumentKind; file: File }>>([]);
  const working = useRef(false);
  const nextId = useRef(1);
  const call = useApiCall();
  const stored = useRef(onStored);
  stored.current = onStored;

  const patch = (id: number, change: Partial<LocalUpload>) =>
    setList((items) => items.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const detail = (problem: UploadProblem) =>
    problem === 'file_type_not_allowed'
      ? acceptedTypes(tag)
      : formatFileSize(problem === 'file_too_large' ? MAX_DOCUMENT_BYTES : 0, tag);

  // Sends the queued files one at a time; state lives in refs, so any render's copy may run it.
  const drain = async () => {
    if (working.current) return;
    working.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { id, kind, file } = next;
        patch(id, { state: 'uploading', progress: 0 });
        const answer = await call.run(
          () =>
            money.upload(kind, file, ({ loaded, total }) =>
              patch(id, { progress: total > 0 ? Math.min(1, loaded / total) : 0 }),
            ),
          { notify: false },
        );
        if (answer) {
          patch(id, { progress: 1 });
          await stored.current();
          setList((items) => items.filter((item) => item.id !== id));
        } else {
          const report = call.lastReport();
          const [message] = report ? reportMessages(report, call.translator) : [];
          patch(id, { state: 'failed', error: message ?? t('error.unknown') });
        }
      }
    } finally {
      working.current = false;
    }
  };

  /** Files chosen or dropped for one document type. */
  const add = (kind: DocumentKind, files: File[]) => {
    const problems: Refusal[] = [];
    const accepted: LocalUpload[] = [];
    for (const file of files) {
      const problem = checkUpload(file);
      if (problem) {
        problems.push({
          name: file.name,
          reason: t(problem === 'file_empty' ? 'verification.fileEmpty' : `error.${problem}`, {
            detail: detail(problem),
          }),
        });
        continue;
      }
      const id = nextId.current++;
      queue.current.push({ id, kind, file });
      accepted.push({ id, kind, name: file.name, size: file.size, state: 'queued', progress: 0 });
    }
    setRefused(problems);
    if (accepted.length > 0) {
      setList((items) => [...items, ...accepted]);
      void drain();
    }
  };

  return {
    list,
    refused,
    add,
    dismiss: (id: number) => setList((items) => items.filter((item) => item.id !== id)),
  };
}
