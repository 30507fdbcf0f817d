import type { SlotGame } from '../../shared/api/slots.ts';
import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { LiveLobby } from './LiveLobby.tsx';
import '../../styles/slot-card.css';
import '../slots/slots.css';
import './live.css';

/** /games/live-casino: the live lobby island (docs/live-casino.md); `initial` is the server's catalogue. */
export default function LiveLobbyIsland({
  locale,
  initial = null,
}: {
  locale: Locale;
  initial?: SlotGame[] | null;
}) {
  return (
    <IslandRoot locale={locale}>
      <LiveLobby locale={locale} initial={initial} />
    </IslandRoot>
  );
}
