/**
 * Synchronous Node helpers of the live tables (server, scripts, tests): a round's outcome straight
 * from its hash and the table's salt, with fair/node.ts. The chain itself is crash's
 * (src/games/crash/chain.ts: `walkChain`, `previousHash`), one chain and salt per table.
 */
import { floats } from '../fair/node.ts';
import { type BaccaratRound, dealRound, floatsNeeded, type Shoe } from './baccarat.ts';
import { FLOAT_COUNT, spin } from './roulette.ts';
import { roundInput } from './round.ts';

/** The live roulette spin of the round with hash `hash`. */
export function rouletteRound(hash: string, salt: string): ReturnType<typeof spin> {
  return spin(floats(roundInput(hash, salt), FLOAT_COUNT));
}

/** The baccarat round with hash `hash`, dealt from `shoe` (a fresh shoe for a shoe's first hand). */
export function baccaratRound(hash: string, salt: string, shoe: Shoe): BaccaratRound {
  return dealRound(shoe, floats(roundInput(hash, salt), floatsNeeded(shoe)));
}
