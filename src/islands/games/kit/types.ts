/**
 * Wire types of the games API (docs/api-games.md), as the server sends them: the shared shapes of
 * `src/shared/wire/bets.ts`, read as they are (the islands do not re-validate answers).
 */
import type { BetGame } from '../../../shared/wire/bets.ts';

export type { BetAnswer, BetView as Bet, FeedItem, FeedKind } from '../../../shared/wire/bets.ts';

/** The games the kit plays: those with a bets API. */
export type GameKey = BetGame;
