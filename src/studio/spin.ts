/**
 * One paid spin (docs/slots.md): demo spins move the fun balance in the studio's storage; real
 * spins send the signed `transaction/bet`, draw the result from the player's seed pair, then send
 * `transaction/win` (round closed, 0 when nothing won). A bet the casino does not accept, or does not
 * answer, is rolled back (retried until answered) and the spin is refused.
 */
import { randomUUID } from 'node:crypto';
import { spinSlot } from '../games/slots/index.ts';
import { nodeFloatSource } from '../games/slots/node.ts';
import type { SpinResult } from '../games/slots/types.ts';
import { gameCodeOf } from './bets.ts';
import type { SeedPair, Session, StudioStore } from './store.ts';
import { fromWire, toWire, type WalletAnswer, type WalletClient } from './wallet.ts';

export interface Fair {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export type SpinOutcome =
  | { ok: true; result: SpinResult; balance: bigint; payout: bigint; fair: Fair; round: string }
  | {
      ok: false;
      /** NOT_ENOUGH_MONEY, SESSION_EXPIRED, WALLET_UNAVAILABLE or WALLET_REFUSED. */
      code: string;
      status?: string;
      balance?: bigint;
    };

export const ownerOf = (session: Session): string =>
  session.mode === 'demo' ? `demo:${session.id}` : `user:${session.operatorId}:${session.player}`;

export const fairOf = (pair: SeedPair): Fair => ({
  server_seed_hash: pair.serverSeedHash,
  client_seed: pair.clientSeed,
  nonce: pair.nonce,
});

/** Runs `task` after every earlier task of the same key (one player's spins and seed changes in order). */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return next;
  }
}

/** The payout in minor units: floor(bet × win / 100). */
export const payoutOf = (bet: bigint, win: number): bigint => (bet * BigInt(win)) / 100n;

function draw(session: Session, pair: SeedPair): SpinResult {
  return spinSlot(session.game, nodeFloatSource(pair.serverSeed, pair.clientSeed, pair.nonce));
}

export async function demoSpin(store: StudioStore, session: Session, bet: bigint): Promise<SpinOutcome> {
  const afterBet = await store.moveDemoBalance(session.id, -bet);
  if (afterBet === undefined)
    return { ok: false, code: 'NOT_ENOUGH_MONEY', balance: session.demoBalance ?? 0n };
  const pair = await store.activePair(ownerOf(session));
  const round = randomUUID();
  await store.recordSpin({
    id: round,
    sessionId: session.id,
    game: session.game,
    bet,
    currency: session.currency,
    pair,
    betTx: 'demo',
  });
  const result = draw(session, pair);
  await store.advanceNonce(pair.id, pair.nonce);
  const payout = payoutOf(bet, result.win);
  await store.settleSpin(round, result, payout, null);
  const balance = payout > 0n ? ((await store.moveDemoBalance(session.id, payout)) ?? afterBet) : afterBet;
  return { ok: true, result, balance, payout, fair: fairOf(pair), round };
}

export async function realSpin(
  store: StudioStore,
  wallet: WalletClient,
  session: Session,
  bet: bigint,
): Promise<SpinOutcome> {
  const pair = await store.activePair(ownerOf(session));
  const round = randomUUID();
  const betTx = randomUUID();
  const fair = fairOf(pair);
  const common = {
    user: session.player,
    token: session.token,
    round,
    game_code: gameCodeOf(session.game),
  };
  await store.recordSpin({
    id: round,
    sessionId: session.id,
    game: session.game,
    bet,
    currency: session.currency,
    pair,
    betTx,
  });
  const betAnswer = await wallet.call('/transaction/bet', {
    ...common,
    transaction_uuid: betTx,
    supplier_transaction_id: `${round}:bet`,
    round_closed: false,
    request_uuid: randomUUID(),
    is_free: false,
    currency: session.currency,
    bet: 'spin',
    amount: toWire(bet),
    meta: { fair },
  });
  await store.setStatus(round, 'bet', betAnswer?.status ?? 'NO_ANSWER');
  if (betAnswer?.status === 'RS_ERROR_NOT_ENOUGH_MONEY') {
    return { ok: false, code: 'NOT_ENOUGH_MONEY', status: betAnswer.status, balance: balanceOf(betAnswer) };
  }
  if (betAnswer?.status !== 'RS_OK') {
    const rollback = wallet.untilAnswered('/transaction/rollback', {
      ...common,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: `${round}:rollback`,
      round_closed: true,
      request_uuid: randomUUID(),
      reference_transaction_uuid: betTx,
      meta: { fair },
    });
    void rollback.then(
      (answer) => answer && store.setStatus(round, 'rollback', answer.status).catch(() => undefined),
    );
    const expired =
      betAnswer?.status === 'RS_ERROR_INVALID_TOKEN' || betAnswer?.status === 'RS_ERROR_TOKEN_EXPIRED';
    const code = expired ? 'SESSION_EXPIRED' : betAnswer ? 'WALLET_REFUSED' : 'WALLET_UNAVAILABLE';
    return { ok: false, code, status: betAnswer?.status };
  }
  const result = draw(session, pair);
  await store.advanceNonce(pair.id, pair.nonce);
  const payout = payoutOf(bet, result.win);
  const winTx = randomUUID();
  await store.settleSpin(round, result, payout, winTx);
  const winBody = {
    ...common,
    transaction_uuid: winTx,
    supplier_transaction_id: `${round}:win`,
    round_closed: true,
    request_uuid: randomUUID(),
    reference_transaction_uuid: betTx,
    is_free: false,
    currency: session.currency,
    bet: 'spin',
    amount: toWire(payout),
    meta: { fair },
  };
  const winAnswer = await wallet.call('/transaction/win', winBody);
  let balance = (balanceOf(betAnswer) ?? 0n) + payout;
  if (winAnswer) {
    await store.setStatus(round, 'win', winAnswer.status);
    if (winAnswer.status === 'RS_OK') balance = balanceOf(winAnswer) ?? balance;
  } else {
    // The round is decided: the win is sent again (same request) until the casino answers.
    await store.setStatus(round, 'win', 'NO_ANSWER');
    void wallet
      .untilAnswered('/transaction/win', winBody)
      .then((answer) => answer && store.setStatus(round, 'win', answer.status).catch(() => undefined));
  }
  return { ok: true, result, balance, payout, fair, round };
}

export function balanceOf(answer: WalletAnswer | undefined): bigint | undefined {
  return typeof answer?.balance === 'number' ? fromWire(answer.balance) : undefined;
}
