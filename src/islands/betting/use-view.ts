import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translator } from '../../client/errors.ts';
import { localHref } from '../../client/site.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { pushNotice } from '../../stores/notices.ts';
import { bettingTranslator } from './errors.ts';
import type { Translate } from './labels.ts';
import { $oddsFormat } from './prefs.ts';
import { $pickedKeys, $slipBump, type Pick, togglePick } from './slip-store.ts';
import type { BettingView } from './views.tsx';

const NO_NAMES: Readonly<Record<string, string>> = {};

/** How long a moved price keeps its ▲ or ▼. */
export const MOVE_SHOWN_MS = 4_000;
/** How often "today" and "in 12 min" are worked out again. */
const CLOCK_TICK_MS = 30_000;

/**
 * Prices that moved a moment ago: `note` marks them, each mark leaves after `MOVE_SHOWN_MS`. A
 * price that moves again keeps its mark for the full time from its latest move.
 */
export function useMoves(): [
  ReadonlyMap<string, 'up' | 'down'>,
  (moves: ReadonlyMap<string, 'up' | 'down'>) => void,
] {
  const [moves, setMoves] = useState<ReadonlyMap<string, 'up' | 'down'>>(new Map());
  const until = useRef(new Map<string, number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const sweep = useCallback(() => {
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    const gone: string[] = [];
    for (const [key, at] of until.current) {
      if (at <= now) gone.push(key);
      else next = Math.min(next, at);
    }
    for (const key of gone) until.current.delete(key);
    if (gone.length > 0)
      setMoves((current) => {
        const kept = new Map(current);
        for (const key of gone) kept.delete(key);
        return kept;
      });
    clearTimeout(timer.current);
    if (Number.isFinite(next)) timer.current = setTimeout(sweep, next - now + 20);
  }, []);

  const note = useCallback(
    (incoming: ReadonlyMap<string, 'up' | 'down'>) => {
      if (incoming.size === 0) return;
      const at = Date.now() + MOVE_SHOWN_MS;
      for (const key of incoming.keys()) until.current.set(key, at);
      setMoves((current) => new Map([...current, ...incoming]));
      sweep();
    },
    [sweep],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [moves, note];
}

/** A clock for the lists' relative days, ticking every 30 s. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(tick);
  }, []);
  return now;
}

/**
 * A price pressed in a list or on an event page: into the slip (or out of it). On a phone the
 * slip's button says how many selections it holds; a slip that is full says so.
 */
export function pickInSlip(pick: Pick, fullText: string): void {
  const result = togglePick(pick);
  if (result === 'full') pushNotice({ kind: 'info', title: fullText, lines: [] });
  // Nudges the phone's slip button (src/islands/betting/BetSlip.tsx): it plays a short bounce.
  if (result === 'added' || result === 'replaced') $slipBump.set($slipBump.get() + 1);
}

/**
 * The island's translate function as the betting views take it (a string for a key and its
 * values), and the translator of the API's errors, amounts in their details written as money.
 */
export function useBettingT(money?: (decimal: string) => string): { t: Translate; translator: Translator } {
  const { t: tf, i18n } = useTranslation();
  const format = useRef(money);
  format.current = money;
  return useMemo(() => {
    const t: Translate = (key, options) => tf(key, options ?? {}) as string;
    const formatDetail = (detail: string) =>
      /^\d+(\.\d{1,2})?$/.test(detail) && format.current ? format.current(detail) : detail;
    return { t, translator: bettingTranslator(t, (key) => i18n.exists(key), formatDetail) };
  }, [tf, i18n]);
}

/** What an island's views read (src/islands/betting/views.tsx `BettingView`), live. */
export function useIslandView(
  locale: Locale,
  moves: ReadonlyMap<string, 'up' | 'down'>,
  countries: Readonly<Record<string, string>> = NO_NAMES,
): BettingView {
  const { t } = useBettingT();
  const format = useStore($oddsFormat);
  const picked = useStore($pickedKeys);
  const now = useNow();
  return useMemo(
    () => ({
      t,
      locale,
      tag: LANGUAGE_TAG[locale],
      format,
      timeZone: undefined,
      now,
      picked,
      moves,
      onPick: (pick: Pick) => pickInSlip(pick, t('betting.slip.full')),
      href: (path: string) => localHref(path, locale),
      countries,
    }),
    [t, locale, format, now, picked, moves, countries],
  );
}
