import type { SlotGame } from '../../shared/api/slots.ts';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { type GameKind, type SlotMode, SlotPlay } from './SlotPlay.tsx';
import './slots.css';

/**
 * /games/slots/{slug}/play and /demo (docs/slots.md), and the live casino's
 * /games/live-casino/{slug}/play and /demo (`kind` live): the game's frame island.
 */
export default function SlotPlayIsland(props: {
  kind?: GameKind;
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
