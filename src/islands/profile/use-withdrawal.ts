import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../client/amount-input.ts';
import { idempotencyKey, money } from '../../client/money.ts';
import { formatAmountDetail } from '../../client/money-format.ts';
import type { Currency } from '../../shared/currencies.ts';
import { toMinor } from '../../shared/money.ts';
import { openModal } from '../../stores/modals.ts';
import { useApiCall } from '../ui/useApi.ts';

/**
 * The withdrawal form's state and submit (docs/api-money.md): an amount of at least the
 * currency's minimum payout, the card's last four digits, one idempotency key per request (kept
 * for a retry of an unanswered attempt), and the verification modal when the server asks for it.
 */
export function useWithdrawal(options: {
  currency: Currency;
  /** The page's language tag: amounts are typed and shown in its format. */
  tag: string;
  /** Formats a decimal amount in the currency. */
  show: (decimal: string) => string;
  onDone: () => void;
}) {
  const { currency, show, tag } = options;
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState('');
  const [errors, setErrors] = useState<{ amount?: string | null; card?: string | null }>({});
  const [minPayout, setMinPayout] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  // Amounts in server messages ("amount_below_min_payout:100.00") in the page's format too.
  const call = useApiCall({ formatDetail: (detail) => formatAmountDetail(detail, currency, tag) });

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
    const decimal = parseAmount(amount, tag);
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
    const answer = await call.run(() =>
      money.withdraw({ amount: decimal, method: 'sandbox_card', details: { card } }, requestKey),
    );
    if (!answer) {
      const report = call.lastReport();
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
    options.onDone();
  };

  return {
    amount,
    card,
    minPayout,
    /** The amount of the request just made, for the confirmation. */
    done,
    pending: call.pending,
    amountError: errors.amount ?? call.serverError('amount'),
    cardError: errors.card ?? call.serverError('details', 'details.card', 'method'),
    editAmount: (value: string) => edit(() => setAmount(value)),
    editCard: (value: string) => edit(() => setCard(value.replace(/\D/g, '').slice(0, 4))),
    submit,
  };
}
