import type { APIRoute, GetStaticPaths } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import icon from '../../assets/icon.svg?raw';
import CaseArt from '../../components/art/CaseArt.astro';
import GameArt from '../../components/GameArt.astro';
import { ogImagePng } from '../../seo/images.ts';
import { type OgImageKey, SEO_PAGES } from '../../seo/pages.ts';

/**
 * The social-card image of every page (Open Graph, Twitter; docs/seo.md) as a PNG written at build
 * time (dist/client/art/<key>.png): the page's game or case artwork, or the brand icon.
 */
export const prerender = true;

export const getStaticPaths = (() =>
  [...new Set(SEO_PAGES.map((page) => page.image))].map((image) => ({
    params: { image },
  }))) satisfies GetStaticPaths;

async function drawing(image: OgImageKey): Promise<{ svg: string; scale?: number }> {
  if (image === 'orbita') return { svg: icon, scale: 0.7 };
  const container = await AstroContainer.create();
  const svg = image.startsWith('case-')
    ? await container.renderToString(CaseArt, { props: { tier: image.slice('case-'.length) } })
    : await container.renderToString(GameArt, { props: { game: image } });
  return { svg: svg.trim() };
}

export const GET: APIRoute = async ({ params }) => {
  const { svg, scale } = await drawing(params.image as OgImageKey);
  return new Response(new Uint8Array(ogImagePng(svg, scale)), {
    headers: { 'content-type': 'image/png' },
  });
};
