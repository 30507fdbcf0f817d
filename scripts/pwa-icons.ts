/**
 * Draws the app icons of the web manifest (docs/pwa.md) from public/favicon.svg into public/icons/:
 * 192 and 512 px, a maskable 512 px (the logo inside the central safe zone, the background to the
 * edges) and the 180 px Apple touch icon. Run by hand after the logo changes:
 * `node scripts/pwa-icons.ts`. The manifest's screenshots are scripts/pwa-screenshots.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const root = new URL('../public/', import.meta.url);
const logo = readFileSync(new URL('favicon.svg', root), 'utf8');
const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const BACKGROUND = '#0b0f1a';

/** The logo (a 64-unit drawing) centred on a square background, at `scale` of its side. */
function icon(size: number, scale: number, rounded: boolean): Buffer {
  const offset = (64 - 64 * scale) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">
<rect width="64" height="64" rx="${rounded ? 12 : 0}" fill="${BACKGROUND}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

writeFileSync(new URL('icons/icon-192.png', root), icon(192, 0.86, true));
writeFileSync(new URL('icons/icon-512.png', root), icon(512, 0.86, true));
// Maskable: the platform crops to its own shape; the safe zone is the central circle of 80 %.
writeFileSync(new URL('icons/maskable-512.png', root), icon(512, 0.62, false));
writeFileSync(new URL('icons/apple-touch-icon.png', root), icon(180, 0.8, false));
