/**
 * `npm run -s verify -- <game> --server-seed S --client-seed C --nonce N [options]` (docs/fairness.md
 * §6): recomputes a bet with the engines the server uses and prints one line of JSON. Crash takes
 * `--hash H --salt S`, rooms `--server-seed S --round-id ID --tickets T`, the live tables (§10)
 * `--hash H --salt S` (live baccarat also `--shoe-hand N`). Bad input, or a shoe hand number the
 * chain contradicts: a message on stderr and exit code 2.
 *
 * `npm run -s verify -- --batch` reads one JSON array of such arguments per stdin line and prints
 * one result line each (`{"error":"…"}` for a bad line), for checking many bets in one process.
 *
 * Any non-empty server seed text of up to 256 characters is verified as it is; one that is not this
 * site's format (64 lowercase hex characters) gets a warning on stderr, not a refusal.
 */
import { createInterface } from 'node:readline';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { floats, hmacSha256Hex, sha256Hex } from '../src/games/fair/node.ts';
import { serverSeedWarning } from '../src/games/fair/seeds.ts';
import {
  formatResult,
  parseVerifyRequest,
  VERIFIABLE_GAMES,
  VERIFY_OPTIONS,
  VerifyFailure,
  verify,
} from '../src/games/verifier.ts';

const USAGE = `Usage: npm run -s verify -- <game> [options]
${VERIFIABLE_GAMES.map((game) => `  ${game.padEnd(13)} ${VERIFY_OPTIONS[game].map((name) => `--${name} …`).join(' ')}`).join('\n')}
  miner --mines 1-24 · hilo --count cards · coinflip --count 1-20 · live-baccarat --shoe-hand 1-104 (1 opens the shoe)
  wheel --risk low|medium|high --segments 10|20|30|40|50 · cases --case easy|medium|hard|expert|comet|supernova
  --batch: one JSON array of arguments per stdin line, one result line each`;

class UsageError extends Error {}

const optionConfig: ParseArgsOptionsConfig = { help: { type: 'boolean' }, batch: { type: 'boolean' } };
for (const name of Object.values(VERIFY_OPTIONS).flat()) optionConfig[name] = { type: 'string' };

function parse(args: string[]) {
  try {
    return parseArgs({ args, options: optionConfig, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** One verification: the arguments after `verify --` → the line of JSON. */
async function run(args: string[]): Promise<string> {
  const { values, positionals } = parse(args);
  const { help: _help, batch: _batch, ...options } = values;
  const [game, ...extra] = positionals;
  if (game === undefined) throw new UsageError('Missing the game');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  const request = parseVerifyRequest(game, options as Record<string, string | undefined>);
  if (!request.ok) throw new UsageError(request.message);
  // Any server seed text is verified (docs/fairness.md §1); one of another format gets a warning.
  const seed = options['server-seed'];
  const warning = typeof seed === 'string' ? serverSeedWarning(seed) : null;
  if (warning) process.stderr.write(`verify: warning: ${warning}\n`);
  try {
    return formatResult(await verify(request.value, { floats, hmacSha256Hex, sha256Hex }));
  } catch (error) {
    if (error instanceof VerifyFailure) throw new UsageError(error.message);
    throw error;
  }
}

const args = process.argv.slice(2);
try {
  const { values } = parse(args);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
  } else if (values.batch) {
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      try {
        const lineArgs = JSON.parse(line) as unknown;
        if (!Array.isArray(lineArgs) || !lineArgs.every((a) => typeof a === 'string'))
          throw new UsageError('Expected a JSON array of strings');
        process.stdout.write(`${await run(lineArgs)}\n`);
      } catch (error) {
        process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
      }
    }
  } else {
    process.stdout.write(`${await run(args)}\n`);
  }
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(
    `verify: ${error.message}\nRun "npm run -s verify -- --help" for the games and their options.\n`,
  );
  process.exit(2);
}
