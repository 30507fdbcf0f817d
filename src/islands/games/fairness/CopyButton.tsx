import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard and says so for a moment (announced to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1600);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button
      type="button"
      className="fair-copy"
      onClick={() => void copy()}
      aria-label={`${t('fairness.copy')}: ${label}`}
    >
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </svg>
      <span role="status">
        {state === 'copied' ? t('fairness.copied') : state === 'failed' ? t('fairness.copyFailed') : ''}
      </span>
    </button>
  );
}

/** A labelled hash or seed: monospace, wraps anywhere, with a copy button. */
export function HashValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="fair-value">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        <CopyButton text={value} label={label} />
      </dd>
    </div>
  );
}
