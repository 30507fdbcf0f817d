/**
 * The studio's generated art: a thumbnail and a background per game, and a picture per symbol, as
 * SVG text (served under /static/art/ and inlined into the game client). Symbols a game's data
 * names are drawn by their place in `SLOT_INFO[game].symbols`; `W` is the wild and `S` the scatter.
 */
import { SLOT_INFO } from '../games/slots/index.ts';
import type { SlotSlug } from '../games/slots/types.ts';

interface Theme {
  sky: [string, string];
  accent: string;
  glow: string;
  palette: readonly string[];
}

export const THEMES: Record<SlotSlug, Theme> = {
  'star-quest': {
    sky: ['#0b1038', '#3a1c71'],
    accent: '#ffd166',
    glow: '#7bdff2',
    palette: ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#c77dff', '#ff9f1c', '#e0fbfc', '#f15bb5'],
  },
  'sugar-storm': {
    sky: ['#ff7eb3', '#7a2dd6'],
    accent: '#fff275',
    glow: '#ffd6f5',
    palette: [
      '#ff4d6d',
      '#ffb703',
      '#8ac926',
      '#4cc9f0',
      '#b5179e',
      '#ff70a6',
      '#f72585',
      '#70d6ff',
      '#fb8500',
    ],
  },
  'fruit-express': {
    sky: ['#7f1d1d', '#f97316'],
    accent: '#fde047',
    glow: '#fecaca',
    palette: ['#dc2626', '#facc15', '#16a34a', '#9333ea', '#f97316', '#2563eb', '#db2777', '#0ea5e9'],
  },
};

const esc = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One symbol shape in a 100×100 box, filled with `color`. */
const SHAPES: readonly ((color: string) => string)[] = [
  (c) =>
    `<path d="M50 8 L88 40 L50 92 L12 40 Z" fill="${c}"/><path d="M50 8 L62 40 L50 92 L38 40 Z" fill="#fff" opacity=".35"/>`,
  (c) =>
    `<circle cx="50" cy="50" r="38" fill="${c}"/><ellipse cx="38" cy="36" rx="14" ry="9" fill="#fff" opacity=".45"/>`,
  (c) =>
    `<path d="M50 88 C10 60 8 30 30 20 C42 15 50 26 50 32 C50 26 58 15 70 20 C92 30 90 60 50 88 Z" fill="${c}"/>`,
  (c) =>
    `<rect x="14" y="14" width="72" height="72" rx="16" fill="${c}"/><rect x="24" y="22" width="30" height="12" rx="6" fill="#fff" opacity=".4"/>`,
  (c) =>
    `<path d="M50 10 L90 84 L10 84 Z" fill="${c}" stroke-linejoin="round"/><path d="M50 30 L70 74 L30 74 Z" fill="#fff" opacity=".25"/>`,
  (c) =>
    `<path d="M14 72 L20 30 L36 50 L50 20 L64 50 L80 30 L86 72 Z" fill="${c}"/><rect x="14" y="72" width="72" height="12" rx="4" fill="${c}"/>`,
  (c) =>
    `<path d="M50 12 C70 12 78 30 78 52 L86 76 L14 76 L22 52 C22 30 30 12 50 12 Z" fill="${c}"/><circle cx="50" cy="84" r="8" fill="${c}"/>`,
  (c) =>
    `<circle cx="34" cy="64" r="22" fill="${c}"/><circle cx="68" cy="60" r="20" fill="${c}"/><path d="M34 44 C40 20 56 14 70 12 M68 40 C66 26 68 18 70 12" stroke="#15803d" stroke-width="5" fill="none"/>`,
  (c) => `<path d="M20 20 H80 L46 88 H30 L58 34 H20 Z" fill="${c}"/>`,
  (c) =>
    `<ellipse cx="50" cy="54" rx="46" ry="12" fill="none" stroke="#fff" stroke-width="5" opacity=".8" transform="rotate(-18 50 54)"/><circle cx="50" cy="50" r="28" fill="${c}"/><path d="M26 40 C40 46 60 46 76 40" stroke="#fff" stroke-width="4" opacity=".35" fill="none"/><path d="M7 66 C30 70 70 46 93 42" stroke="#fff" stroke-width="5" opacity=".8" fill="none"/>`,
  (c) =>
    `<rect x="47" y="54" width="6" height="42" rx="3" fill="#f5f5f5"/><circle cx="50" cy="36" r="30" fill="${c}"/><path d="M50 36 m0 -4 a4 4 0 1 1 -4 4 a8 8 0 1 1 8 8 a12 12 0 1 1 -12 -12 a16 16 0 1 1 16 16 a20 20 0 1 1 -20 -20" stroke="#fff" stroke-width="4" fill="none" opacity=".75"/>`,
  (c) =>
    `<path d="M28 50 L6 32 L10 68 Z M72 50 L94 32 L90 68 Z" fill="${c}" opacity=".8"/><ellipse cx="50" cy="50" rx="26" ry="20" fill="${c}"/><path d="M36 38 L46 62 M50 36 L60 62" stroke="#fff" stroke-width="5" opacity=".45"/>`,
];

/** Which shape each game's plain symbols take, in order. */
const SHAPE_ORDER: Record<SlotSlug, readonly number[]> = {
  'star-quest': [9, 0, 2, 3, 4, 5, 1, 6],
  'sugar-storm': [10, 11, 2, 1, 3, 4, 6, 0],
  'fruit-express': [7, 6, 8, 1, 0, 3, 5, 2],
};

const STAR = (cx: number, cy: number, r: number) => {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return points.join(' ');
};

/** The SVG of one symbol of a game (100×100, transparent). */
export function symbolSvg(game: SlotSlug, symbol: string): string {
  const theme = THEMES[game];
  let body: string;
  if (symbol === 'W') {
    body = `<rect x="6" y="22" width="88" height="56" rx="14" fill="url(#g)" stroke="#fff" stroke-width="3"/>
      <text x="50" y="60" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="26" text-anchor="middle" fill="#1f1147">WILD</text>`;
  } else if (symbol === 'S') {
    body = `<polygon points="${STAR(50, 50, 44)}" fill="url(#g)" stroke="#fff" stroke-width="3"/>
      <circle cx="50" cy="52" r="12" fill="#fff" opacity=".85"/>`;
  } else {
    const index = Math.max(0, SLOT_INFO[game].symbols.filter((s) => s !== 'W' && s !== 'S').indexOf(symbol));
    const order = SHAPE_ORDER[game];
    const shape = SHAPES[order[index % order.length] ?? 0]!;
    body = shape(theme.palette[index % theme.palette.length]!);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.accent}"/><stop offset="1" stop-color="${theme.palette[0]}"/></linearGradient><filter id="s"><feDropShadow dx="0" dy="3" stdDeviation="2" flood-opacity=".35"/></filter></defs><g filter="url(#s)">${body}</g></svg>`;
}

/** A little deterministic scatter of dots (stars, sprinkles) from the game's name. */
function sparkles(game: SlotSlug, width: number, height: number, count: number, color: string): string {
  let seed = [...game].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) >>> 0;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  let dots = '';
  for (let i = 0; i < count; i += 1) {
    dots += `<circle cx="${(next() * width).toFixed(0)}" cy="${(next() * height).toFixed(0)}" r="${(0.6 + next() * 2.2).toFixed(1)}" fill="${color}" opacity="${(0.35 + next() * 0.6).toFixed(2)}"/>`;
  }
  return dots;
}

/** The catalogue's thumbnail: 400×300, the name over the game's sky and three of its symbols. */
export function thumbnailSvg(game: SlotSlug): string {
  const theme = THEMES[game];
  const info = SLOT_INFO[game];
  const picks = info.symbols
    .filter((s) => s !== 'S')
    .slice(0, 2)
    .concat(info.symbols.includes('S') ? ['S'] : [info.symbols[2] ?? 'A']);
  const icons = picks
    .map((symbol, i) => {
      const inner = symbolSvg(game, symbol)
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '')
        .replaceAll('id="g"', `id="g${i}"`)
        .replaceAll('url(#g)', `url(#g${i})`)
        .replaceAll('id="s"', `id="s${i}"`)
        .replaceAll('url(#s)', `url(#s${i})`);
      const scale = i === 1 ? 1.25 : 0.95;
      const x = 200 + (i - 1) * 115 - 50 * scale;
      const y = i === 1 ? 60 : 78;
      return `<g transform="translate(${x} ${y}) scale(${scale})">${inner}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${theme.sky[0]}"/><stop offset="1" stop-color="${theme.sky[1]}"/></linearGradient>
<radialGradient id="halo" cx="0.5" cy="0.38" r="0.5"><stop offset="0" stop-color="${theme.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${theme.glow}" stop-opacity="0"/></radialGradient></defs>
<rect width="400" height="300" fill="url(#sky)"/>${sparkles(game, 400, 300, 46, '#fff')}<rect width="400" height="300" fill="url(#halo)"/>
${icons}
<rect x="0" y="208" width="400" height="92" fill="#000" opacity=".28"/>
<text x="200" y="256" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="38" text-anchor="middle" fill="${theme.accent}" stroke="#1b0b2e" stroke-width="2" paint-order="stroke">${esc(info.name)}</text>
<text x="200" y="284" font-family="Arial,sans-serif" font-size="15" text-anchor="middle" fill="#fff" opacity=".85" letter-spacing="3">ORBITA STUDIO</text></svg>`;
}

/** A wide background (1600×900) for the casino's game page and the client's backdrop. */
export function backgroundSvg(game: SlotSlug): string {
  const theme = THEMES[game];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${theme.sky[0]}"/><stop offset="1" stop-color="${theme.sky[1]}"/></linearGradient>
<radialGradient id="halo" cx="0.5" cy="0.3" r="0.6"><stop offset="0" stop-color="${theme.glow}" stop-opacity=".35"/><stop offset="1" stop-color="${theme.glow}" stop-opacity="0"/></radialGradient></defs>
<rect width="1600" height="900" fill="url(#sky)"/>${sparkles(game, 1600, 900, 160, '#fff')}<rect width="1600" height="900" fill="url(#halo)"/></svg>`;
}
