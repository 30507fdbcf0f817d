import type { APIRoute } from 'astro';
import icon from '../assets/icon.svg?raw';

/** The brand icon, the one source of every icon (docs/seo.md), served as the SVG favicon. */
export const prerender = true;

export const GET: APIRoute = () => new Response(icon, { headers: { 'content-type': 'image/svg+xml' } });
