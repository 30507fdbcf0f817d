import type { Locale } from '../../shared/locales.ts';
import { BettingEvent } from './BettingEvent.tsx';
import { BettingRoot } from './BettingRoot.tsx';

/**
 * /betting/event/{id}: one event with every market, live (docs/betting.md "Pages"). The server's
 * copy is the page's element `staticId` (none under `astro dev`): the island reads the event
 * itself and takes its place.
 */
export default function BettingEventIsland({
  locale,
  id,
  staticId,
}: {
  locale: Locale;
  id: string;
  staticId: string;
}) {
  return (
    <BettingRoot locale={locale} quiet>
      <BettingEvent locale={locale} id={id} staticId={staticId} />
    </BettingRoot>
  );
}
