import type { Locale } from '../../shared/locales.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { BonusBoard } from './BonusBoard.tsx';

/** /bonuses, the player's part: the promo code field and the bonuses they can activate (docs/bonuses.md). */
export default function OffersIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <BonusBoard locale={locale} />
    </IslandRoot>
  );
}
