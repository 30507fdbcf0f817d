import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiErrorReport, describeApiError, fieldMessage, type Translator } from '../../client/errors.ts';
import { notifyCode, notifyError } from '../../client/notices.ts';
import { isLocale, LANGUAGE_TAG } from '../../shared/locales.ts';
import { openModal } from '../../stores/modals.ts';
import { dismissNotice } from '../../stores/notices.ts';
import { formatMoment, isMoment } from './moment.ts';

/**
 * The translator the error helpers need, from the island's i18next instance. `formatDetail`
 * rewrites the detail of a server message before it is shown (an amount in the page's format:
 * `amount_too_small:100.00` → "R$ 100").
 */
export function useTranslator(formatDetail?: (detail: string) => string): Translator {
  const { t, i18n } = useTranslation();
  const format = useRef(formatDetail);
  format.current = formatDetail;
  return useMemo(
    () => ({
      t: (key: string, options?: { detail: string }) =>
        t(
          key,
          options
            ? {
                ...options,
                detail: format.current?.(options.detail) ?? momentOf(options.detail, i18n.language, t),
              }
            : {},
        ),
      exists: (key: string) => i18n.exists(key),
    }),
    [t, i18n],
  );
}

/** A detail that is a moment in the reader's language and time zone; "indefinite" in words. */
function momentOf(detail: string, language: string, t: (key: string) => string): string {
  if (detail === 'indefinite') return t('responsible.indefinite');
  if (!isMoment(detail)) return detail;
  return formatMoment(detail, isLocale(language) ? LANGUAGE_TAG[language] : language);
}

export type ClientErrors = Record<string, string | null | undefined>;

/**
 * Runs API calls for a form: `pending` while one runs (submit disabled), the server's error report
 * for inline field messages, and an error notice (src/client/notices.ts) for everything that went
 * wrong. When the session is lost (the refresh failed) the player is told once and offered the
 * Login modal.
 */
export function useApiCall(options: { formatDetail?: (detail: string) => string } = {}) {
  const translator = useTranslator(options.formatDetail);
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<ApiErrorReport | null>(null);
  const busy = useRef(false);
  const sequence = useRef(0);
  const last = useRef<ApiErrorReport | null>(null);
  const notices = useRef<number[]>([]);
  // `run` keeps one identity for the island's life, so effects that load through it run once.
  const translatorRef = useRef(translator);
  translatorRef.current = translator;

  /**
   * Runs `action`. A form's submit is refused (`undefined`) while an earlier one runs; a loader
   * passes `replace: true`, so a newer load (other filters, another page) is never refused and
   * the call it supersedes no longer steers `pending`.
   */
  const run = useCallback(
    async <T>(
      action: () => Promise<T>,
      options: { notify?: boolean; replace?: boolean } = {},
    ): Promise<T | undefined> => {
      if (busy.current && !options.replace) return undefined;
      const call = ++sequence.current;
      const current = () => call === sequence.current;
      busy.current = true;
      setPending(true);
      setReport(null);
      last.current = null;
      // A new attempt replaces what the previous one reported.
      for (const id of notices.current.splice(0)) dismissNotice(id);
      try {
        return await action();
      } catch (error) {
        const next = describeApiError(error);
        if (!current()) return undefined;
        last.current = next;
        setReport(next);
        const translate = translatorRef.current;
        if (next.sessionLost) {
          notices.current.push(notifyCode('session_expired', translate));
          openModal('Login');
        } else if (options.notify !== false) {
          const id = notifyError(next, translate);
          if (id !== null) notices.current.push(id);
        }
        return undefined;
      } finally {
        if (current()) {
          busy.current = false;
          setPending(false);
        }
      }
    },
    [],
  );

  /** The first server message for one of `fields` (a form field may map to several API names). */
  const serverError = useCallback(
    (...fields: string[]): string | null => {
      for (const field of fields) {
        const text = fieldMessage(report, field, translator);
        if (text) return text;
      }
      return null;
    },
    [report, translator],
  );

  return {
    pending,
    report,
    /** The report of the call that just finished (state updates land on the next render). */
    lastReport: () => last.current,
    run,
    serverError,
    clearReport: () => setReport(null),
    /** Drops the server's messages on `fields`: the player edited the field, the message is stale. */
    dismiss: useCallback((...fields: string[]) => {
      setReport((current) => withoutFields(current, fields));
      last.current = withoutFields(last.current, fields);
    }, []),
    translator,
  };
}

/** `report` without the messages on `fields` (itself when it has none of them). */
export function withoutFields(
  report: ApiErrorReport | null,
  fields: readonly string[],
): ApiErrorReport | null {
  if (!report || !fields.some((field) => field in report.fields)) return report;
  const kept = Object.fromEntries(Object.entries(report.fields).filter(([field]) => !fields.includes(field)));
  return { ...report, fields: kept };
}

/** One form's API calls (`useApiCall`), for a part of the form that runs them. */
export type ApiCall = ReturnType<typeof useApiCall>;
