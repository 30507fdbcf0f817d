import type { SlotGame } from '../../shared/api/slots.ts';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { SlotsLobby } from './SlotsLobby.tsx';
import '../../styles/slot-card.css';
import './slots.css';

/** /games/slots: the catalogue island (docs/slots.md); `initial` is the catalogue the server rendered with, if any. */
export default function SlotsLobbyIsland({
  locale,
  initial = null,
}: {
  locale: Locale;
  initial?: SlotGame[] | null;
}) {
  return (
    <IslandRoot locale={locale}>
      <SlotsLobby locale={locale} initial={initial} />
    </IslandRoot>
  );
}
