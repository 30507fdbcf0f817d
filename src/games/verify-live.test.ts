import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { previousHash } from './crash/chain.ts';
import { floats, hmacSha256Hex, sha256Hex } from './fair/node.ts';
import * as web from './fair/web.ts';
import { type BaccaratRound, freshShoe } from './live/baccarat.ts';
import { baccaratRound, rouletteRound } from './live/node.ts';
import { baccaratView } from './live/verify.ts';
import { SEED_1, SEED_2 } from './testing/reference.ts';
import {
  GAMES,
  LIVE_GAME_OPTIONS,
  parseVerifyRequest,
  VERIFIABLE_GAMES,
  VerifyFailure,
  verify,
} from './verifier.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'orbita-verify-compile-cache') };

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

// The baccarat table of the known-answer tests (src/games/live/baccarat.test.ts): chain head
// h_200 = SEED_2, salt "orbita-live-salt"; its first shoe is hands h_1 … h_79.
const SALT = 'orbita-live-salt';
const chain: string[] = [SEED_2];
for (let i = 0; i < 200; i += 1) chain.unshift(previousHash(chain[0]!));
const hashAt = (i: number) => chain[i]!;

/** The first shoe dealt with the Node helpers, hand by hand. */
const shoe: BaccaratRound[] = [];
for (let i = 1, state = freshShoe(); shoe.at(-1)?.lastOfShoe !== true; i += 1) {
  const round = baccaratRound(hashAt(i), SALT, state);
  shoe.push(round);
  state = round.shoe;
}

const node = { floats, hmacSha256Hex, sha256Hex };

describe('verify CLI: live tables', () => {
  test.concurrent.each<[string, string[], unknown]>([
    ['live-roulette', ['live-roulette', '--hash', SEED_1, '--salt', SEED_2], { pocket: 31, color: 'black' }],
    [
      'live-roulette (engine)',
      ['live-roulette', '--hash', hashAt(7), '--salt', SALT],
      rouletteRound(hashAt(7), SALT),
    ],
    [
      'live-baccarat, the hand that opens the shoe',
      ['live-baccarat', '--hash', hashAt(1), '--salt', SALT, '--shoe-hand', '1'],
      {
        player: ['8D', '7S', 'AD'],
        banker: ['JS', '2D', '6D'],
        playerTotal: 6,
        bankerTotal: 8,
        winner: 'banker',
        natural: false,
        playerPair: false,
        bankerPair: false,
        burnt: ['AD', 'JD'],
        cardsLeft: 408,
        lastOfShoe: false,
      },
    ],
    [
      'live-baccarat, the last hand of the shoe',
      ['live-baccarat', '--hash', hashAt(79), '--salt', SALT, '--shoe-hand', '79'],
      baccaratView(shoe[78]!),
    ],
    [
      'live-baccarat, the hand that opens the next shoe',
      ['live-baccarat', '--hash', hashAt(80), '--salt', SALT, '--shoe-hand', '1'],
      baccaratView(baccaratRound(hashAt(80), SALT, freshShoe())),
    ],
  ])('%s prints one JSON line equal to the engine outcome', async (_, args, expected) => {
    const { code, stdout, stderr } = await cli(args);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  test('a hand number past the end of its shoe exits with code 2 and says which hand closed it', async () => {
    const { code, stdout, stderr } = await cli([
      'live-baccarat',
      '--hash',
      hashAt(80),
      '--salt',
      SALT,
      '--shoe-hand',
      '80',
    ]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`Hand 79 of that shoe (hash ${hashAt(79)})`);
  });
});

/** Command-line style arguments → the options record parseVerifyRequest takes. */
function optionsOf(args: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) options[args[i]!.slice(2)] = args[i + 1]!;
  return options;
}

describe('verifier: live tables', () => {
  test('the live tables are verified by the CLI, not offered by the /fairness page yet', () => {
    expect(VERIFIABLE_GAMES).toEqual([...GAMES, 'live-roulette', 'live-baccarat']);
    expect(GAMES).not.toContain('live-roulette');
    expect(LIVE_GAME_OPTIONS['live-baccarat']).toEqual(['hash', 'salt', 'shoe-hand']);
  });

  test.each([
    ['a short hash', 'live-roulette', ['--hash', 'abc', '--salt', 's'], 'Expected --hash to be a round hash'],
    ['an uppercase hash', 'live-roulette', ['--hash', SEED_1.toUpperCase(), '--salt', 's'], 'round hash'],
    ['an empty salt', 'live-roulette', ['--hash', SEED_1, '--salt', ''], 'non-empty --salt'],
    ['no salt', 'live-baccarat', ['--hash', SEED_1, '--shoe-hand', '1'], 'Missing --salt'],
    ['a nonce', 'live-roulette', ['--hash', SEED_1, '--salt', 's', '--nonce', '1'], '--nonce does not apply'],
    [
      'a shoe hand on roulette',
      'live-roulette',
      ['--hash', SEED_1, '--salt', 's', '--shoe-hand', '1'],
      'does not apply',
    ],
    ['no shoe hand', 'live-baccarat', ['--hash', SEED_1, '--salt', 's'], 'Missing --shoe-hand'],
    ['hand 0', 'live-baccarat', ['--hash', SEED_1, '--salt', 's', '--shoe-hand', '0'], 'from 1 to 104'],
    ['hand 105', 'live-baccarat', ['--hash', SEED_1, '--salt', 's', '--shoe-hand', '105'], 'from 1 to 104'],
    ['hand 1.5', 'live-baccarat', ['--hash', SEED_1, '--salt', 's', '--shoe-hand', '1.5'], 'received "1.5"'],
  ])('refuses %s with a message that says what it received', (_, game, args, message) => {
    const result = parseVerifyRequest(game, optionsOf(args));
    expect(result).toMatchObject({ ok: false, error: 'ERR_USAGE' });
    if (!result.ok) expect(result.message).toContain(message);
  });

  test('an unknown game lists the live tables too', () => {
    const result = parseVerifyRequest('blackjack', {});
    if (result.ok) throw new Error('accepted');
    expect(result.message).toContain('live-roulette, live-baccarat');
  });

  test('every hand of the shoe verifies from its own hash and number alone', async () => {
    for (const hand of [1, 2, 40, 79]) {
      const request = parseVerifyRequest(
        'live-baccarat',
        optionsOf(['--hash', hashAt(hand), '--salt', SALT, '--shoe-hand', String(hand)]),
      );
      if (!request.ok) throw new Error(request.message);
      expect(await verify(request.value, node)).toEqual(baccaratView(shoe[hand - 1]!));
    }
  });

  test('the Web Crypto primitives give the same outcomes as the Node ones', async () => {
    for (const args of [
      ['live-roulette', '--hash', hashAt(3), '--salt', SALT],
      ['live-baccarat', '--hash', hashAt(1), '--salt', SALT, '--shoe-hand', '1'],
      ['live-baccarat', '--hash', hashAt(30), '--salt', SALT, '--shoe-hand', '30'],
    ]) {
      const request = parseVerifyRequest(args[0]!, optionsOf(args.slice(1)));
      if (!request.ok) throw new Error(request.message);
      expect(await verify(request.value, web)).toEqual(await verify(request.value, node));
    }
  });

  test('a wrong hand number fails with ERR_SHOE; replaying needs sha256', async () => {
    const request = { game: 'live-baccarat', hash: hashAt(85), salt: SALT, shoeHand: 85 } as const;
    const failure = await verify(request, node).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VerifyFailure);
    expect(failure).toMatchObject({ code: 'ERR_SHOE' });
    await expect(verify({ ...request, shoeHand: 2 }, { floats, hmacSha256Hex })).rejects.toThrow(TypeError);
    // The first hand of a shoe needs no hashing.
    expect(await verify({ ...request, hash: hashAt(1), shoeHand: 1 }, { floats, hmacSha256Hex })).toEqual(
      baccaratView(shoe[0]!),
    );
  });
});
