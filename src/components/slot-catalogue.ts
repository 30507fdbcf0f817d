import type { SlotGame } from '../shared/api/slots.ts';
import { CONTENT_TAGS } from '../shared/wire/site-content.ts';

/**
 * A kept catalogue as the server hands it to the pages (`Astro.locals.content`): the slots lobby's
 * (`slots`) or the live casino's (`live`), the page tagged so a refreshed catalogue drops it from
 * the page cache; null when the server has none to give (not connected, or it failed: the browser
 * then reads it).
 */
export async function keptCatalogue(
  locals: App.Locals,
  kind: 'slots' | 'live' = 'slots',
): Promise<SlotGame[] | null> {
  locals.cacheTags?.add(CONTENT_TAGS.slots);
  const read = locals.content?.[kind];
  if (!read) return null;
  try {
    return (await read()).data;
  } catch (err) {
    locals.log?.warn({ err, kind }, 'a kept catalogue could not be read');
    return null;
  }
}

/** A page title for a slug the catalogue does not name (yet): "star-quest" → "Star Quest". */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
