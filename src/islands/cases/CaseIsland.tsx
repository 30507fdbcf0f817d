import { useStore } from '@nanostores/react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatters } from '../../i18n/format.ts';
import { displayCurrency } from '../../shared/currencies.ts';
import type { Locale } from '../../shared/locales.ts';
import { toMinor } from '../../shared/money.ts';
import { $sessionStatus, $user } from '../../stores/user.ts';
import {
  type Bet,
  formatMoney,
  formatMultiplier,
  formatNumber,
  GameShell,
  useGameApi,
} from '../games/kit/index.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { CaseReel, type ReelHandle } from './CaseReel.tsx';
import './cases.css';
import { PrizeTable } from './PrizeTable.tsx';
import { fetchCasePrices } from './prices.ts';
import { type PrizeRow, prizeRows, prizeTone } from './prizes.ts';

interface Props {
  locale: Locale;
  slug: string;
  /** The case's name, translated. */
  name: string;
  /** RUB price from the catalogue (decimal string), shown until the player's price is known. */
  rubPrice: string;
  /** The case artwork (rendered by the page). */
  children?: ReactNode;
}

/** /games/cases/{slug}: the case, its prize table and the opening reel, on the shared game kit. */
export default function CaseIsland(props: Props) {
  return (
    <IslandRoot locale={props.locale}>
      <CaseGame {...props} />
    </IslandRoot>
  );
}

function CaseGame({ locale, slug, name, rubPrice, children }: Props) {
  const { t } = useTranslation();
  const api = useGameApi();
  const status = useStore($sessionStatus);
  // A guest sees the price in the currency the page locale suggests.
  const currency = displayCurrency(useStore($user), locale);
  const f = formatters(locale);
  const [price, setPrice] = useState({ amount: rubPrice, currency: 'RUB' });
  const [won, setWon] = useState<Bet<'cases'> | null>(null);
  const reel = useRef<ReelHandle>(null);

  // The catalogue answers in the player's currency once the session is known.
  useEffect(() => {
    if (status === 'unknown') return;
    let live = true;
    fetchCasePrices(currency)
      .then((list) => {
        const entry = list.find((c) => c.slug === slug);
        if (live && entry) setPrice({ amount: entry.price, currency: entry.currency });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [status, slug, currency]);

  const priceMinor = useMemo(() => {
    try {
      return toMinor(price.amount);
    } catch {
      return 0n;
    }
  }, [price.amount]);
  const rows = useMemo(() => prizeRows(slug, priceMinor), [slug, priceMinor]);
  const money = useCallback(
    (minor: bigint) => formatMoney(minor, price.currency, f.tag),
    [f.tag, price.currency],
  );
  // A prize row's multiplier as the case shows it: "×0.4", "×1,09" (pt-BR).
  const times = useCallback(
    (multiplier: string) => `×${formatNumber(Number(multiplier), f.tag, { maximumFractionDigits: 4 })}`,
    [f.tag],
  );
  const prizeText = useCallback((row: PrizeRow) => money(row.prizeMinor), [money]);
  const wonRow = won ? won.outcome.row : null;

  const play = useCallback(
    async (_amount: string): Promise<Bet> => {
      setWon(null);
      const answer = await api.post('POST /games/cases/open', { body: { slug } });
      await reel.current?.spin(answer.bet.outcome.row);
      setWon(answer.bet);
      return answer.bet;
    },
    [api, slug],
  );

  const top = rows[0];
  return (
    <GameShell
      game="cases"
      winMultiplier={null}
      fixedAmount={price.amount}
      fixedLabel={t('caseGame.price')}
      play={play}
      betLabel={t('caseGame.openFor', { amount: money(priceMinor) })}
    >
      <div className="cg-board" data-testid="case-board">
        <div className="cg-head">
          <div className="cg-art">{children}</div>
          <dl className="cg-facts">
            <div>
              <dt>{t('caseGame.price')}</dt>
              <dd data-testid="case-price">{money(priceMinor)}</dd>
            </div>
            {top && (
              <div className="cg-top">
                <dt>{t('caseGame.topPrize')}</dt>
                <dd>
                  {times(top.multiplier)} · {money(top.prizeMinor)}
                </dd>
              </div>
            )}
          </dl>
        </div>
        <CaseReel
          ref={reel}
          rows={rows}
          prizeText={prizeText}
          multiplierText={times}
          label={t('caseGame.reel')}
        />
        <p
          className="cg-result"
          role="status"
          data-testid="case-result"
          data-won={won ? 'true' : undefined}
          data-tone={won && wonRow !== null ? prizeTone(won.multiplier, wonRow) : undefined}
        >
          {won
            ? t('caseGame.won', {
                amount: money(toMinor(won.payout)),
                multiplier: formatMultiplier(won.multiplier, f.tag),
              })
            : '\u00a0'}
        </p>
        <PrizeTable
          rows={rows}
          caption={t('caseGame.tableCaption', { name, price: money(priceMinor) })}
          tag={f.tag}
          prizeText={prizeText}
          multiplierText={times}
          won={wonRow}
        />
      </div>
    </GameShell>
  );
}
