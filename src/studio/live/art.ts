/**
 * The live tables' catalogue art (400×300): a green felt with the table's emblem (a wheel from
 * above, or a fanned pair of cards), its name and a LIVE badge. Generated, like the slots' art.
 */
import { WHEEL_ORDER } from '../../games/live/roulette.ts';
import { RED_NUMBERS } from '../../games/roulette/engine.ts';
import type { LiveTableDef } from './tables.ts';

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A European wheel seen from above: 37 coloured pockets around a turret. */
function wheel(cx: number, cy: number, r: number): string {
  const step = (2 * Math.PI) / WHEEL_ORDER.length;
  const pockets = WHEEL_ORDER.map((n, i) => {
    const a0 = i * step - Math.PI / 2 - step / 2;
    const a1 = a0 + step;
    const p = (a: number, rr: number) =>
      `${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`;
    const fill = n === 0 ? '#0f8a4b' : RED_NUMBERS.has(n) ? '#c62834' : '#1c1c22';
    return `<path d="M${p(a0, r)} A${r} ${r} 0 0 1 ${p(a1, r)} L${p(a1, r * 0.72)} A${r * 0.72} ${r * 0.72} 0 0 0 ${p(a0, r * 0.72)}Z" fill="${fill}"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="#6b3f1d"/><circle cx="${cx}" cy="${cy}" r="${r + 4}" fill="#c9a45c"/>${pockets}<circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="#7a4a22"/><circle cx="${cx}" cy="${cy}" r="${r * 0.22}" fill="#e7c979"/><circle cx="${cx + r * 0.86}" cy="${cy - r * 0.12}" r="6" fill="#fff"/>`;
}

/** Two cards fanned: a king and a nine. */
function cards(cx: number, cy: number): string {
  const card = (x: number, rot: number, rank: string, red: boolean) =>
    `<g transform="translate(${x} ${cy}) rotate(${rot})"><rect x="-42" y="-60" width="84" height="120" rx="9" fill="#fdfaf2" stroke="#cfc6b0"/><text x="0" y="14" font-family="Georgia,serif" font-size="48" font-weight="700" text-anchor="middle" fill="${red ? '#c62834' : '#1c1c22'}">${rank}</text></g>`;
  return card(cx - 30, -12, 'K', false) + card(cx + 30, 12, '9', true);
}

export function liveThumbnailSvg(table: LiveTableDef): string {
  const emblem = table.game === 'live-roulette' ? wheel(200, 118, 78) : cards(200, 112);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">
<defs><radialGradient id="felt" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#1f7a4d"/><stop offset="1" stop-color="#0b3322"/></radialGradient></defs>
<rect width="400" height="300" fill="url(#felt)"/>${emblem}
<rect x="0" y="212" width="400" height="88" fill="#000" opacity=".32"/>
<rect x="16" y="16" width="64" height="26" rx="13" fill="#e23b3b"/><circle cx="32" cy="29" r="5" fill="#fff"/><text x="56" y="34" font-family="Arial,sans-serif" font-weight="700" font-size="14" text-anchor="middle" fill="#fff">LIVE</text>
<text x="200" y="256" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="28" text-anchor="middle" fill="#f5d67b" stroke="#0b1a12" stroke-width="2" paint-order="stroke">${esc(table.name)}</text>
<text x="200" y="284" font-family="Arial,sans-serif" font-size="15" text-anchor="middle" fill="#fff" opacity=".85" letter-spacing="3">ORBITA STUDIO</text></svg>`;
}
