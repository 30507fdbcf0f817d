import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chanceFormat, type PrizeRow, prizeTone } from './prizes.ts';

const NARROW = '(max-width: 700px)';

/** What each prize of the case pays and how likely it is (the engine's table, docs/fairness.md §3). */
export function PrizeTable({
  rows,
  caption,
  tag,
  prizeText,
  multiplierText,
  won,
}: {
  rows: readonly PrizeRow[];
  caption: string;
  /** BCP 47 tag for the percentages. */
  tag: string;
  prizeText: (row: PrizeRow) => string;
  multiplierText: (multiplier: string) => string;
  /** Row index of the last prize won, highlighted. */
  won: number | null;
}) {
  const { t } = useTranslation();
  // Open beside the reel on a wide screen; folded on a phone so the Open button stays near.
  const [open, setOpen] = useState(() => typeof matchMedia !== 'function' || !matchMedia(NARROW).matches);
  return (
    <details
      className="cg-table-wrap"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cg-table-title">{t('caseGame.prizeTable')}</summary>
      <table className="cg-table" data-testid="case-prizes">
        <caption className="cg-sr">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('caseGame.multiplier')}</th>
            <th scope="col">{t('caseGame.chance')}</th>
            <th scope="col">{t('caseGame.prize')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.row}
              data-tone={prizeTone(row.multiplier, row.row)}
              data-won={won === row.row || undefined}
              aria-current={won === row.row || undefined}
            >
              <th scope="row">{multiplierText(row.multiplier)}</th>
              <td>{new Intl.NumberFormat(tag, chanceFormat(row.chance)).format(row.chance)}</td>
              <td>{prizeText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
