import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { outcome as openCase } from './cases/engine.ts';
import { CASE_TABLES } from './cases/tables.ts';
import { flips } from './coinflip/engine.ts';
import { crashPointFromHash } from './crash/chain.ts';
import { formatMultiplier } from './crash/engine.ts';
import { formatRoll, rollFromFloat } from './dice/engine.ts';
import { floats, hmacSha256Hex } from './fair/node.ts';
import * as web from './fair/web.ts';
import { cards } from './hilo/engine.ts';
import { draw } from './keno/engine.ts';
import { placeMines } from './miner/engine.ts';
import { toDecimal } from './ratio.ts';
import { roundInput, winningTicket } from './rooms/engine.ts';
import { pocketFromFloat } from './roulette/engine.ts';
import { SLOT_SLUGS, spinSlot } from './slots/index.ts';
import { nodeFloatSource } from './slots/node.ts';
import { slotOutcome } from './slots/verify.ts';
import { SEED_1, SEED_2 } from './testing/reference.ts';
import { CRASH_VECTORS, ROOM_VECTORS, VECTORS } from './testing/vectors.ts';
import { formatResult, parseVerifyRequest, verify } from './verifier.ts';
import { outcome as spinWheel } from './wheel/engine.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
// Node's compile cache cuts each CLI start from ~350 ms to ~100 ms after the first.
const env = { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'orbita-verify-compile-cache') };

/** Runs the CLI as `npm run verify` does (node scripts/verify.ts) and returns exit code and output. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/verify.ts', ...args], {
      cwd: root,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const seedArgs = (v: { serverSeed: string; clientSeed: string; nonce: number }) => [
  '--server-seed',
  v.serverSeed,
  '--client-seed',
  v.clientSeed,
  '--nonce',
  String(v.nonce),
];

const v0 = VECTORS[0]!;
const v2 = VECTORS[2]!;
const f0 = floats(v0, 24);
const f2 = floats(v2, 24);

// Each row: CLI arguments and the outcome computed here with the engines directly.
const CASES: [string, string[], unknown][] = [
  ['dice', ['dice', ...seedArgs(v0)], { roll: rollFromFloat(f0[0]!) / 100 }],
  ['roulette', ['roulette', ...seedArgs(v0)], { pocket: pocketFromFloat(f0[0]!) }],
  ['keno', ['keno', ...seedArgs(v2)], { drawn: draw(f2) }],
  ['miner', ['miner', ...seedArgs(v0), '--mines', '3'], { mines: placeMines(f0, 3) }],
  ['miner with 24 mines', ['miner', ...seedArgs(v2), '--mines', '24'], { mines: placeMines(f2, 24) }],
  ['hilo', ['hilo', ...seedArgs(v0), '--count', '20'], { cards: cards(floats(v0, 20)) }],
  ['coinflip', ['coinflip', ...seedArgs(v2), '--count', '20'], { flips: flips(floats(v2, 20)) }],
  [
    'wheel',
    ['wheel', ...seedArgs(v0), '--risk', 'medium', '--segments', '50'],
    (() => {
      const spin = spinWheel(f0, { risk: 'medium', segments: 50 });
      return { segment: spin.segment, multiplier: Number(toDecimal(spin.multiplier)) };
    })(),
  ],
  ...(['easy', 'medium', 'hard', 'expert', 'comet', 'supernova'] as const).map(
    (slug): [string, string[], unknown] => [
      `cases ${slug}`,
      ['cases', ...seedArgs(v0), '--case', slug],
      { multiplier: Number(toDecimal(openCase(f0, CASE_TABLES[slug]).multiplier)) },
    ],
  ),
  ...CRASH_VECTORS.map((c): [string, string[], unknown] => [
    `crash (salt ${c.salt.slice(0, 8)})`,
    ['crash', '--hash', c.hash, '--salt', c.salt],
    { crashPoint: Number(formatMultiplier(crashPointFromHash(c.hash, c.salt))) },
  ]),
  ...SLOT_SLUGS.map((game): [string, string[], unknown] => [
    game,
    [game, ...seedArgs(v0)],
    slotOutcome(spinSlot(game, nodeFloatSource(v0.serverSeed, v0.clientSeed, v0.nonce))),
  ]),
  [
    'rooms',
    ['rooms', '--server-seed', SEED_1, '--round-id', ROOM_VECTORS[0].roundId, '--tickets', '1000'],
    { winningTicket: Number(winningTicket(floats(roundInput(SEED_1, ROOM_VECTORS[0].roundId), 1), 1000n)) },
  ],
];

describe('verify CLI', () => {
  test.concurrent.each(CASES)(
    '%s prints exactly one JSON line equal to the engine outcome',
    async (_, args, expected) => {
      const { code, stdout, stderr } = await cli(args);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout.endsWith('\n')).toBe(true);
      expect(stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toEqual(expected);
    },
  );

  test.concurrent.each([
    ['an uppercase copy of a seed', SEED_1.toUpperCase()],
    ['another site’s seed text', 'old-format seed: ünïcode & spaces'],
    ['a 256-character seed', 'ж'.repeat(256)],
  ])('%s is verified as it is, with a warning on stderr (not a refusal)', async (_, serverSeed) => {
    const { code, stdout, stderr } = await cli(['dice', ...seedArgs({ ...v0, serverSeed })]);
    expect(code).toBe(0);
    const roll = rollFromFloat(floats({ serverSeed, clientSeed: v0.clientSeed, nonce: v0.nonce }, 1)[0]!);
    expect(JSON.parse(stdout)).toEqual({ roll: Number(formatRoll(roll)) });
    expect(stderr).toMatch(/^verify: warning: .*64 lowercase hex/);
  });

  test('rooms prints the double-product ticket of a 2⁵³ − 1 ticket pot', async () => {
    const tickets = 2n ** 53n - 1n;
    const { stdout } = await cli([
      'rooms',
      '--server-seed',
      SEED_2,
      '--round-id',
      'big-pot',
      '--tickets',
      `${tickets}`,
    ]);
    const ticket = winningTicket(floats(roundInput(SEED_2, 'big-pot'), 1), tickets);
    expect(stdout).toBe(`{"winningTicket":${ticket}}\n`);
  });

  test.concurrent.each([
    ['no game', [], 'Missing the game'],
    ['an unknown option', ['dice', '--seed', 'x'], "Unknown option '--seed'"],
    ['an empty server seed', ['dice', ...seedArgs({ ...v0, serverSeed: '' })], '1 to 256 characters'],
    ['a 257-character server seed', ['dice', ...seedArgs({ ...v0, serverSeed: 'é'.repeat(257) })], '257'],
    ['a stray argument', ['dice', 'extra', ...seedArgs(v0)], 'Unexpected argument "extra"'],
    [
      'a pot beyond 2⁵³ − 1 tickets',
      ['rooms', '--server-seed', SEED_2, '--round-id', 'r', '--tickets', `${2n ** 53n}`],
      'from 1 to 9007199254740991',
    ],
  ])('%s exits with code 2 and says why on stderr', async (_, args, message) => {
    const { code, stdout, stderr } = await cli(args);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(message);
  });
});

/** Command-line style arguments → the options record parseVerifyRequest takes. */
function optionsOf(args: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) options[args[i]!.slice(2)] = args[i + 1]!;
  return options;
}

describe('verifier', () => {
  test.each([
    ['an unknown game', 'blackjack', [], 'Expected a game'],
    ['a missing nonce', 'dice', ['--server-seed', SEED_1, '--client-seed', 'c'], 'Missing --nonce'],
    ['a negative nonce', 'dice', [...seedArgs(v0).slice(0, 4), '--nonce', '-1'], 'Expected a nonce'],
    ['a 65-character client seed', 'dice', seedArgs({ ...v0, clientSeed: 'x'.repeat(65) }), '1-64 printable'],
    ['an option of another game', 'dice', [...seedArgs(v0), '--mines', '3'], '--mines does not apply'],
    ['25 mines', 'miner', [...seedArgs(v0), '--mines', '25'], '--mines to be a whole number from 1 to 24'],
    ['2.5 mines', 'miner', [...seedArgs(v0), '--mines', '2.5'], '--mines to be a whole number'],
    ['no card count', 'hilo', seedArgs(v0), 'Missing --count'],
    ['21 coin flips', 'coinflip', [...seedArgs(v0), '--count', '21'], 'from 1 to 20'],
    ['an unknown risk', 'wheel', [...seedArgs(v0), '--risk', 'wild', '--segments', '10'], 'Expected risk'],
    ['a 15-segment wheel', 'wheel', [...seedArgs(v0), '--risk', 'low', '--segments', '15'], 'received 15'],
    [
      'a wordy segment count',
      'wheel',
      [...seedArgs(v0), '--risk', 'low', '--segments', 'ten'],
      'received "ten"',
    ],
    ['an unknown case', 'cases', [...seedArgs(v0), '--case', 'nebula'], 'Expected a case slug'],
    ['a short crash hash', 'crash', ['--hash', 'abc', '--salt', 's'], 'Expected --hash'],
    ['an empty salt', 'crash', ['--hash', CRASH_VECTORS[0].hash, '--salt', ''], 'non-empty --salt'],
    ['zero tickets', 'rooms', ['--server-seed', SEED_1, '--round-id', 'r', '--tickets', '0'], '--tickets'],
    [
      'a round id with a newline',
      'rooms',
      ['--server-seed', SEED_1, '--round-id', 'a\nb', '--tickets', '5'],
      '--round-id',
    ],
  ])('refuses %s with a message that says what it received', (_, game, args, message) => {
    const result = parseVerifyRequest(game, optionsOf(args));
    expect(result).toMatchObject({ ok: false, error: 'ERR_USAGE' });
    if (!result.ok) expect(result.message).toContain(message);
  });

  test.each(['easy', 'medium', 'hard', 'expert', 'comet', 'supernova'] as const)(
    'cases --case %s opens the engine prize',
    async (slug) => {
      const request = parseVerifyRequest('cases', optionsOf([...seedArgs(v2), '--case', slug]));
      if (!request.ok) throw new Error(request.message);
      expect(await verify(request.value, { floats, hmacSha256Hex })).toEqual({
        multiplier: Number(toDecimal(openCase(f2, CASE_TABLES[slug]).multiplier)),
      });
    },
  );

  test('the Web Crypto primitives give the same outcomes as the Node ones', async () => {
    for (const [game, args] of [
      ['keno', seedArgs(v2)],
      ['hilo', [...seedArgs(v0), '--count', '30']],
      ['crash', ['--hash', CRASH_VECTORS[1].hash, '--salt', CRASH_VECTORS[1].salt]],
    ] as const) {
      const request = parseVerifyRequest(game, optionsOf(args));
      if (!request.ok) throw new Error(request.message);
      const viaWeb = await verify(request.value, web);
      expect(viaWeb).toEqual(await verify(request.value, { floats, hmacSha256Hex }));
    }
  });

  test('results print as one line of JSON with exact bigints', () => {
    expect(formatResult({ roll: 84.77 })).toBe('{"roll":84.77}');
    expect(formatResult({ winningTicket: 2n ** 64n })).toBe('{"winningTicket":18446744073709551616}');
    expect(formatResult({ cards: ['8D', '10S'] })).toBe('{"cards":["8D","10S"]}');
  });
});
