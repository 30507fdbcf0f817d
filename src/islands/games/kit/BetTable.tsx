import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../shared/date-format.ts';
import { languageTagOf } from '../../../shared/locales.ts';
import { formatMoneyText } from '../../../shared/money.ts';

import { isWin } from './bet-result.ts';
import { formatMultiplier } from './format.ts';
import type { FeedItem } from './types.ts';
import { verifyBetHref } from './verify-link.ts';

type Row = Pick<FeedItem, 'id' | 'game' | 'currency' | 'amount' | 'multiplier' | 'payout' | 'created_at'> & {
  player?: string | null;
};

/** The table's columns: the player only in the public feeds; time and amount drop out on phones. */
const COLUMNS = [
  { key: 'game' },
  { key: 'player', feedOnly: true },
  { key: 'time', className: 'gk-col-time' },
  { key: 'amount', className: 'num gk-col-amount' },
  { key: 'multiplier', className: 'num' },
  { key: 'payout', className: 'num' },
] as const;

/** Bets as rows (the player's own, or a public feed): game, player, time, amount, multiplier, payout. */
export function BetTable({
  rows,
  showPlayer,
  empty,
}: {
  rows: readonly Row[];
  showPlayer: boolean;
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  const tag = languageTagOf(i18n.language);
  const time = useMemo(
    () => dateFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    [tag],
  );
  const gameName = (game: string) => (i18n.exists(`games.${game}.name`) ? t(`games.${game}.name`) : game);
  if (rows.length === 0) return <p className="gk-empty">{empty}</p>;
  return (
    <div className="gk-table-wrap">
      <table className="gk-table" data-player={String(showPlayer)}>
        <thead>
          <tr>
            {COLUMNS.filter((column) => showPlayer || !('feedOnly' in column)).map((column) => (
              <th
                key={column.key}
                scope="col"
                className={'className' in column ? column.className : undefined}
              >
                {t(`gameKit.table.${column.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-win={String(isWin(row))} data-bet-id={row.id}>
              <td>
                {showPlayer ? (
                  gameName(row.game)
                ) : (
                  // The player's own bet opens its verification (the seed shows once the pair is rotated).
                  <a
                    className="gk-verify-link"
                    href={verifyBetHref(row.id)}
                    aria-label={`${t('fairness.historyVerify')}: ${gameName(row.game)}`}
                    data-testid="my-bet-verify"
                  >
                    {gameName(row.game)}
                  </a>
                )}
              </td>
              {showPlayer && (
                <td className="gk-player">
                  {row.player ?? <span className="muted">{t('gameKit.hidden')}</span>}
                </td>
              )}
              <td className="gk-col-time">{time.format(new Date(row.created_at))}</td>
              <td className="num gk-col-amount">{formatMoneyText(row.amount, row.currency, tag)}</td>
              <td className="num">{formatMultiplier(row.multiplier, tag)}</td>
              <td className="num gk-payout">{formatMoneyText(row.payout, row.currency, tag)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
