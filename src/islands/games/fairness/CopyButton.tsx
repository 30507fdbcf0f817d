import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../ui/LineIcon.tsx';
import './values.css';

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
      <LineIcon size={16}>
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </LineIcon>
      <span role="status">
        {state === 'copied' ? t('fairness.copied') : state === 'failed' ? t('fairness.copyFailed') : ''}
      </span>
    </button>
  );
}

export interface SeedValue {
  label: string;
  value: string;
  testId?: string;
  /** False for a short value (a nonce) that needs no copy button. */
  copy?: boolean;
}

/** A labelled hash or seed: monospace, wraps anywhere, with a copy button. */
export function HashValue({ label, value, testId, copy = true }: SeedValue) {
  return (
    <div className="fair-value">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        {copy && <CopyButton text={value} label={label} />}
      </dd>
    </div>
  );
}

/** A seed pair's values as a description list. */
export function SeedValues({ values }: { values: readonly SeedValue[] }) {
  return (
    <dl className="fair-values">
      {values.map((value) => (
        <HashValue key={value.label} {...value} />
      ))}
    </dl>
  );
}
