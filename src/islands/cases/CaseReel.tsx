import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { animationsOff, playSound, useReducedMotion } from '../games/kit/index.ts';
import { type PrizeRow, prizeTone } from './prizes.ts';
import { buildReel, REEL_STOP, type ReelGeometry, reelOffset, tileUnderMarker } from './reel.ts';

/** How long the strip scrolls before it stops on the prize. */
export const SPIN_MS = 4200;
/** Where the idle strip rests (a few tiles in, so the marker is not over the first tile). */
const IDLE_STOP = 4;

/** A tile of the strip; ids are unique across strips so React replaces every tile of a new one. */
interface Tile {
  id: number;
  row: number;
}

let nextTileId = 0;
const tiles = (rows: readonly number[]): Tile[] => rows.map((row) => ({ id: nextTileId++, row }));

export interface ReelHandle {
  /** Builds a strip with `row` at the stop and scrolls it there; resolves once it has stopped. */
  spin(row: number): Promise<void>;
}

function geometryOf(viewport: HTMLElement, track: HTMLElement): ReelGeometry | null {
  const tile = track.firstElementChild as HTMLElement | null;
  if (!tile) return null;
  const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
  return { tile: tile.offsetWidth, gap, window: viewport.clientWidth };
}

function place(track: HTMLElement, offset: number, ms = 0) {
  track.style.transition = ms > 0 ? `transform ${ms}ms cubic-bezier(0.1, 0.75, 0.16, 1)` : 'none';
  track.style.transform = `translate3d(${-offset}px, 0, 0)`;
}

/** The strip's current shift (px) while it moves, read from its computed transform. */
function currentOffset(track: HTMLElement): number {
  const transform = getComputedStyle(track).transform;
  if (!transform || transform === 'none') return 0;
  return -new DOMMatrixReadOnly(transform).m41;
}

/**
 * The opening reel: prize tiles that scroll left under a centre marker and stop on the won row.
 * The strip is rebuilt for every opening with the won tile at REEL_STOP (src/islands/cases/reel.ts);
 * under reduced motion it jumps straight there.
 */
export function CaseReel({
  rows,
  prizeText,
  multiplierText,
  label,
  ref,
}: {
  rows: readonly PrizeRow[];
  prizeText: (row: PrizeRow) => string;
  multiplierText: (multiplier: string) => string;
  label: string;
  ref?: Ref<ReelHandle>;
}) {
  const reduced = useReducedMotion();
  const reducedRef = useRef(reduced);
  reducedRef.current = reduced;
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLOListElement>(null);
  const probabilities = useMemo(() => rows.map((r) => r.chance), [rows]);
  const table = useMemo(() => rows.map((r) => ({ min: '0', multiplier: r.multiplier })), [rows]);
  const [strip, setStrip] = useState<Tile[]>(() =>
    rows.length > 0
      ? tiles(buildReel(table, probabilities, rows.length - 1, { seed: 7, stop: IDLE_STOP }))
      : [],
  );
  const [won, setWon] = useState<number | null>(null);
  const rest = useRef({ stop: IDLE_STOP, jitter: 0 });
  const spinning = useRef(false);

  const settle = useCallback(() => {
    const v = viewport.current;
    const t = track.current;
    if (!v || !t || spinning.current) return;
    const geometry = geometryOf(v, t);
    if (geometry) place(t, reelOffset(rest.current.stop, geometry, rest.current.jitter));
  }, []);

  // Keep the resting tile under the marker when the window changes size.
  useEffect(() => {
    settle();
    const v = viewport.current;
    if (!v || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(settle);
    observer.observe(v);
    return () => observer.disconnect();
  }, [settle]);

  useImperativeHandle(
    ref,
    () => ({
      async spin(row: number) {
        const v = viewport.current;
        const t = track.current;
        const next = buildReel(table, probabilities, row, { seed: Math.floor(Math.random() * 2 ** 31) });
        flushSync(() => {
          setWon(null);
          setStrip(tiles(next));
        });
        if (!v || !t) return;
        const geometry = geometryOf(v, t);
        if (!geometry) return;
        const jitter = Math.random() * 0.7 - 0.35;
        rest.current = { stop: REEL_STOP, jitter };
        const target = reelOffset(REEL_STOP, geometry, jitter);
        if (reducedRef.current || animationsOff()) {
          place(t, target);
          setWon(REEL_STOP);
          return;
        }
        spinning.current = true;
        place(t, reelOffset(IDLE_STOP, geometry, 0));
        t.getBoundingClientRect(); // commit the start position before the transition
        place(t, target, SPIN_MS);
        let last = tileUnderMarker(currentOffset(t), geometry);
        let frame = 0;
        const tick = () => {
          const under = tileUnderMarker(currentOffset(t), geometry);
          if (under !== null && under !== last) {
            last = under;
            playSound('tick');
          }
          frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
        await new Promise<void>((resolve) => {
          const done = (event?: TransitionEvent) => {
            // Tiles animate too, and their transitionend bubbles up: only the strip's own counts.
            if (event && (event.target !== t || event.propertyName !== 'transform')) return;
            t.removeEventListener('transitionend', done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, SPIN_MS + 200);
          t.addEventListener('transitionend', done);
        });
        cancelAnimationFrame(frame);
        // A busy or throttled page can start the transition late: end exactly on the prize anyway.
        place(t, target);
        spinning.current = false;
        setWon(REEL_STOP);
      },
    }),
    [table, probabilities],
  );

  return (
    <div className="cg-reel" data-reduced={reduced || undefined} data-gk-watch>
      <div className="cg-reel-window" ref={viewport} role="img" aria-label={label}>
        <ol className="cg-strip" ref={track} aria-hidden="true" data-testid="case-reel">
          {strip.map((tile, i) => {
            const row = rows[tile.row];
            if (!row) return null;
            return (
              <li
                key={tile.id}
                className="cg-tile"
                data-tone={prizeTone(row.multiplier, row.row)}
                data-row={row.row}
                data-won={won === i || undefined}
              >
                <strong>{multiplierText(row.multiplier)}</strong>
                <span>{prizeText(row)}</span>
              </li>
            );
          })}
        </ol>
        <span className="cg-marker" aria-hidden="true" />
      </div>
    </div>
  );
}
