import type { Locale } from '../../shared/locales.ts';
import { BetSlip } from './BetSlip.tsx';
import { BettingRoot } from './BettingRoot.tsx';

/** The bet slip on every betting page: a side panel on wide screens, a drawer on phones (docs/betting.md). */
export default function BetSlipIsland({ locale }: { locale: Locale }) {
  return (
    <BettingRoot locale={locale}>
      <BetSlip locale={locale} />
    </BettingRoot>
  );
}
