/**
 * Generates a crash hash chain off the main thread (src/server/modules/crash/chain.ts): a random
 * head `h_N`, then `h_{i−1} = sha256(utf8(h_i))` down to `h_0`, keeping every `every`-th hash and
 * the head. Answers `{ checkpoints: [position, hash][], terminating }`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { length, every } = workerData as { length: number; every: number };
let hash = randomBytes(32).toString('hex');
const checkpoints: [number, string][] = [[length, hash]];
for (let position = length - 1; position >= 0; position -= 1) {
  hash = createHash('sha256').update(hash, 'utf8').digest('hex');
  if (position % every === 0) checkpoints.push([position, hash]);
}
parentPort?.postMessage({ checkpoints, terminating: hash });
