/** Test support: many bets' floats from the Node path (cached key), one nonce per bet. */
import { floats } from '../fair/node.ts';
import { SEED_1 } from './reference.ts';

/** The floats of `bets` consecutive nonces under a fixed seed pair named by `clientSeed`. */
export function* sampleBets(clientSeed: string, bets: number, floatsPerBet: number): Generator<number[]> {
  for (let nonce = 0; nonce < bets; nonce += 1)
    yield floats({ serverSeed: SEED_1, clientSeed, nonce }, floatsPerBet);
}

/** Mean and a 99.9 % half-width (3.29 standard errors) of a sample. */
export function meanWithBound(values: readonly number[]): { mean: number; bound: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, bound: 3.29 * Math.sqrt(variance / values.length) };
}
