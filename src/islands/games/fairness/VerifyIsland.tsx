import { useStore } from '@nanostores/react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../client/errors.ts';
import { CASES } from '../../../games/cases/catalogue.ts';
import * as web from '../../../games/fair/web.ts';
import { SLOT_INFO, SLOT_SLUGS } from '../../../games/slots/index.ts';
import { isSlot } from '../../../games/slots/verify.ts';
import { LIVE_GAME_OPTIONS, type LiveGame, VerifyFailure, verify } from '../../../games/verifier.ts';
import { SEGMENT_COUNTS, RISKS as WHEEL_RISKS } from '../../../games/wheel/engine.ts';
import type { Locale } from '../../../shared/locales.ts';
import { openModal } from '../../../stores/modals.ts';
import { $sessionStatus, $user } from '../../../stores/user.ts';
import { IslandRoot } from '../../ui/IslandRoot.tsx';
import { LineIcon } from '../../ui/LineIcon.tsx';
import { fairnessApi } from './fairness-api.ts';
import './fairness.css';
import { GAMES } from '../../../games/verifier.ts';
import { CrashChainCheck } from './CrashChainCheck.tsx';
import { type Computed, VerifyResult } from './VerifyResult.tsx';
import {
  type Field,
  fieldsOf,
  fieldValue,
  foreignServerSeed,
  formFromBet,
  formFromQuery,
  invalidFields,
  queryOf,
  requestOf,
  type VerifyExtras,
  type VerifyForm,
} from './verify-query.ts';

const FairnessModal = lazy(() => import('./FairnessModal.tsx'));

/** The Web Crypto primitives: verification never leaves the browser. */
const FAIR = { floats: web.floats, hmacSha256Hex: web.hmacSha256Hex, sha256Hex: web.sha256Hex };

/** The live tables, offered after the originals. */
const LIVE_GAMES = Object.keys(LIVE_GAME_OPTIONS) as LiveGame[];

/** Games whose input is a chain link: the sha256 shown is the previous round's hash, and no commitment applies. */
const chained = (game: VerifyForm['game']) =>
  game === 'crash' || game === 'live-roulette' || game === 'live-baccarat';

/**
 * The /fairness verifier: recomputes any bet in the browser from its seeds with the engines the
 * server uses (src/games/verifier.ts). Fields come prefilled from the query string; with
 * `?bet=<id>` the player's own bet is loaded (the only server call).
 */
export default function VerifyIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Verifier locale={locale} />
    </IslandRoot>
  );
}

/** The recomputed outcome, or the message key of inputs the chain contradicts (a live baccarat hand number). */
async function compute(form: VerifyForm): Promise<Computed | { failure: 'shoe' } | null> {
  const request = requestOf(form);
  if (!request.ok) return null;
  let outcome: Computed['outcome'];
  try {
    outcome = await verify(request.value, FAIR);
  } catch (error) {
    if (error instanceof VerifyFailure) return { failure: 'shoe' };
    throw error;
  }
  const seed = 'hash' in request.value ? request.value.hash : request.value.roll.serverSeed;
  return { game: form.game, outcome, sha256: await web.sha256Hex(seed) };
}

type BetState = 'loading' | 'login' | 'notFound' | 'failed' | 'hidden' | null;

function Verifier({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [initial] = useState(() => formFromQuery(window.location.search));
  const [form, setForm] = useState<VerifyForm>(initial.form);
  const [extras, setExtras] = useState<VerifyExtras>(initial.extras);
  const [submitted, setSubmitted] = useState(false);
  const [computed, setComputed] = useState<Computed | null>(null);
  /** The form's inputs parse, but the chain contradicts them (shown as the hand number's error). */
  const [failure, setFailure] = useState<'shoe' | null>(null);
  const [betState, setBetState] = useState<BetState>(initial.extras.bet ? 'loading' : null);
  const [betRevision, setBetRevision] = useState(0);
  const [modalOpen, setModalOpen] = useState(false);
  const signedIn = useStore($user) !== null;
  const sessionKnown = useStore($sessionStatus) !== 'unknown';
  const formRef = useRef<HTMLFormElement>(null);
  const invalid = invalidFields(form);

  // Recompute whenever the inputs are complete and valid; a newer computation wins.
  const sequence = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `invalid` derives from `form`.
  useEffect(() => {
    const run = ++sequence.current;
    if (invalid.length > 0) {
      setComputed(null);
      setFailure(null);
      return;
    }
    void compute(form).then((result) => {
      if (run !== sequence.current) return;
      const failed = result !== null && 'failure' in result;
      setComputed(failed ? null : result);
      setFailure(failed ? result.failure : null);
    });
  }, [form]);

  // A shareable address for what is on screen (a pending ?bet= link stays as it is).
  useEffect(() => {
    if (!computed || extras.bet) return;
    window.history.replaceState(window.history.state, '', `?${queryOf(form, extras)}`);
  }, [computed, form, extras]);

  // Loads a `?bet=` link once the session is known. Only signing in or out reloads it (not every
  // update of the player's profile), and an answer that arrives after a newer load is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `betRevision` reloads after the seed window closes.
  useEffect(() => {
    const id = extras.bet;
    if (!id || !sessionKnown) return;
    if (!signedIn) {
      setBetState('login');
      return;
    }
    let live = true;
    setBetState('loading');
    fairnessApi.bet(id).then(
      (bet) => {
        if (!live) return;
        const loaded = formFromBet(bet);
        setForm(loaded.form);
        if (bet.server_seed) {
          setExtras(loaded.extras);
          setBetState(null);
        } else {
          setExtras({ ...loaded.extras, bet: id });
          setBetState('hidden');
        }
      },
      (error: unknown) => {
        if (!live) return;
        const report = describeApiError(error);
        if (report.sessionLost) setBetState('login');
        else setBetState(report.status === 404 || report.status === 422 ? 'notFound' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [extras.bet, signedIn, sessionKnown, betRevision]);

  const update = (field: Field, value: string) =>
    setForm((f) => ({ ...f, values: { ...f.values, [field]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const first = invalid[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const errorOf = (field: Field) => {
    if (invalid.includes(field) && (submitted || form.values[field] !== '')) {
      return t(`fairness.verify.errors.${field}`);
    }
    return field === 'shoe_hand' && failure
      ? t('fairness.verify.errors.shoe', { hand: form.values.shoe_hand })
      : null;
  };

  return (
    <div className="fair-verifier" data-testid="verifier">
      {betState && betState !== 'hidden' && (
        <div className="fair-notice" role="status" data-testid="bet-state" data-state={betState}>
          <p>{t(`fairness.verify.bet.${betState}`)}</p>
          {betState === 'failed' && (
            <button type="button" className="btn btn-sm" onClick={() => setBetRevision((n) => n + 1)}>
              {t('fairness.verify.bet.retry')}
            </button>
          )}
          {betState === 'login' && (
            <button type="button" className="btn btn-sm" onClick={() => openModal('Login')}>
              {t('auth.login')}
            </button>
          )}
        </div>
      )}
      {betState === 'hidden' && (
        <div className="fair-notice" role="status" data-testid="bet-state" data-state="hidden">
          <p>
            <strong>{t('fairness.verify.bet.hiddenTitle')}</strong>
          </p>
          <p>{t('fairness.verify.bet.hidden')}</p>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setModalOpen(true)}
            data-testid="open-seeds"
          >
            {t('fairness.verify.bet.openSeeds')}
          </button>
        </div>
      )}
      <div className="fair-verifier-grid">
        <form
          ref={formRef}
          className="form fair-form"
          noValidate
          onSubmit={submit}
          aria-labelledby="verify-title"
        >
          <GameSelect value={form.game} onChange={(game) => setForm((f) => ({ ...f, game }))} />
          {fieldsOf(form.game).map((field) => (
            <FieldInput
              key={field}
              form={form}
              field={field}
              error={errorOf(field)}
              warning={
                field === 'server_seed' && foreignServerSeed(form) ? t('fairness.verify.seedWarning') : null
              }
              onChange={update}
            />
          ))}
          {!chained(form.game) && (
            <CommitmentInput
              value={extras.commitment ?? ''}
              onChange={(commitment) => setExtras((x) => ({ ...x, commitment: commitment || undefined }))}
            />
          )}
          <button type="submit" className="btn btn-primary">
            {t('fairness.verify.submit')}
          </button>
        </form>
        <section
          className="fair-result"
          aria-live="polite"
          aria-labelledby="verify-result-title"
          data-testid="verify-result"
        >
          <h3 id="verify-result-title" className="fair-subtitle">
            {t('fairness.verify.result')}
          </h3>
          {computed ? (
            <>
              <VerifyResult computed={computed} extras={extras} locale={locale} />
              <Sha256Check
                computed={computed}
                expected={chained(form.game) ? undefined : extras.commitment}
              />
              {form.game === 'crash' && <CrashChainCheck hash={form.values.hash} salt={form.values.salt} />}
            </>
          ) : (
            <p className="muted">{t('fairness.verify.empty')}</p>
          )}
          <p className="fair-offline">
            <LineIcon size={16}>
              <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z" />
              <path d="m8.5 12 2.5 2.5 4.5-5" />
            </LineIcon>
            {t('fairness.verify.offline')}
          </p>
        </section>
      </div>
      {modalOpen && (
        <Suspense fallback={null}>
          <FairnessModal
            onClose={() => {
              setModalOpen(false);
              setBetRevision((n) => n + 1);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function GameSelect({
  value,
  onChange,
}: {
  value: VerifyForm['game'];
  onChange: (game: VerifyForm['game']) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('fairness.verify.game')}</label>
      <select
        id={id}
        name="game"
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as VerifyForm['game'])}
      >
        {GAMES.filter((game) => !isSlot(game)).map((game) => (
          <option key={game} value={game}>
            {t(`games.${game}.name`)}
          </option>
        ))}
        <optgroup label={t('games.slots.name')}>
          {SLOT_SLUGS.map((game) => (
            <option key={game} value={game}>
              {SLOT_INFO[game].name}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('games.liveCasino.name')}>
          {LIVE_GAMES.map((game) => (
            <option key={game} value={game}>
              {t(`games.${game}.name`)}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}

const SELECTS: Partial<Record<Field, readonly string[]>> = {
  risk: WHEEL_RISKS,
  segments: SEGMENT_COUNTS.map(String),
  case: CASES.map((c) => c.slug),
};
const NUMERIC: ReadonlySet<Field> = new Set(['nonce', 'mines', 'count', 'tickets', 'shoe_hand']);

function FieldInput({
  form,
  field,
  error,
  warning,
  onChange,
}: {
  form: VerifyForm;
  field: Field;
  error: string | null;
  /** Shown under the field when its value is taken but unusual (another site's server seed). */
  warning: string | null;
  onChange: (field: Field, value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label =
    field === 'count'
      ? t(`fairness.verify.fields.count_${form.game === 'coinflip' ? 'flips' : 'cards'}`)
      : t(`fairness.verify.fields.${field}`);
  const options = SELECTS[field];
  const describedBy = error ? `${id}-error` : warning ? `${id}-warning` : undefined;
  const optionLabel = (value: string) =>
    field === 'case' ? t(`cases.${value}`) : field === 'risk' ? t(`fairness.verify.risks.${value}`) : value;
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select
          id={id}
          name={field}
          className="input"
          value={form.values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(field, event.target.value)}
        >
          {!options.includes(form.values[field]) && (
            <option value={form.values[field]}>{form.values[field]}</option>
          )}
          {options.map((value) => (
            <option key={value} value={value}>
              {optionLabel(value)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field}
          className={`input${NUMERIC.has(field) ? '' : ' fair-mono'}`}
          inputMode={NUMERIC.has(field) ? 'numeric' : 'text'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={form.values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(field, fieldValue(field, event.target.value))}
        />
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {!error && warning && (
        <p className="field-hint fair-warning" id={`${id}-warning`} data-testid="seed-warning">
          {warning}
        </p>
      )}
    </div>
  );
}

function CommitmentInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('fairness.verify.fields.commitment')}</label>
      <input
        id={id}
        name="commitment"
        className="input fair-mono"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.trim().toLowerCase())}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {t('fairness.verify.fields.commitmentHint')}
      </p>
    </div>
  );
}

/** sha256 of the seed, compared with the commitment when one is known. */
function Sha256Check({ computed, expected }: { computed: Computed; expected: string | undefined }) {
  const { t } = useTranslation();
  const crash = chained(computed.game);
  const match = expected ? expected === computed.sha256 : null;
  return (
    <div className="fair-check" data-match={match === null ? undefined : String(match)}>
      <p className="fair-check-label">
        {t(crash ? 'fairness.verify.previousHash' : 'fairness.verify.sha256')}
      </p>
      <code data-testid="verify-sha256">{computed.sha256}</code>
      {match !== null && (
        <p className="fair-check-verdict" data-testid="verify-match">
          {match ? `✓ ${t('fairness.verify.match')}` : `✗ ${t('fairness.verify.mismatch')}`}
        </p>
      )}
    </div>
  );
}
