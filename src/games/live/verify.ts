/**
 * The live tables' part of the outcome verifier (src/games/verifier.ts, `npm run verify --
 * live-roulette …`): recomputes a round from its hash and the table's salt with the engines, on
 * injected primitives (fair/node.ts or fair/web.ts). A baccarat hand also needs its number in its
 * shoe: the verifier hashes down the chain to the shoe's first hand and replays the shoe from there.
 */
import type { RollInput } from '../fair/seeds.ts';
import { fail, ok, type Result } from '../result.ts';
import type { PocketColor } from '../roulette/engine.ts';
import { type BaccaratRound, dealRound, floatsNeeded, freshShoe, SHOE_CARDS, type Shoe } from './baccarat.ts';
import { FLOAT_COUNT, spin } from './roulette.ts';
import { linksBelow, roundInput, type Sha256 } from './round.ts';

/** Draws stream floats and hashes, sync (Node) or async (Web Crypto). */
export interface LiveFair {
  floats(input: RollInput, count: number): number[] | Promise<number[]>;
  /** Needed to walk down the chain (a baccarat hand after the first of its shoe). */
  sha256Hex?: Sha256;
}

/** The highest hand number of a shoe: a hand takes at least 4 of the 416 cards. */
export const MAX_SHOE_HAND = SHOE_CARDS / 4;

/** The spin of the live roulette round with hash `hash`. */
export async function verifyLiveRoulette(
  hash: string,
  salt: string,
  fair: LiveFair,
): Promise<{ pocket: number; color: PocketColor }> {
  return spin(await fair.floats(roundInput(hash, salt), FLOAT_COUNT));
}

/** Deals the round with hash `hash` from `shoe`, drawing the floats it may need. */
export async function dealFromLink(
  hash: string,
  salt: string,
  shoe: Shoe,
  fair: LiveFair,
): Promise<BaccaratRound> {
  return dealRound(shoe, await fair.floats(roundInput(hash, salt), floatsNeeded(shoe)));
}

/**
 * The baccarat round with hash `h_i`, hand `shoeHand` (1 for the hand that opens it) of its shoe:
 * the shoe opened at `h_{i−shoeHand+1}`; its hands are replayed from a fresh shoe up to this one.
 * Fails with ERR_SHOE when a replayed hand was the last of the shoe (the number is wrong).
 */
export async function replayBaccarat(
  hash: string,
  salt: string,
  shoeHand: number,
  fair: LiveFair,
): Promise<Result<BaccaratRound, 'ERR_SHOE'>> {
  if (!Number.isInteger(shoeHand) || shoeHand < 1 || shoeHand > MAX_SHOE_HAND) {
    throw new RangeError(`Expected a hand number 1-${MAX_SHOE_HAND}, received ${shoeHand}`);
  }
  const sha256 = fair.sha256Hex;
  if (shoeHand > 1 && !sha256) throw new TypeError('Replaying a shoe needs sha256Hex');
  const links = sha256 ? await linksBelow(hash, shoeHand - 1, sha256) : [];
  let shoe = freshShoe();
  for (const [i, link] of links.entries()) {
    const round = await dealFromLink(link, salt, shoe, fair);
    if (round.lastOfShoe) {
      return fail(
        'ERR_SHOE',
        `Hand ${i + 1} of that shoe (hash ${link}) dealt a card behind the cut card and closed it, so this round is not hand ${shoeHand} of it`,
      );
    }
    shoe = round.shoe;
  }
  return ok(await dealFromLink(hash, salt, shoe, fair));
}

/** A dealt round as the verifier prints it. */
export function baccaratView(round: BaccaratRound): {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: string;
  natural: boolean;
  playerPair: boolean;
  bankerPair: boolean;
  burnt: string[];
  cardsLeft: number;
  lastOfShoe: boolean;
} {
  return {
    player: [...round.player],
    banker: [...round.banker],
    playerTotal: round.playerTotal,
    bankerTotal: round.bankerTotal,
    winner: round.winner,
    natural: round.natural,
    playerPair: round.playerPair,
    bankerPair: round.bankerPair,
    burnt: [...round.burnt],
    cardsLeft: round.shoe.left,
    lastOfShoe: round.lastOfShoe,
  };
}
