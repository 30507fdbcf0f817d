import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import type { CrashRound } from '../../shared/api/crash.ts';
import { HashValue } from '../games/fairness/CopyButton.tsx';
import { emptyForm, queryOf } from '../games/fairness/verify-query.ts';
import { gameApi } from '../games/kit/api.ts';
import { BetsTable, type CrashFormats } from './CrashTables.tsx';

/** The /fairness query that recomputes a crashed round's point from its hash and the chain's salt. */
export function verifyQuery(round: CrashRound, salt: string): string | null {
  if (!round.hash) return null;
  const form = emptyForm('crash');
  form.values.hash = round.hash;
  form.values.salt = salt;
  form.values.round_id = String(round.id);
  return queryOf(form);
}

/** A round's details: its crash point, every bet, the revealed hash and the verify link. */
export function RoundModal({
  id,
  salt,
  formats,
  onClose,
}: {
  id: number;
  salt: string | null;
  formats: CrashFormats;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [round, setRound] = useState<CrashRound | null>(null);
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    let live = true;
    gameApi.get('GET /games/crash/rounds/:id', { params: { id } }).then(
      (answer) => live && setRound(answer),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const query = round && salt ? verifyQuery(round, salt) : null;
  return (
    <dialog
      ref={dialog}
      className="cr-modal card"
      aria-labelledby="cr-modal-title"
      onClose={onClose}
      data-testid="crash-round-modal"
    >
      <header className="cr-modal-head">
        <h2 id="cr-modal-title">{t('crashGame.roundNo', { id })}</h2>
        <button
          type="button"
          className="btn"
          onClick={() => dialog.current?.close()}
          aria-label={t('crashGame.close')}
        >
          ✕
        </button>
      </header>
      {failed && <p role="alert">{t('crashGame.loadFailed')}</p>}
      {round && (
        <>
          <p className="cr-modal-point">
            {round.crash_point
              ? t('crashGame.crashedAt', { point: formats.multiplier(round.crash_point) })
              : t('crashGame.inPlay')}
          </p>
          <BetsTable
            bets={round.bets}
            formats={formats}
            testId="crash-round-bets"
            caption={t('crashGame.players')}
          />
          {round.hash && (
            <dl className="fair-values">
              <HashValue label={t('crashGame.hash')} value={round.hash} testId="crash-round-hash" />
            </dl>
          )}
          {query && (
            <a
              className="btn cr-verify"
              href={`${localHref('/fairness')}?${query}`}
              data-testid="crash-verify"
            >
              {t('crashGame.verify')}
            </a>
          )}
        </>
      )}
    </dialog>
  );
}
