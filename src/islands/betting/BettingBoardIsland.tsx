import type { Locale } from '../../shared/locales.ts';
import { BettingBoard, type BoardFilter } from './BettingBoard.tsx';
import { BettingRoot } from './BettingRoot.tsx';
import type { BoardKind } from './board-sections.tsx';

/**
 * /betting and /betting/{sport}: the event lists, live (docs/betting.md "Pages"). The server's
 * copy of the lists is the page's element `staticId` (none under `astro dev`): the island reads
 * the events itself and takes its place.
 */
export default function BettingBoardIsland({
  locale,
  filter = {},
  kind,
  staticId,
  countries,
}: {
  locale: Locale;
  filter?: BoardFilter;
  kind: BoardKind;
  staticId: string;
  /** Country names by code in the page's language (the server's: a browser may not know them). */
  countries?: Record<string, string>;
}) {
  return (
    <BettingRoot locale={locale} quiet>
      <BettingBoard locale={locale} filter={filter} kind={kind} staticId={staticId} countries={countries} />
    </BettingRoot>
  );
}
