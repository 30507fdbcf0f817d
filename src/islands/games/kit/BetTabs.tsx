import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeChannel } from '../../../client/feed.ts';
import { LANGUAGE_TAG, type Locale } from '../../../shared/locales.ts';
import { formatMoney, toMinor } from '../../../shared/money.ts';
import { openModal } from '../../../stores/modals.ts';
import { $showingOutcome, gameApi } from './api.ts';
import { formatMultiplier } from './format.ts';
import type { Bet, FeedItem, FeedKind } from './types.ts';

export type BetTab = 'mine' | FeedKind;

const TABS: readonly BetTab[] = ['mine', 'all', 'high-rollers'];
const CHANNEL: Record<FeedKind, string> = { all: 'feed:bets', 'high-rollers': 'feed:high-rollers' };
const KEEP = 20;

type Row = Pick<FeedItem, 'id' | 'game' | 'currency' | 'amount' | 'multiplier' | 'payout' | 'created_at'> & {
  player?: string | null;
};

/** "My bets", "All bets" and "High rollers" under the game (docs/game-kit.md). */
export function BetTabs({ myBets, loggedIn }: { myBets: readonly Bet[] | null; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<BetTab>('all');
  const base = useId();
  const label = (value: BetTab) =>
    t(
      value === 'mine'
        ? 'gameKit.tabs.mine'
        : value === 'all'
          ? 'gameKit.tabs.all'
          : 'gameKit.tabs.highRollers',
    );

  return (
    <section className="gk-bets card" aria-label={t('gameKit.tabs.label')} data-testid="bet-tabs">
      <div className="gk-tabs" role="tablist" aria-label={t('gameKit.tabs.label')}>
        {TABS.map((value, index) => (
          <button
            key={value}
            id={`${base}-${value}`}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls={`${base}-panel`}
            tabIndex={tab === value ? 0 : -1}
            data-tab={value}
            data-testid={`tab-${value}`}
            onClick={() => setTab(value)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const step = event.key === 'ArrowRight' ? 1 : -1;
              const next = TABS[(index + step + TABS.length) % TABS.length]!;
              setTab(next);
              document.getElementById(`${base}-${next}`)?.focus();
            }}
          >
            {label(value)}
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-${tab}`} data-panel={tab}>
        {tab === 'mine' ? (
          loggedIn ? (
            myBets === null ? (
              <p className="gk-empty">{t('gameKit.loading')}</p>
            ) : (
              <BetTable rows={myBets} showPlayer={false} empty={t('gameKit.emptyMine')} />
            )
          ) : (
            <p className="gk-empty">
              <button type="button" className="btn btn-sm" onClick={() => openModal('Login')}>
                {t('auth.login')}
              </button>{' '}
              {t('gameKit.loginForBets')}
            </p>
          )
        ) : (
          <FeedTable key={tab} kind={tab} />
        )}
      </div>
    </section>
  );
}

/** The public feed of one kind: the latest 20, then live over `/ws`; a gap reloads the list. */
function FeedTable({ kind }: { kind: FeedKind }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<FeedItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Rows that arrive while the board shows a bet wait, so the feed never tells the player's result first.
  const waiting = useRef<FeedItem[]>([]);
  const showing = useStore($showingOutcome);
  const add = useCallback(
    (items: readonly FeedItem[]) =>
      setRows((list) => {
        const ids = new Set(items.map((item) => item.id));
        return [...items, ...(list ?? []).filter((row) => !ids.has(row.id))].slice(0, KEEP);
      }),
    [],
  );
  useEffect(() => {
    if (showing > 0 || waiting.current.length === 0) return;
    const items = waiting.current.reverse();
    waiting.current = [];
    add(items);
  }, [showing, add]);

  useEffect(() => {
    let live = true;
    const load = () =>
      gameApi
        .get<FeedItem[]>(`/games/feed?kind=${kind}`)
        .then((items) => {
          if (!live) return;
          setFailed(false);
          setRows(items.slice(0, KEEP));
        })
        .catch(() => {
          if (live) setFailed(true);
        });
    void load();
    const off = subscribeChannel(CHANNEL[kind], {
      onEvent: (data) => {
        const item = data as FeedItem;
        if (!item || typeof item !== 'object' || !('id' in item)) return;
        if ($showingOutcome.get() > 0) waiting.current.push(item);
        else add([item]);
      },
      onGap: () => void load(),
    });
    return () => {
      live = false;
      off();
    };
  }, [kind, add]);

  if (rows === null)
    return <p className="gk-empty">{t(failed ? 'gameKit.loadFailed' : 'gameKit.loading')}</p>;
  return <BetTable rows={rows} showPlayer empty={t('gameKit.empty')} />;
}

function money(decimal: string, currency: string, tag: string): string {
  try {
    return formatMoney(toMinor(decimal), currency, tag);
  } catch {
    return `${decimal} ${currency}`;
  }
}

function BetTable({ rows, showPlayer, empty }: { rows: readonly Row[]; showPlayer: boolean; empty: string }) {
  const { t, i18n } = useTranslation();
  const tag = LANGUAGE_TAG[i18n.language as Locale] ?? 'en-US';
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  if (rows.length === 0) return <p className="gk-empty">{empty}</p>;
  return (
    <div className="gk-table-wrap">
      <table className="gk-table" data-player={String(showPlayer)}>
        <thead>
          <tr>
            <th scope="col">{t('gameKit.table.game')}</th>
            {showPlayer && <th scope="col">{t('gameKit.table.player')}</th>}
            <th scope="col" className="gk-col-time">
              {t('gameKit.table.time')}
            </th>
            <th scope="col" className="num gk-col-amount">
              {t('gameKit.table.amount')}
            </th>
            <th scope="col" className="num">
              {t('gameKit.table.multiplier')}
            </th>
            <th scope="col" className="num">
              {t('gameKit.table.payout')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            let won = false;
            try {
              won = toMinor(row.payout) > toMinor(row.amount);
            } catch {}
            return (
              <tr key={row.id} data-win={String(won)} data-bet-id={row.id}>
                <td>{i18n.exists(`games.${row.game}.name`) ? t(`games.${row.game}.name`) : row.game}</td>
                {showPlayer && (
                  <td className="gk-player">
                    {row.player ?? <span className="muted">{t('gameKit.hidden')}</span>}
                  </td>
                )}
                <td className="gk-col-time">{time.format(new Date(row.created_at))}</td>
                <td className="num gk-col-amount">{money(row.amount, row.currency, tag)}</td>
                <td className="num">{formatMultiplier(row.multiplier)}</td>
                <td className="num gk-payout">{money(row.payout, row.currency, tag)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
