import { useStore } from '@nanostores/react';
import { type FormEvent, type SyntheticEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { localHref, pageLocale } from '../../../client/site.ts';
import { generateClientSeed, validateClientSeed } from '../../../games/fair/seeds.ts';
import { formatters } from '../../../i18n/format.ts';
import { openModal } from '../../../stores/modals.ts';
import { $sessionStatus, $user } from '../../../stores/user.ts';
import '../../modals/modal.css';
import { FieldShell, fieldAria } from '../../ui/fields/FieldShell.tsx';
import { IslandSkeleton } from '../../ui/IslandRoot.tsx';
import { useApiCall } from '../../ui/useApi.ts';
import { verifyBetHref } from '../kit/verify-link.ts';
import { type SeedValue, SeedValues } from './CopyButton.tsx';
import { type ActivePair, betsOf, fairnessApi, type PastPair, type RevealedPair } from './fairness-api.ts';
import './fairness.css';
import { useDialog } from './use-dialog.ts';
import { emptyForm, isGame, queryOf, type VerifyExtras } from './verify-query.ts';

const PER_PAGE = 10;

/**
 * The fairness window of every original (docs/game-kit.md): the active seed pair, changing the
 * client seed (a rotation, which reveals the server seed in use), and the revealed pairs with links
 * to the /fairness verifier. Rendered into <body>, over the game.
 */
export default function FairnessModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(dialogRef, onClose);
  const user = useStore($user);
  const status = useStore($sessionStatus);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboard users have Escape and the close button.
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        event.stopPropagation();
        if (event.target === event.currentTarget) onClose();
      }}
      {...CONTAINED}
    >
      <div
        ref={dialogRef}
        className="modal fair-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-modal="Fairness"
        onKeyDown={onKeyDown}
      >
        <header className="modal-head">
          <h2 id={titleId}>{t('fairness.modal.title')}</h2>
          <button type="button" className="modal-close" aria-label={t('modals.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <p className="fair-intro">{t('fairness.modal.intro')}</p>
        {status === 'unknown' ? (
          <IslandSkeleton />
        ) : user ? (
          <Seeds />
        ) : (
          <div className="fair-guest">
            <p>{t('fairness.modal.guest')}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onClose();
                openModal('Login');
              }}
            >
              {t('auth.login')}
            </button>
          </div>
        )}
        <p className="fair-more">
          <a href={localHref('/fairness')}>{t('fairness.modal.howItWorks')}</a>
        </p>
      </div>
    </div>,
    document.body,
  );
}

const stop = (event: SyntheticEvent) => event.stopPropagation();
/**
 * React events bubble along the component tree, through the portal, into whatever opened the
 * modal: the game kit's bet panel is a form, so the rotation's submit would place a bet there.
 * The dialog keeps its events to itself.
 */
const CONTAINED = {
  onClick: stop,
  onSubmit: stop,
  onChange: stop,
  onInput: stop,
  onKeyUp: stop,
  onPointerDown: stop,
  onFocus: stop,
  onBlur: stop,
};

/** The game of the page the modal was opened on (`/games/<game>`), for verify links. */
function currentGame() {
  const game = /\/games\/([a-z]+)/.exec(window.location.pathname)?.[1];
  return isGame(game) ? game : 'dice';
}

/**
 * The /fairness link that recomputes the last bet of a revealed pair: the bet itself (loaded with
 * its game and inputs) when the server named it, else the pair's seeds with this page's game.
 */
export function verifyHref(
  pair: {
    server_seed: string;
    client_seed: string;
    commitment: string;
    last_bet?: { id: string; game: string } | null | undefined;
  },
  bets: number,
) {
  if (pair.last_bet) return verifyBetHref(pair.last_bet.id);
  const form = emptyForm(currentGame());
  form.values.server_seed = pair.server_seed;
  form.values.client_seed = pair.client_seed;
  form.values.nonce = String(Math.max(0, bets - 1));
  const extras: VerifyExtras = { commitment: pair.commitment };
  return `${localHref('/fairness')}?${queryOf(form, extras)}`;
}

function Seeds() {
  const { t } = useTranslation();
  const [active, setActive] = useState<ActivePair | null>(null);
  const [revealed, setRevealed] = useState<RevealedPair | null>(null);
  const [failed, setFailed] = useState(false);
  const [historyRevision, setHistoryRevision] = useState(0);
  const loader = useApiCall();
  const load = loader.run;

  useEffect(() => {
    let live = true;
    void load(() => fairnessApi.seeds(), { replace: true }).then((answer) => {
      if (!live) return;
      if (answer) setActive(answer);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [load]);

  if (!active) {
    return failed ? <p className="muted">{t('fairness.modal.loadFailed')}</p> : <IslandSkeleton />;
  }
  return (
    <div className="fair-body" data-testid="fairness-modal">
      <section aria-labelledby="fair-active-title">
        <h3 id="fair-active-title" className="fair-subtitle">
          {t('fairness.modal.active')}
        </h3>
        <SeedValues
          values={[
            { label: t('fairness.modal.commitment'), value: active.commitment, testId: 'fair-commitment' },
            { label: t('fairness.modal.clientSeed'), value: active.client_seed, testId: 'fair-client-seed' },
            {
              label: t('fairness.modal.nonce'),
              value: String(active.nonce),
              testId: 'fair-nonce',
              copy: false,
            },
            {
              label: t('fairness.modal.nextCommitment'),
              value: active.next_commitment,
              testId: 'fair-next-commitment',
            },
          ]}
        />
      </section>
      <RotateForm
        onRotated={(answer) => {
          setActive(answer.active);
          setRevealed(answer.previous);
          setHistoryRevision((n) => n + 1);
        }}
      />
      {revealed && <Revealed pair={revealed} />}
      <History revision={historyRevision} />
    </div>
  );
}

function RotateForm({
  onRotated,
}: {
  onRotated: (answer: { previous: RevealedPair; active: ActivePair }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [seed, setSeed] = useState(generateClientSeed);
  const [clientError, setClientError] = useState<string | null>(null);
  const { pending, run, report, clearReport } = useApiCall();

  const serverError = (() => {
    if (report?.fields.game?.some((m) => m.startsWith('game_in_progress')))
      return t('fairness.modal.gameInProgress');
    if (report?.fields.client_seed?.length) return t('fairness.modal.invalidClientSeed');
    return null;
  })();
  const error = clientError ?? serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = seed.trim();
    if (!validateClientSeed(trimmed).ok) return setClientError(t('fairness.modal.invalidClientSeed'));
    const answer = await run(() => fairnessApi.rotate(trimmed));
    if (!answer) return;
    setSeed(generateClientSeed());
    onRotated(answer);
  };

  return (
    <form className="fair-rotate" noValidate onSubmit={submit} data-testid="fair-rotate">
      <FieldShell
        id={id}
        label={t('fairness.modal.newClientSeed')}
        error={error}
        hint={t('fairness.modal.rotateHint')}
      >
        <div className="fair-seed-row">
          <input
            id={id}
            className="input fair-mono"
            name="client_seed"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={seed}
            {...fieldAria(id, error, true)}
            onChange={(event) => {
              setSeed(event.target.value);
              setClientError(null);
              clearReport();
            }}
          />
          <button
            type="button"
            className="btn"
            onClick={() => {
              setSeed(generateClientSeed());
              setClientError(null);
            }}
          >
            {t('fairness.modal.random')}
          </button>
        </div>
      </FieldShell>
      {/* Not `disabled` while pending: a disabled button drops focus out of the dialog. */}
      <button type="submit" className="btn btn-primary" aria-disabled={pending} aria-busy={pending}>
        {pending && <span className="spinner" aria-hidden="true" />}
        {t('fairness.modal.rotate')}
      </button>
    </form>
  );
}

/** A revealed pair's server seed, commitment and client seed. */
function pairValues(
  t: (key: string) => string,
  pair: Pick<RevealedPair, 'server_seed' | 'commitment' | 'client_seed'>,
  seedTestId?: string,
): SeedValue[] {
  return [
    {
      label: t('fairness.modal.serverSeed'),
      value: pair.server_seed,
      ...(seedTestId ? { testId: seedTestId } : {}),
    },
    { label: t('fairness.modal.commitment'), value: pair.commitment },
    { label: t('fairness.modal.clientSeed'), value: pair.client_seed },
  ];
}

function Revealed({ pair }: { pair: RevealedPair }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section
      ref={ref}
      className="fair-revealed"
      aria-labelledby="fair-revealed-title"
      data-testid="fair-revealed"
    >
      <h3 id="fair-revealed-title" className="fair-subtitle" role="status">
        {t('fairness.modal.revealed')}
      </h3>
      <SeedValues values={pairValues(t, pair, 'fair-revealed-seed')} />
      <p className="fair-row">
        <span className="muted">{t('fairness.modal.bets', { count: betsOf(pair) })}</span>
        <a className="btn btn-sm" href={verifyHref(pair, betsOf(pair))} data-testid="fair-verify-link">
          {t('fairness.modal.verify')}
        </a>
      </p>
    </section>
  );
}

function History({ revision }: { revision: number }) {
  const { t } = useTranslation();
  const format = formatters(pageLocale());
  const [pairs, setPairs] = useState<PastPair[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const { run, pending } = useApiCall();

  const fetchPage = useCallback(
    async (next: number) => {
      const answer = await run(() => fairnessApi.history(next, PER_PAGE), {
        notify: false,
        replace: next === 1,
      });
      if (!answer) return setPairs((list) => list ?? []);
      setPairs((list) => (next === 1 ? answer.data : [...(list ?? []), ...answer.data]));
      setTotal(answer.meta.total);
      setPage(next);
    },
    [run],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` reloads after a rotation.
  useEffect(() => {
    void fetchPage(1);
  }, [fetchPage, revision]);

  return (
    <section aria-labelledby="fair-history-title" className="fair-history">
      <h3 id="fair-history-title" className="fair-subtitle">
        {t('fairness.modal.history')}
      </h3>
      {!pairs ? (
        <p className="muted">{t('common.loading')}</p>
      ) : pairs.length === 0 ? (
        <p className="muted">{t('fairness.modal.historyEmpty')}</p>
      ) : (
        <ul className="fair-pairs" data-testid="fair-history">
          {pairs.map((pair) => (
            <li key={pair.id}>
              <details>
                <summary>
                  <span>
                    {format.date(pair.revealed_at, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: undefined,
                    })}
                  </span>
                  <span className="muted">{t('fairness.modal.bets', { count: betsOf(pair) })}</span>
                </summary>
                <SeedValues values={pairValues(t, pair)} />
                <a className="btn btn-sm" href={verifyHref(pair, betsOf(pair))}>
                  {t('fairness.modal.verify')}
                </a>
              </details>
            </li>
          ))}
        </ul>
      )}
      {pairs && pairs.length < total && (
        <button
          type="button"
          className="btn btn-sm"
          disabled={pending}
          onClick={() => void fetchPage(page + 1)}
        >
          {t('fairness.modal.more')}
        </button>
      )}
    </section>
  );
}
