import { localHref } from '../../../client/site.ts';

/** The /fairness verifier on one of the player's bets (it loads the bet, its game and inputs). */
export function verifyBetHref(betId: string): string {
  return `${localHref('/fairness')}?bet=${encodeURIComponent(betId)}`;
}
