import { Resvg } from '@resvg/resvg-js';
import { icoFromPngs } from './ico.ts';
import { OG_IMAGE_SIZE } from './pages.ts';

/**
 * Raster images made at build time from SVG sources (docs/seo.md): the favicon and the touch icon
 * from the one brand icon (src/assets/icon.svg), and the social-card images from the game art.
 * Social networks and messengers show PNG or JPEG previews, not SVG. resvg draws them; the sources
 * hold no text, so no fonts are loaded.
 */

/** The site's background (the theme colour), behind the drawings. */
const BACKGROUND = '#0b0f1a';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * `svg` (a root `<svg>` with a viewBox and no size of its own, as the art and the icon are) drawn
 * into the middle of `box` at the largest size that fits, clipped to its viewBox as a browser would
 * (some drawings reach past it), for use inside a larger drawing.
 */
function placed(svg: string, box: Box, id: string): string {
  const root = svg.replace(/^\s*(<\?xml[^>]*>\s*)?/, '');
  const viewBox = /^<svg\b[^>]*\bviewBox="([^"]+)"/
    .exec(root)?.[1]
    ?.split(/[\s,]+/)
    .map(Number);
  const [, , vbWidth = 0, vbHeight = 0] = viewBox ?? [];
  if (!(vbWidth > 0 && vbHeight > 0))
    throw new Error(`not an SVG drawing with a viewBox: ${root.slice(0, 60)}`);
  const scale = Math.min(box.width / vbWidth, box.height / vbHeight);
  const width = Math.round(vbWidth * scale);
  const height = Math.round(vbHeight * scale);
  const x = box.x + Math.round((box.width - width) / 2);
  const y = box.y + Math.round((box.height - height) / 2);
  return `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${width}" height="${height}"/></clipPath><g clip-path="url(#${id})"><svg x="${x}" y="${y}" width="${width}" height="${height}"${root.slice(4)}</g>`;
}

function png(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

/** A square PNG of the icon, `size` pixels wide. */
export function iconPng(svg: string, size: number): Buffer {
  return png(svg, size);
}

/** favicon.ico: the icon at 16, 32 and 48 pixels. */
export function faviconIco(svg: string): Uint8Array {
  return icoFromPngs([16, 32, 48].map((size) => ({ size, png: iconPng(svg, size) })));
}

/** apple-touch-icon.png: 180 pixels, opaque (iOS fills transparency with black), with a margin. */
export function touchIconPng(svg: string): Buffer {
  const icon = placed(svg, { x: 20, y: 20, width: 140, height: 140 }, 'touch-clip');
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180"><rect width="180" height="180" fill="${BACKGROUND}"/>${icon}</svg>`,
    180,
  );
}

/** The card's backdrop: the site's colours with the hero's violet and gold glows. */
const BACKDROP = `<defs>
<radialGradient id="og-violet" cx="0.85" cy="0.15" r="0.7"><stop offset="0" stop-color="#7c5cff" stop-opacity="0.45"/><stop offset="1" stop-color="#7c5cff" stop-opacity="0"/></radialGradient>
<radialGradient id="og-gold" cx="0.1" cy="1.05" r="0.6"><stop offset="0" stop-color="#f5c542" stop-opacity="0.22"/><stop offset="1" stop-color="#f5c542" stop-opacity="0"/></radialGradient>
<linearGradient id="og-base" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#121a31"/><stop offset="1" stop-color="${BACKGROUND}"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#og-base)"/><rect width="100%" height="100%" fill="url(#og-violet)"/><rect width="100%" height="100%" fill="url(#og-gold)"/>`;

/**
 * A social-card PNG (1200×630): the drawing centred on the backdrop in a box `scale` of the card
 * (a wide game artwork fills most of it, the square brand icon less).
 */
export function ogImagePng(svg: string, scale = 0.9): Buffer {
  const { width, height } = OG_IMAGE_SIZE;
  const box = {
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    x: Math.round((width * (1 - scale)) / 2),
    y: Math.round((height * (1 - scale)) / 2),
  };
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${BACKDROP}${placed(svg, box, 'og-clip')}</svg>`,
    width,
  );
}
