import { atom } from 'nanostores';
import type { TournamentBoard } from '../../shared/api/tournaments.ts';

/**
 * What the two islands of a tournament's page share: the leaderboard island publishes each board
 * it takes (a push or a read newer than the last), and the player's island reads their place
 * again after one and follows the status; the player's island names their rank, and the
 * leaderboard marks that row.
 */
export const $liveBoard = atom<TournamentBoard | null>(null);
export const $myRank = atom<number | null>(null);
