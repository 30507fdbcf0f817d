import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime } from '../../../client/realtime.ts';
import { FEED_CHANNELS } from '../../../shared/wire/bets.ts';
import { openModal } from '../../../stores/modals.ts';
import { $showingOutcome, gameApi } from './api.ts';
import { BetTable } from './BetTable.tsx';
import { $instantPlay, onFrame } from './motion.ts';
import type { Bet, FeedItem, FeedKind } from './types.ts';

export type BetTab = 'mine' | FeedKind;

const TABS: readonly BetTab[] = ['mine', 'all', 'high-rollers'];
const KEEP = 20;

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
  const add = useCallback(
    (items: readonly FeedItem[]) =>
      setRows((list) => {
        const ids = new Set(items.map((item) => item.id));
        return [...items, ...(list ?? []).filter((row) => !ids.has(row.id))].slice(0, KEEP);
      }),
    [],
  );
  // Followed without rendering: the count changes twice per bet, the rows only when some waited.
  useEffect(
    () =>
      $showingOutcome.listen((showing) => {
        if (showing > 0 || waiting.current.length === 0) return;
        const items = waiting.current.reverse();
        waiting.current = [];
        onFrame(() => add(items));
      }),
    [add],
  );

  useEffect(() => {
    let live = true;
    const load = () =>
      gameApi
        .get('GET /games/feed', { query: { kind } })
        .then((items) => {
          if (!live) return;
          setFailed(false);
          setRows(items.slice(0, KEEP));
        })
        .catch(() => {
          if (live) setFailed(true);
        });
    void load();
    // Feed versions are bet ids, not contiguous: rows are deduped by id, a rejoin reloads the list.
    const off = realtime.subscribe(FEED_CHANNELS[kind], {
      event: (item) => {
        if ($showingOutcome.get() > 0 && !$instantPlay.get()) waiting.current.push(item);
        else onFrame(() => add([item]));
      },
      gap: () => void load(),
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
