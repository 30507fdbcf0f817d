import type { APIRoute, GetStaticPaths } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import GameArt from '../../components/GameArt.astro';
import { ORIGINALS, SECTIONS } from '../../shared/games.ts';

/**
 * Every game artwork as its own SVG file, written at build time (dist/client/art/<key>.svg): pages
 * reference it with an <img> and its version (src/components/art/url.ts) instead of carrying the
 * drawing inline, so a lobby page stays small and the browser caches each drawing once.
 */
export const prerender = true;

export const getStaticPaths = (() =>
  [...ORIGINALS, ...SECTIONS].map(({ art }) => ({ params: { art } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const container = await AstroContainer.create();
  const svg = await container.renderToString(GameArt, { props: { game: params.art } });
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${svg.trim()}\n`, {
    headers: { 'content-type': 'image/svg+xml' },
  });
};
