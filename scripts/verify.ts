/**
 * `npm run -s verify -- <game> --server-seed S --client-seed C --nonce N [options]` (FAIRNESS.md
 * §6): recomputes a bet with the engines the server uses and prints one line of JSON. Crash takes
 * `--hash H --salt S`, rooms `--server-seed S --round-id ID --tickets T`. Bad input: a message on
 * stderr and exit code 2.
 */
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { floats, hmacSha256Hex } from '../src/games/fair/node.ts';
import { formatResult, GAME_OPTIONS, GAMES, parseVerifyRequest, verify } from '../src/games/verifier.ts';

const USAGE = `Usage: npm run -s verify -- <game> [options]
${GAMES.map((game) => `  ${game.padEnd(9)} ${GAME_OPTIONS[game].map((name) => `--${name} …`).join(' ')}`).join('\n')}
  miner --mines 1-24 · hilo --count cards · coinflip --count 1-20
  wheel --risk low|medium|high --segments 10|20|30|40|50 · cases --case easy|medium|hard|expert|comet|supernova`;

function exitWithUsageError(message: string): never {
  process.stderr.write(
    `verify: ${message}\nRun "npm run -s verify -- --help" for the games and their options.\n`,
  );
  process.exit(2);
}

const optionConfig: ParseArgsOptionsConfig = { help: { type: 'boolean' } };
for (const name of Object.values(GAME_OPTIONS).flat()) optionConfig[name] = { type: 'string' };

let values: Record<string, unknown>;
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: optionConfig,
    allowPositionals: true,
  }));
} catch (error) {
  exitWithUsageError((error as Error).message);
}

const { help, ...options } = values;
if (help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const [game, ...extra] = positionals;
if (game === undefined) exitWithUsageError('Missing the game');
if (extra.length > 0) exitWithUsageError(`Unexpected argument "${extra[0]}"`);

const request = parseVerifyRequest(game, options as Record<string, string | undefined>);
if (!request.ok) exitWithUsageError(request.message);
process.stdout.write(`${formatResult(await verify(request.value, { floats, hmacSha256Hex }))}\n`);
