import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMultiplier, useLanguageTag } from '../games/kit/index.ts';
import type { RoundNote } from '../games/kit/use-round.ts';
import {
  canReveal,
  type Field,
  profitAt,
  shownMultiplier,
  TILES,
  type TileState,
  tileState,
} from './field.ts';
import type { MinerMode } from './useMiner.ts';

const TILE_LIST = Array.from({ length: TILES }, (_, i) => i);

export interface MinerBoardProps {
  field: Field | null;
  mines: number;
  pattern: readonly number[];
  mode: MinerMode;
  running: boolean;
  busy: boolean;
  note: RoundNote;
  onTile: (tile: number) => void;
  /** A decimal amount as money in the round's currency. */
  money: (decimal: string) => string;
}

/** The 5 × 5 field, what the next gem and a cash-out pay, and what happens now. */
export function MinerBoard(props: MinerBoardProps) {
  const { t } = useTranslation();
  const tag = useLanguageTag();
  const { field, mines, pattern, mode } = props;
  const gems = field?.open ? field.gems : 0;
  const nextGems = mode === 'auto' ? pattern.length : gems + 1;
  const profit = field?.open ? profitAt(field.amount, field.mines, gems) : null;
  const state = !field ? 'none' : field.open ? 'open' : field.lost ? 'lost' : 'won';
  const clickable = (tile: number) =>
    mode === 'auto' ? !props.running : canReveal(field) && !props.busy && !field?.tiles.includes(tile);
  return (
    <div className="round-board mn-board" data-testid="miner-board" data-round={state} data-gk-watch>
      <dl className="round-stats">
        <div className="round-stat mn-stat-next">
          <dt>{t(mode === 'auto' ? 'miner.patternPays' : 'miner.next')}</dt>
          <dd data-testid="miner-next">
            {nextGems >= 1 && nextGems <= TILES - mines
              ? formatMultiplier(shownMultiplier(mines, nextGems), tag)
              : '—'}
          </dd>
        </div>
        <div className="round-stat mn-stat-profit">
          <dt>{t('miner.profit')}</dt>
          <dd data-testid="miner-profit">{profit ? `+${props.money(profit)}` : '—'}</dd>
        </div>
        <div className="round-stat mn-stat-count">
          <dt>{t('miner.count')}</dt>
          <dd>
            <span className="mn-count-gems" title={t('miner.gems')}>
              <GemIcon /> {field?.open ? `${gems}/${TILES - mines}` : TILES - mines}
            </span>
            <span className="mn-count-mines" title={t('miner.mines')}>
              <MineIcon /> {mines}
            </span>
          </dd>
        </div>
      </dl>
      <ol className="mn-grid" aria-label={t('miner.board')} data-mode={mode}>
        {TILE_LIST.map((tile) => {
          const look = tileState(field, tile, mode === 'auto' ? pattern : []);
          return (
            <li key={tile}>
              <button
                type="button"
                className="mn-tile"
                data-state={look}
                data-testid={`miner-tile-${tile}`}
                aria-disabled={!clickable(tile) || undefined}
                aria-pressed={mode === 'auto' ? pattern.includes(tile) : undefined}
                aria-label={t(`miner.tile.${look}`, { n: tile + 1 })}
                onClick={() => clickable(tile) && props.onTile(tile)}
              >
                {(look === 'gem' || look === 'gemHidden') && <GemIcon />}
                {(look === 'mine' || look === 'mineHidden' || look === 'hit') && <MineIcon />}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="round-note" role="status" data-note={props.note ?? state} data-testid="miner-note">
        {noteText(t, props, tag)}
      </p>
    </div>
  );
}

function noteText(t: TFunction, { field, mines, pattern, mode, note, money }: MinerBoardProps, tag: string) {
  if (field && !field.open && mode === 'manual') {
    const multiplier = formatMultiplier(shownMultiplier(field.mines, field.gems), tag);
    if (field.lost) return t('miner.lost');
    const amount = money(field.cashout ?? '0');
    return t(note === 'auto' ? 'miner.wonAuto' : 'miner.won', { amount, multiplier });
  }
  if (mode === 'auto') {
    if (field && !field.open)
      return field.lost ? t('miner.autoLost') : t('miner.autoWon', { amount: money(field.cashout ?? '0') });
    return pattern.length === 0
      ? t('miner.hintAutoEmpty')
      : t('miner.hintAuto', {
          count: pattern.length,
          multiplier: formatMultiplier(shownMultiplier(mines, pattern.length), tag),
        });
  }
  if (note === 'resumed') return t('miner.resumed');
  if (!field?.open) return t('miner.hintStart');
  if (field.gems === 0) return t('miner.hintOpen');
  return t('miner.hintCashOut', {
    next: formatMultiplier(shownMultiplier(field.mines, field.gems + 1), tag),
    amount: money(field.cashout ?? '0'),
  });
}

export function GemIcon() {
  return (
    <svg className="mn-gem" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 3h12l4 6-10 12L2 9z" fill="currentColor" opacity="0.9" />
      <path d="M2 9h20M9 3 7 9l5 12 5-12-2-6" fill="none" stroke="rgb(255 255 255 / 55%)" strokeWidth="1.2" />
    </svg>
  );
}

export function MineIcon() {
  return (
    <svg className="mn-mine" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="13" r="7" fill="currentColor" />
      <path
        d="M12 2v4M12 20v2M3 13H1M23 13h-2M5.6 6.6 4.2 5.2M18.4 6.6l1.4-1.4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="9.5" cy="10.5" r="1.8" fill="rgb(255 255 255 / 70%)" />
    </svg>
  );
}

export type { TileState };
