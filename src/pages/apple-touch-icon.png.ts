import type { APIRoute } from 'astro';
import icon from '../assets/icon.svg?raw';
import { touchIconPng } from '../seo/images.ts';

/** /apple-touch-icon.png (home screens, and the logo of the structured data), from the brand icon. */
export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(touchIconPng(icon)), { headers: { 'content-type': 'image/png' } });
