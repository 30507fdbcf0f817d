import type { SlotGame } from '../../shared/api/slots.ts';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { type SlotMode, SlotPlay } from './SlotPlay.tsx';
import './slots.css';

/** /games/slots/{slug}/play and /demo: the game's frame island (docs/slots.md). */
export default function SlotPlayIsland(props: {
  locale: Locale;
  slug: string;
  mode: SlotMode;
  name: string;
  game?: SlotGame | null;
}) {
  return (
    <IslandRoot locale={props.locale}>
      <SlotPlay {...props} game={props.game ?? null} />
    </IslandRoot>
  );
}
