import type { Locale } from '../../shared/locales.ts';
import { BettingRoot } from './BettingRoot.tsx';
import { type BetsTab, MyBets } from './MyBets.tsx';

/** /betting/my-bets: the player's open and settled bets with cash-out (docs/betting.md). */
export default function MyBetsIsland({ locale, tab = 'open' }: { locale: Locale; tab?: BetsTab }) {
  return (
    <BettingRoot locale={locale}>
      <MyBets locale={locale} tab={tab} />
    </BettingRoot>
  );
}
