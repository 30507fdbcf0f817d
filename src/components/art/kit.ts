/**
 * Shared pieces of the game artwork (`src/components/art/*Art.astro`): geometry helpers, a few
 * shapes, gradient definitions as data, per-instance ids and the seeded starfield. Numbers are
 * rounded to hundredths so the SVG stays small and the same on every render.
 */

export const r2 = (n: number) => Math.round(n * 100) / 100;
export const rad = (deg: number) => (deg * Math.PI) / 180;

/** The point at radius `r`, angle `a` (radians) around (cx, cy), as "x y". */
export const pt = (r: number, a: number, cx = 0, cy = 0) =>
  `${r2(cx + r * Math.cos(a))} ${r2(cy + r * Math.sin(a))}`;

/** Annular sector (or a wedge, when `ri` is 0) centred on 0,0; angles in radians. */
export const sector = (ri: number, ro: number, a0: number, a1: number) =>
  ri > 0
    ? `M${pt(ro, a0)}A${ro} ${ro} 0 0 1 ${pt(ro, a1)}L${pt(ri, a1)}A${ri} ${ri} 0 0 0 ${pt(ri, a0)}Z`
    : `M0 0L${pt(ro, a0)}A${ro} ${ro} 0 0 1 ${pt(ro, a1)}Z`;

/** The points of a regular polygon of `n` corners on radius `r`, rotated by `rot`. */
export const polygon = (n: number, r: number, rot: number, cx = 0, cy = 0) =>
  Array.from({ length: n }, (_, i) => pt(r, rot + (i * 2 * Math.PI) / n, cx, cy)).join(' ');

/** The offsets of a stack of `n` chips, bottom first. */
export const chipStack = (n: number) => Array.from({ length: n }, (_, i) => -i * 6);

export const sparkle = 'M0 -8C1 -2 2 -1 8 0C2 1 1 2 0 8C-1 2 -2 1 -8 0C-2 -1 -1 -2 0 -8Z';
export const gem = 'M-10 -4L-5 -10H5L10 -4L0 11Z';
export const gemTop = 'M-10 -4L-5 -10H5L10 -4Z';
export const gemLines = 'M-10 -4H10M-5 -10L-3 -4L0 11L3 -4L5 -10M-3 -4H3';
export const heart = 'M0 10C-14 0-14-12-6-12C-2-12 0-9 0-7C0-9 2-12 6-12C14-12 14 0 0 10Z';
export const planet = 'M-32 0A32 9 0 0 1 32 0';
export const planetFront = 'M32 0A32 9 0 0 1-32 0';

/** What every game artwork takes: with a label it is an image of that name, else decorative. */
export interface ArtProps {
  label?: string | undefined;
}

/** Ids of one artwork instance: unique per art and per render (several arts share one page). */
export interface ArtIds {
  id: (name: string) => string;
  u: (name: string) => string;
}

export function artIds(prefix: string): ArtIds {
  const uid = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  return { id: (name) => `${uid}-${name}`, u: (name) => `url(#${uid}-${name})` };
}

/**
 * A gradient as data: linear (`x1 y1 x2 y2`) or radial (`cx cy r`, optionally in user space);
 * each stop is offset, colour and an optional opacity.
 */
export interface Grad {
  t: 'l' | 'r';
  v: string[];
  s: [string, string, string | undefined][];
  userSpace?: boolean;
}

/** Stops written as "offset colour [opacity]" joined by "|". */
const stopsOf = (s: string) =>
  s.split('|').map((x) => {
    const [o = '0', c = '#fff', a] = x.split(' ');
    return [o, c, a] as [string, string, string | undefined];
  });

/** A linear gradient along `v` ("x1 y1 x2 y2"). */
export const L = (v: string, s: string): Grad => ({ t: 'l', v: v.split(' '), s: stopsOf(s) });
/** A radial gradient around (cx, cy) with radius r. */
export const G = (s: string, cx = '50%', cy = '50%', r = '50%'): Grad => ({
  t: 'r',
  v: [cx, cy, r],
  s: stopsOf(s),
});
/** Top to bottom, and top left to bottom right. */
export const V = '0 0 0 1';
export const D = '0 0 1 1';
/** A radial highlight from the top left. */
export const TL = ['35%', '30%'] as const;
/** A glow of colour `c` from opacity `o` (at offset `at`) to nothing. */
export const fade = (c: string, o = '.5', at = '0') => G(`${at} ${c} ${o}|1 ${c} 0`);

/** A seeded generator (Park-Miller) keyed by a name: the same numbers for the same art every time. */
export function seededRandom(key: string): () => number {
  let seed = [...key].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 2147483647, 7);
  return () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
}

/** The 28 background stars of a 320 × 200 artwork, drawn from `rnd`. */
export function starfield(rnd: () => number) {
  return Array.from({ length: 28 }, () => ({
    x: r2(rnd() * 320),
    y: r2(rnd() * 200),
    r: r2(0.35 + rnd() * 1.05),
    o: r2(0.15 + rnd() * 0.55),
  }));
}

/** The backdrop of a game artwork: top colour, bottom colour, glow colour and glow centre (%). */
export type Theme = [string, string, string, number, number];
