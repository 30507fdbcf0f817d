import type { SlotGame } from '../shared/api/slots.ts';
import { CONTENT_TAGS } from '../shared/wire/site-content.ts';

/**
 * The kept slots catalogue as the server hands it to the pages (`Astro.locals.content.slots`), the
 * page tagged so a refreshed catalogue drops it from the page cache; null when the server has none
 * to give (not connected, or it failed: the browser then reads it).
 */
export async function keptCatalogue(locals: App.Locals): Promise<SlotGame[] | null> {
  locals.cacheTags?.add(CONTENT_TAGS.slots);
  const content = locals.content;
  if (!content?.slots) return null;
  try {
    return (await content.slots()).data;
  } catch (err) {
    locals.log?.warn({ err }, 'the slots catalogue could not be read');
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
