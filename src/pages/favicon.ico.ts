import type { APIRoute } from 'astro';
import icon from '../assets/icon.svg?raw';
import { faviconIco } from '../seo/images.ts';

/** /favicon.ico, drawn from the brand icon at build time (docs/seo.md). */
export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(faviconIco(icon)), { headers: { 'content-type': 'image/x-icon' } });
