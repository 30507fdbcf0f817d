import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HISTORY_TYPES,
  type HistoryFilters,
  type HistoryRow,
  type HistoryType,
  idempotencyKey,
  money,
  parseAmount,
} from '../../client/money.ts';
import { localHref } from '../../client/site.ts';
import { formatters } from '../../i18n/format.ts';
import type { Currency } from '../../shared/currencies.ts';
import type { Locale } from '../../shared/locales.ts';
import { toMinor } from '../../shared/money.ts';
import { openModal } from '../../stores/modals.ts';
import { $sessionStatus, $user, type User } from '../../stores/user.ts';
import { AmountField } from '../ui/AmountField.tsx';
import { SelectField, SubmitButton, TextField } from '../ui/fields.tsx';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import '../games/fairness/history-verify.css';
import '../ui/money.css';
import { useApiCall } from '../ui/useApi.ts';

const PER_PAGE = 20;

/** /profile/history: a withdrawal request and everything that moved the player's money. */
export default function HistoryIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <History locale={locale} />
    </IslandRoot>
  );
}

function History({ locale }: { locale: Locale }) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  const [revision, setRevision] = useState(0);
  if (status === 'unknown') return <IslandSkeleton />;
  // A guest sees the page's login prompt (ProfileGate) instead.
  if (!user) return null;
  return (
    <div data-testid="history-page">
      {user.currency && (
        <Withdrawal
          user={user}
          currency={user.currency}
          locale={locale}
          onDone={() => setRevision((n) => n + 1)}
        />
      )}
      <HistoryList locale={locale} revision={revision} />
    </div>
  );
}

/** Signed decimal string → display text per locale and currency. */
function formatSigned(locale: Locale, amount: string, currency: string): string {
  const negative = amount.trim().startsWith('-');
  try {
    const minor = toMinor(amount.trim().replace(/^[-+]/, ''));
    return formatters(locale).money(negative ? -minor : minor, currency);
  } catch {
    return `${amount} ${currency}`;
  }
}

function Withdrawal({
  user,
  currency,
  locale,
  onDone,
}: {
  user: User;
  currency: Currency;
  locale: Locale;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState('');
  const [errors, setErrors] = useState<{ amount?: string | null; card?: string | null }>({});
  const [minPayout, setMinPayout] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const { pending, run, serverError, lastReport } = useApiCall();
  const show = (decimal: string) => formatSigned(locale, decimal, currency);

  useEffect(() => {
    let live = true;
    money
      .currencies()
      .then((answer) => {
        const entry = answer.data.find((c) => c.code === currency);
        if (live && entry) setMinPayout(entry.min_payout);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [currency]);

  const edit = (apply: () => void) => {
    apply();
    // Changed content is a new request: it needs its own idempotency key.
    key.current = null;
    setErrors({});
    setDone(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const decimal = parseAmount(amount);
    const next = {
      amount: decimal
        ? minPayout && toMinor(decimal) < toMinor(minPayout)
          ? t('error.amount_below_min_payout', { detail: show(minPayout) })
          : null
        : t(amount.trim() ? 'error.invalid_amount' : 'error.required'),
      card: /^\d{4}$/.test(card) ? null : t(card ? 'payments.cardInvalid' : 'error.required'),
    };
    setErrors(next);
    if (next.amount || next.card || !decimal) return;
    key.current ??= idempotencyKey();
    const requestKey = key.current;
    const answer = await run(() =>
      money.withdraw({ amount: decimal, method: 'sandbox_card', details: { card } }, requestKey),
    );
    if (!answer) {
      const report = lastReport();
      // Only an unanswered attempt may be repeated as the same request; any answer is final.
      if (report && report.status !== null && report.status < 500) key.current = null;
      if (report?.fields.verification?.some((m) => m.startsWith('verification_required')))
        openModal('Verification');
      return;
    }
    key.current = null;
    setAmount('');
    setCard('');
    setDone(show(answer.data.amount));
    onDone();
  };

  return (
    <section className="panel" aria-labelledby="withdraw-title" data-testid="withdraw">
      <div className="panel-head">
        <h2 id="withdraw-title">{t('payments.withdrawTitle')}</h2>
        <p>
          {t('payments.available', { amount: show(user.balance) })}
          {minPayout ? ` · ${t('payments.minPayout', { amount: show(minPayout) })}` : ''}
        </p>
      </div>
      <form className="form withdraw-form" noValidate onSubmit={submit}>
        <div className="withdraw-row">
          <AmountField
            label={t('payments.amount')}
            value={amount}
            currency={currency}
            onChange={(value) => edit(() => setAmount(value))}
            error={errors.amount ?? serverError('amount')}
          />
          <TextField
            label={t('payments.cardLast4')}
            name="card"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder="0000"
            value={card}
            onChange={(value) => edit(() => setCard(value.replace(/\D/g, '').slice(0, 4)))}
            error={errors.card ?? serverError('details', 'details.card', 'method')}
          />
          <SubmitButton pending={pending}>{t('payments.withdraw')}</SubmitButton>
        </div>
        {done && (
          <p className="saved" role="status" data-testid="withdraw-done">
            ✓ {t('payments.withdrawRequested', { amount: done })}
          </p>
        )}
        <p className="field-hint">{t('payments.withdrawNote')}</p>
      </form>
      {user.verification.is_need && user.verification.data?.status !== 'success' && (
        <div className="kyc-callout">
          <p>
            {t(
              user.verification.data?.status === 'pending'
                ? 'verification.statusText.pending'
                : 'verification.statusText.none',
            )}
          </p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => openModal('Verification')}
            data-testid="open-verification"
          >
            {t('verification.open')}
          </button>
        </div>
      )}
    </section>
  );
}

type Page = { rows: HistoryRow[]; page: number; total: number };

function HistoryList({ locale, revision }: { locale: Locale; revision: number }) {
  const { t } = useTranslation();
  const format = formatters(locale);
  const fromId = useId();
  const toId = useId();
  const [draft, setDraft] = useState<Required<HistoryFilters>>({ type: '', from: '', to: '' });
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const loader = useApiCall();
  const exporter = useApiCall();
  const load = loader.run;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` reloads after a withdrawal.
  useEffect(() => {
    let live = true;
    setFailed(false);
    void load(() => money.history(filters, page, PER_PAGE), { replace: true }).then((answer) => {
      if (!live) return;
      if (!answer) return setFailed(true);
      setData({ rows: answer.data, page: answer.meta.page, total: answer.meta.total });
    });
    return () => {
      live = false;
    };
  }, [load, filters, page, revision]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft });
    setPage(1);
  };

  const exportCsv = async () => {
    const blob = await exporter.run(() => money.historyCsv(filters));
    if (!blob) return;
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = `orbita-history-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  const statusLabel = (status: string) =>
    loader.translator.exists(`history.statuses.${status}`) ? t(`history.statuses.${status}`) : status;

  return (
    <section className="panel" aria-labelledby="history-title" data-testid="history">
      <div className="panel-head">
        <h2 id="history-title">{t('history.title')}</h2>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void exportCsv()}
          disabled={exporter.pending}
          data-testid="history-export"
        >
          {t('history.export')}
        </button>
      </div>
      <form className="history-filters" onSubmit={apply}>
        <SelectField
          label={t('history.type')}
          value={draft.type}
          onChange={(type) => setDraft((d) => ({ ...d, type }))}
          options={[
            { value: '' as HistoryType | '', label: t('history.allTypes') },
            ...HISTORY_TYPES.map((value) => ({ value, label: t(`history.types.${value}`) })),
          ]}
        />
        <div className="field">
          <label htmlFor={fromId}>{t('history.from')}</label>
          <input
            id={fromId}
            className="input"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor={toId}>{t('history.to')}</label>
          <input
            id={toId}
            className="input"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          />
        </div>
        <button type="submit" className="btn">
          {t('history.apply')}
        </button>
      </form>
      {!data ? (
        failed ? (
          <p className="muted">{t('payments.loadFailed')}</p>
        ) : (
          <IslandSkeleton />
        )
      ) : data.rows.length === 0 ? (
        <p className="history-empty" data-testid="history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <div className="history-table-wrap" aria-busy={loader.pending}>
          <table className="history-table" data-testid="history-table">
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.type')}</th>
                <th scope="col" className="num">
                  {t('history.amount')}
                </th>
                <th scope="col">{t('history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.type}-${row.id}`} data-type={row.type} data-status={row.status}>
                  <td data-label={t('history.date')}>
                    {format.date(row.created_at, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: undefined,
                    })}
                  </td>
                  <td data-label={t('history.type')}>
                    <RowType row={row} />
                  </td>
                  <td
                    data-label={t('history.amount')}
                    className={`num ${row.amount.startsWith('-') ? 'minus' : 'plus'}`}
                  >
                    {formatSigned(locale, row.amount, row.currency)}
                  </td>
                  <td data-label={t('history.status')}>
                    <span className="status-pill" data-status={row.status}>
                      {statusLabel(row.status)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pages > 1 && (
        <nav className="pager" aria-label={t('history.pages')}>
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('history.prev')}
          </button>
          <span>{t('history.pageOf', { page: data.page, pages })}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** A bet row names its game and links to the /fairness verifier, which loads the bet by id. */
function RowType({ row }: { row: HistoryRow & { bet_id?: string | number | null; game?: string | null } }) {
  const { t, i18n } = useTranslation();
  const label = t(`history.types.${row.type}`);
  if (row.type !== 'bet' || row.bet_id == null) return label;
  const game = row.game && i18n.exists(`games.${row.game}.name`) ? t(`games.${row.game}.name`) : null;
  return (
    <span className="history-bet">
      {game ? `${label} · ${game}` : label}
      <a
        className="history-verify"
        href={`${localHref('/fairness')}?bet=${encodeURIComponent(String(row.bet_id))}`}
        aria-label={`${t('fairness.historyVerify')}: ${game ?? label}`}
        data-testid="history-verify"
      >
        {t('fairness.historyVerify')}
      </a>
    </span>
  );
}
