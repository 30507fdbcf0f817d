import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sha256Hex } from '../../../games/fair/web.ts';
import { gameApi } from '../kit/api.ts';

/** What `GET /games/crash/rounds` publishes of the chain. */
interface Published {
  salt: string | null;
  terminating_hash: string | null;
}

/**
 * Checks a crash game hash against the published terminating hash (docs/fairness.md §4): hashes it
 * again and again in the browser until it reaches `h_0`; the number of steps is the round's id.
 * Shows the published salt too, so the player sees the salt the result used is this site's.
 */
export function CrashChainCheck({ hash, salt }: { hash: string; salt: string }) {
  const { t } = useTranslation();
  const [published, setPublished] = useState<(Published & { length: number }) | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [found, setFound] = useState<number | 'none' | null>(null);
  const run = useRef(0);

  useEffect(() => {
    let live = true;
    Promise.all([
      gameApi.get('GET /games/crash/rounds', { query: { limit: 1 } }),
      gameApi.get('GET /games/crash'),
    ]).then(
      ([rounds, state]) => live && setPublished({ ...rounds, length: state.chain?.length ?? 0 }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  // A new hash starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `hash` is what resets the check.
  useEffect(() => {
    run.current += 1;
    setFound(null);
    setProgress(null);
  }, [hash]);

  const check = async () => {
    if (!published?.terminating_hash) return;
    const mine = ++run.current;
    let current = hash;
    for (let i = 1; i <= published.length; i += 1) {
      current = await sha256Hex(current);
      if (current === published.terminating_hash) return mine === run.current && setFound(i);
      if (i % 2_000 === 0) {
        if (mine !== run.current) return;
        setProgress(i);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
    if (mine === run.current) setFound('none');
  };

  if (!published?.terminating_hash) return null;
  const saltMatches = published.salt === salt;
  return (
    <div
      className="fair-check"
      data-match={found === null ? undefined : String(found !== 'none')}
      data-testid="verify-chain"
    >
      <p className="fair-check-label">{t('fairness.verify.chain.terminating')}</p>
      <code>{published.terminating_hash}</code>
      {!saltMatches && <p className="fair-check-verdict">✗ {t('fairness.verify.chain.otherSalt')}</p>}
      {found === null ? (
        <button type="button" className="btn" onClick={() => void check()} data-testid="verify-chain-check">
          {progress === null
            ? t('fairness.verify.chain.check')
            : t('fairness.verify.chain.progress', { done: progress, total: published.length })}
        </button>
      ) : (
        <p className="fair-check-verdict" data-testid="verify-chain-verdict">
          {found === 'none'
            ? `✗ ${t('fairness.verify.chain.notLinked')}`
            : `✓ ${t('fairness.verify.chain.linked', { id: found })}`}
        </p>
      )}
    </div>
  );
}
