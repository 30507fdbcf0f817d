/** The Node float source of a bet (server, CLI verifier, simulations). */
import { streamBlock } from '../fair/node.ts';
import type { Nonce } from '../fair/seeds.ts';
import { type FloatSource, floatSourceOf } from './stream.ts';

/** Floats of `HMAC_SHA256(serverSeed, clientSeed:nonce:round)`, round = 0, 1, 2, … */
export function nodeFloatSource(serverSeed: string, clientSeed: string, nonce: Nonce): FloatSource {
  return floatSourceOf((round) => streamBlock(serverSeed, clientSeed, nonce, round));
}
