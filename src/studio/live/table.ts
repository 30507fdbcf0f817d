/**
 * One live table's rounds (docs/live-casino.md): betting → closed ("no more bets") → drawing (the
 * result from the round's chain link) → result (payouts) → the next round; a round the table cannot
 * finish is `void` and its bets handed back. Every step is a row change in the studio's database,
 * stored before it is announced, so a restart picks the table up: an unfinished round is voided
 * (its bets rolled back, each once: one rollback id per bet, sent until the casino answers), a
 * round at its result finishes paying. Money goes through the casino's Wallet API: a
 * `transaction/bet` per batch of bets when placed, a `transaction/win` per batch at the result.
 * Time comes from the studio's clock; `tick()` does what is due (a timer calls it in production,
 * tests call it after moving their clock). Several instances may share the table (docs/live-casino.md
 * "Several instances"): only its leader, the holder of the table's lock, moves the rounds on; every
 * instance takes bets and chat and tells its own viewers what the relay carries.
 */
import { randomUUID } from 'node:crypto';
import { freshShoe, type Shoe } from '../../games/live/baccarat.ts';
import { baccaratRound, rouletteRound } from '../../games/live/node.ts';
import { beadPlate, bigRoad } from '../../games/live/roads.ts';
import { rouletteStatistics } from '../../games/live/roulette.ts';
import type { HeldLock } from '../db.ts';
import type { Session } from '../store.ts';
import { fromWire, toWire, type WalletClient } from '../wallet.ts';
import { ensureChain, linkOf, type Query, type TableChain } from './chain.ts';
import type {
  BaccaratResult,
  ChatMessage,
  LiveEvent,
  LiveResult,
  LobbyTable,
  PlaceBetsAnswer,
  RoundView,
  SeatBets,
  SendChatAnswer,
  Snapshot,
  TableHistory,
  WireBet,
} from './protocol.ts';
import type { Relay } from './relay.ts';
import { chipsOf, type LiveTableDef, limitsOf } from './tables.ts';
import { checkBets, payoutOf } from './wire.ts';

export const LIVE_SCHEMA = `
create table if not exists live_rounds (
  table_id text not null, round integer not null, phase text not null, phase_ends_at bigint not null,
  result jsonb, hash text, shoe jsonb, primary key (table_id, round)
);
create table if not exists live_bets (
  id text primary key, table_id text not null, round integer not null, session_id text not null,
  player text, name text not null, mode text not null, currency text not null, bets jsonb not null,
  stake bigint not null, state text not null, payout bigint, bet_tx text not null, bet_request text not null,
  win_tx text not null, win_request text not null, rollback_tx text not null, rollback_request text not null,
  created_at bigint not null, seq bigserial
);
create index if not exists live_bets_round on live_bets (table_id, round);
create table if not exists live_chat (
  id text primary key, table_id text not null, session_id text not null, name text not null,
  text text not null, at bigint not null
);
create index if not exists live_chat_table on live_chat (table_id, at);
create table if not exists live_mutes (
  operator_id text not null, player text not null, until_ms bigint not null, primary key (operator_id, player)
);
`;

/** Chat rules: length, pace, words a message may not carry. */
export const CHAT = {
  maxLength: 200,
  minGapMs: 2_000,
  perMinute: 10,
  kept: 50,
  blocked: [/https?:\/\//i, /\bwww\./i, /\bt\.me\//i, /\b(?:fuck|shit|сука|бля[дт]?)\w*/iu],
};

/** Past rounds kept for the history (roulette's last numbers, the shoe's roads). */
const HISTORY = 100;

/** The last results a lobby card shows. */
const LOBBY_RESULTS = 12;

export interface LiveDeps {
  query: Query;
  wallet: WalletClient;
  /** The studio's clock (src/studio/index.ts `StudioClock`). */
  clock: { now(): number };
  /** Demo balances (the studio's sessions). */
  moveDemoBalance(sessionId: string, delta: bigint): Promise<bigint | undefined>;
  chainLength: number;
  /**
   * The table's lock on a shared database (null: another instance holds it, and leads). Absent:
   * this process owns the database (PGlite) and leads alone.
   */
  lock?: (tableId: string) => Promise<HeldLock | null>;
  /** How long an instance that does not lead waits before it tries the lock again. */
  leaderRetryMs?: number;
  /** Carries events to every instance's viewers (Redis); absent: to this process's viewers. */
  relay?: Relay;
}

interface RoundRow {
  round: number;
  phase: RoundView['phase'];
  phase_ends_at: string;
  result: LiveResult | null;
  hash: string | null;
  shoe: Shoe | null;
}

interface BetRow {
  id: string;
  round: number;
  session_id: string;
  player: string | null;
  name: string;
  mode: 'real' | 'demo';
  currency: string;
  bets: WireBet[];
  stake: string;
  state: string;
  payout: string | null;
  bet_tx: string;
  bet_request: string;
  win_tx: string;
  win_request: string;
  rollback_tx: string;
  rollback_request: string;
}

/**
 * A viewer's listener: the event (the table's, or the viewer's own), and for `seats` the session id
 * of each seat in order (so each viewer marks its own).
 */
type Listener = (event: LiveEvent, seatSessions?: readonly string[]) => void;

/** An event as the relay carries it: `target` is the session it is for (null: everyone). */
interface Relayed {
  event: LiveEvent;
  target: string | null;
  seatSessions?: readonly string[];
}

/** A viewer's name as others see it: the casino's nickname, or a masked one. */
export function seatName(session: Pick<Session, 'id' | 'player'> & { nickname?: string | null }): string {
  if (session.nickname) return session.nickname;
  const key = session.player ?? session.id;
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `Player ${(h % 0xffff).toString(16).toUpperCase().padStart(4, '0')}`;
}

export class LiveTable {
  readonly def: LiveTableDef;
  readonly #deps: LiveDeps;
  #chain: TableChain | null = null;
  /** Each listener with the session it watches for. */
  readonly #listeners = new Map<Listener, string>();
  readonly #viewers = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  /** Whether a timer calls `tick` (the `schedule` of `start`). */
  #scheduled = false;
  #running = false;
  #stopped = true;
  #lock: HeldLock | null = null;
  #leading = false;
  #trying: Promise<boolean> | null = null;
  #retry: NodeJS.Timeout | undefined;
  #unsubscribe: (() => Promise<void>) | undefined;
  #ticking: Promise<void> | null = null;
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #lastChat = new Map<string, number[]>();
  /** Bets whose win or rollback this process is sending now (each at most once at a time). */
  readonly #busy = new Set<string>();

  constructor(def: LiveTableDef, deps: LiveDeps) {
    this.def = def;
    this.#deps = deps;
  }

  get chain(): TableChain {
    if (!this.#chain) throw new Error(`table ${this.def.id} is not started`);
    return this.#chain;
  }

  #now(): number {
    return this.#deps.clock.now();
  }

  /**
   * Serves the table (its chain made on first start, its events relayed) and leads it when it can
   * (`tryLead`). `schedule`: a timer calls `tick` when a phase ends (off in tests, which tick
   * themselves).
   */
  async start({ schedule }: { schedule: boolean }): Promise<void> {
    this.#chain = await ensureChain(this.#deps.query, this.def.id, this.#deps.chainLength);
    this.#scheduled = schedule;
    this.#stopped = false;
    this.#unsubscribe = await this.#deps.relay?.subscribe(`live:${this.def.id}`, (payload) => {
      const { event, target, seatSessions } = JSON.parse(payload) as Relayed;
      this.#deliver(event, target, seatSessions);
    });
    await this.tryLead();
  }

  /** Whether this instance leads the table: moves its rounds on (only one instance at a time). */
  get leading(): boolean {
    return this.#leading;
  }

  /**
   * Tries to take the lead now (at once when no other instance can hold it); whether this instance
   * leads. Without the lock it tries again every `leaderRetryMs`.
   */
  tryLead(): Promise<boolean> {
    this.#trying ??= this.#attempt().finally(() => {
      this.#trying = null;
    });
    return this.#trying;
  }

  async #attempt(): Promise<boolean> {
    if (this.#leading || this.#stopped) return this.#leading;
    clearTimeout(this.#retry);
    let lock: HeldLock | null = null;
    if (this.#deps.lock) {
      lock = await this.#deps.lock(this.def.id).catch(() => null);
      if (!lock) return this.#retryLater();
      if (this.#stopped) {
        await lock.release();
        return false;
      }
    }
    this.#lock = lock;
    this.#leading = true;
    void lock?.lost.then(() => this.#lose(lock));
    try {
      await this.#takeOver();
    } catch (error) {
      await this.#resign();
      this.#retryLater();
      throw error;
    }
    return true;
  }

  #retryLater(): false {
    if (!this.#stopped) {
      this.#retry = setTimeout(() => void this.tryLead().catch(() => {}), this.#deps.leaderRetryMs ?? 1_000);
      this.#retry.unref();
    }
    return false;
  }

  /** The lock's connection died: another instance may lead already, so this one stops at once. */
  #lose(lock: HeldLock): void {
    if (this.#lock !== lock) return;
    this.#leading = false;
    this.#running = false;
    this.#lock = null;
    if (this.#timer) clearTimeout(this.#timer);
    this.#retryLater();
  }

  async #resign(): Promise<void> {
    this.#leading = false;
    this.#running = false;
    const lock = this.#lock;
    this.#lock = null;
    await lock?.release();
  }

  /**
   * The leader's start on the stored state: an unfinished round voided and its bets handed back, a
   * round at its result paid, then the next round open.
   */
  async #takeOver(): Promise<void> {
    const current = await this.#current();
    if (current && ['betting', 'closed', 'drawing'].includes(current.phase)) await this.#void(current);
    if (current?.phase === 'result') await this.#settle(current);
    for (const bet of await this.#bets(null, ['rolling_back', 'abandoned'])) this.#rollBack(bet);
    for (const bet of await this.#bets(null, ['settling'])) this.#payWin(bet);
    this.#running = this.#scheduled;
    await this.tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#trying?.catch(() => {});
    await this.#ticking;
    await Promise.allSettled([...this.#inFlight]);
    await this.#resign();
    await this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** Does every step that is due now, in order (nothing unless this instance leads). */
  tick(): Promise<void> {
    const run = (this.#ticking ?? Promise.resolve()).then(() => this.#advance());
    this.#ticking = run.catch(() => {});
    return run;
  }

  async #advance(): Promise<void> {
    for (let steps = 0; steps < 8 && this.#leading; steps += 1) {
      const round = await this.#current();
      if (!round || round.phase === 'void') {
        await this.#open((round?.round ?? 0) + 1);
        continue;
      }
      if (Number(round.phase_ends_at) > this.#now()) break;
      if (round.phase === 'betting') await this.#close(round);
      else if (round.phase === 'closed') await this.#draw(round);
      else if (round.phase === 'drawing') await this.#settle(round);
      else if (round.phase === 'result') await this.#open(round.round + 1);
    }
    this.#schedule();
  }

  #schedule(): void {
    if (!this.#running) return;
    if (this.#timer) clearTimeout(this.#timer);
    void this.#current().then((round) => {
      if (!this.#running || !round) return;
      const wait = Math.max(0, Number(round.phase_ends_at) - this.#now());
      this.#timer = setTimeout(
        () => {
          // A failed step (the database closing, a bug) is tried again shortly, never left unhandled.
          this.tick().catch(() => {
            if (this.#running) this.#timer = setTimeout(() => this.#schedule(), 1_000);
          });
        },
        Math.min(wait, 60_000),
      );
    });
  }

  /** The current round as every viewer sees it (null before the first round opens). */
  async round(): Promise<RoundView | null> {
    const row = await this.#current();
    return row ? this.#view(row) : null;
  }

  async #current(): Promise<RoundRow | undefined> {
    const [row] = await this.#deps.query<RoundRow>(
      `select round, phase, phase_ends_at::text, result, hash, shoe from live_rounds
        where table_id = $1 order by round desc limit 1`,
      [this.def.id],
    );
    return row;
  }

  #view(row: RoundRow): RoundView {
    const revealed = row.phase === 'result' || row.phase === 'void';
    return {
      round: row.round,
      phase: row.phase,
      phaseEndsAt: Number(row.phase_ends_at),
      result: row.phase === 'betting' || row.phase === 'closed' ? null : row.result,
      hash: revealed ? row.hash : null,
    };
  }

  async #open(round: number): Promise<void> {
    if (round > this.chain.length) throw new Error(`table ${this.def.id}: its chain is used up`);
    await this.#deps.query(
      `insert into live_rounds (table_id, round, phase, phase_ends_at) values ($1, $2, 'betting', $3)
       on conflict do nothing`,
      [this.def.id, round, this.#now() + this.def.timing.betting],
    );
    await this.#announceRound();
  }

  async #setPhase(round: number, from: string, to: string, ms: number, extra = ''): Promise<boolean> {
    const rows = await this.#deps.query(
      `update live_rounds set phase = $4, phase_ends_at = $5 ${extra}
        where table_id = $1 and round = $2 and phase = $3 returning round`,
      [this.def.id, round, from, to, this.#now() + ms],
    );
    return rows.length === 1;
  }

  async #close(row: RoundRow): Promise<void> {
    if (await this.#setPhase(row.round, 'betting', 'closed', this.def.timing.closed))
      await this.#announceRound();
  }

  /** The round's result from its link (a baccarat hand from the shoe the previous round left). */
  async #result(row: RoundRow): Promise<{ result: LiveResult; hash: string; shoe: Shoe | null }> {
    const hash = await linkOf(this.#deps.query, this.def.id, row.round);
    const salt = this.chain.salt;
    if (this.def.game === 'live-roulette') return { result: rouletteRound(hash, salt), hash, shoe: null };
    const [previous] = await this.#deps.query<{ shoe: Shoe | null; result: BaccaratResult | null }>(
      `select shoe, result from live_rounds where table_id = $1 and round < $2 and shoe is not null
        order by round desc limit 1`,
      [this.def.id, row.round],
    );
    const before =
      previous?.shoe && previous.result && !previous.result.lastOfShoe ? previous.shoe : freshShoe();
    const dealt = baccaratRound(hash, salt, before);
    const result: BaccaratResult = {
      player: [...dealt.player],
      banker: [...dealt.banker],
      playerTotal: dealt.playerTotal,
      bankerTotal: dealt.bankerTotal,
      winner: dealt.winner,
      natural: dealt.natural,
      playerPair: dealt.playerPair,
      bankerPair: dealt.bankerPair,
      burnt: [...dealt.burnt],
      shoeHand: dealt.shoe.hands,
      lastOfShoe: dealt.lastOfShoe,
    };
    return { result, hash, shoe: dealt.shoe };
  }

  async #draw(row: RoundRow): Promise<void> {
    // Bets the casino has not answered by now are abandoned: rolled back when the answer comes.
    await this.#deps.query(
      `update live_bets set state = 'abandoned' where table_id = $1 and round = $2 and state = 'placing'`,
      [this.def.id, row.round],
    );
    const { result, hash, shoe } = await this.#result(row);
    await this.#deps.query(
      `update live_rounds set phase = 'drawing', phase_ends_at = $3, result = $4, hash = $5, shoe = $6
        where table_id = $1 and round = $2 and phase = 'closed'`,
      [
        this.def.id,
        row.round,
        this.#now() + this.def.timing.drawing,
        JSON.stringify(result),
        hash,
        shoe ? JSON.stringify(shoe) : null,
      ],
    );
    await this.#announceRound();
  }

  /** The result: each bet's payout recorded, then paid (the calls go on in the background). */
  async #settle(row: RoundRow): Promise<void> {
    const [fresh] = await this.#deps.query<RoundRow>(
      `update live_rounds set phase = 'result', phase_ends_at = $3
        where table_id = $1 and round = $2 and phase in ('drawing', 'result')
        returning round, phase, phase_ends_at::text, result, hash, shoe`,
      [
        this.def.id,
        row.round,
        row.phase === 'result' ? Number(row.phase_ends_at) : this.#now() + this.def.timing.result,
      ],
    );
    if (!fresh?.result) return;
    for (const bet of await this.#bets(row.round, ['placed'])) {
      const payout = payoutOf(this.def.game, bet.bets, fresh.result);
      const [settling] = await this.#deps.query<BetRow>(
        `update live_bets set state = 'settling', payout = $2 where id = $1 and state = 'placed'
          returning ${BET_COLUMNS}`,
        [bet.id, payout.toString()],
      );
      if (settling) this.#payWin(settling);
    }
    await this.#announceRound(true);
    await this.#announceSeats(row.round);
  }

  /** A round the table cannot finish: its result still drawn (a shoe stays whole), its bets handed back. */
  async #void(row: RoundRow): Promise<void> {
    const { result, hash, shoe } =
      row.result && row.hash
        ? { result: row.result, hash: row.hash, shoe: row.shoe }
        : await this.#result(row);
    const [done] = await this.#deps.query(
      `update live_rounds set phase = 'void', phase_ends_at = $3, result = $4, hash = $5, shoe = $6
        where table_id = $1 and round = $2 and phase in ('betting', 'closed', 'drawing') returning round`,
      [this.def.id, row.round, this.#now(), JSON.stringify(result), hash, shoe ? JSON.stringify(shoe) : null],
    );
    if (!done) return;
    await this.#deps.query(
      `update live_bets set state = 'rolling_back'
        where table_id = $1 and round = $2 and state in ('placing', 'placed', 'abandoned')`,
      [this.def.id, row.round],
    );
    for (const bet of await this.#bets(row.round, ['rolling_back'])) this.#rollBack(bet);
    await this.#announceRound(true);
  }

  async #bets(round: number | null, states: string[]): Promise<BetRow[]> {
    return this.#deps.query<BetRow>(
      `select ${BET_COLUMNS} from live_bets where table_id = $1 and ($2::int is null or round = $2)
        and state = any($3::text[]) order by seq`,
      [this.def.id, round, states],
    );
  }

  #track<T>(promise: Promise<T>, busy?: string): Promise<T> {
    this.#inFlight.add(promise);
    void promise
      .finally(() => {
        this.#inFlight.delete(promise);
        if (busy) this.#busy.delete(busy);
      })
      .catch(() => {});
    return promise;
  }

  /** Pays a settling bet: demo money at once; real money by `transaction/win` until answered. */
  #payWin(bet: BetRow): void {
    if (this.#busy.has(bet.id)) return;
    this.#busy.add(bet.id);
    const payout = BigInt(bet.payout ?? '0');
    const run = async () => {
      if (bet.mode === 'demo') {
        const [paid] = await this.#deps.query(
          `update live_bets set state = 'settled' where id = $1 and state = 'settling' returning id`,
          [bet.id],
        );
        if (!paid) return;
        // A lost bet moves nothing; the event still carries the balance (not 0: a lost demo stake
        // once showed the player an empty balance).
        const balance = await this.#deps.moveDemoBalance(bet.session_id, payout);
        if (balance === undefined) return;
        this.#emit(
          {
            type: 'settled',
            serverTime: this.#now(),
            round: bet.round,
            payout: payout.toString(),
            balance: balance.toString(),
          },
          bet.session_id,
        );
        return;
      }
      const answer = await this.#deps.wallet.untilAnswered('/transaction/win', {
        user: bet.player,
        transaction_uuid: bet.win_tx,
        supplier_transaction_id: bet.win_tx,
        token: null,
        round: `${this.def.id}:${bet.round}`,
        round_closed: true,
        request_uuid: bet.win_request,
        reference_transaction_uuid: bet.bet_tx,
        is_free: false,
        game_code: this.def.code,
        currency: bet.currency,
        bet: null,
        amount: toWire(payout),
      });
      if (!answer) return;
      await this.#deps.query(`update live_bets set state = 'settled' where id = $1 and state = 'settling'`, [
        bet.id,
      ]);
      if (answer.status === 'RS_OK' && typeof answer.balance === 'number')
        this.#emit(
          {
            type: 'settled',
            serverTime: this.#now(),
            round: bet.round,
            payout: payout.toString(),
            balance: fromWire(answer.balance).toString(),
          },
          bet.session_id,
        );
    };
    void this.#track(run(), bet.id);
  }

  /** Hands a bet back: demo money at once; real money by `transaction/rollback` until answered. */
  #rollBack(bet: BetRow): void {
    if (this.#busy.has(bet.id)) return;
    this.#busy.add(bet.id);
    const stake = BigInt(bet.stake);
    const run = async () => {
      if (bet.mode === 'demo') {
        const [back] = await this.#deps.query(
          `update live_bets set state = 'rolled_back' where id = $1 and state in ('rolling_back', 'abandoned') returning id`,
          [bet.id],
        );
        if (!back) return;
        const balance = await this.#deps.moveDemoBalance(bet.session_id, stake);
        if (balance === undefined) return;
        this.#emit(
          {
            type: 'refunded',
            serverTime: this.#now(),
            round: bet.round,
            amount: stake.toString(),
            balance: balance.toString(),
          },
          bet.session_id,
        );
        return;
      }
      const answer = await this.#deps.wallet.untilAnswered('/transaction/rollback', {
        user: bet.player,
        transaction_uuid: bet.rollback_tx,
        supplier_transaction_id: bet.rollback_tx,
        token: null,
        round: `${this.def.id}:${bet.round}`,
        round_closed: true,
        request_uuid: bet.rollback_request,
        reference_transaction_uuid: bet.bet_tx,
        game_code: this.def.code,
      });
      if (!answer) return;
      await this.#deps.query(
        `update live_bets set state = 'rolled_back' where id = $1 and state in ('rolling_back', 'abandoned')`,
        [bet.id],
      );
      if (answer.status === 'RS_OK' && typeof answer.balance === 'number')
        this.#emit(
          {
            type: 'refunded',
            serverTime: this.#now(),
            round: bet.round,
            amount: stake.toString(),
            balance: fromWire(answer.balance).toString(),
          },
          bet.session_id,
        );
    };
    void this.#track(run(), bet.id);
  }

  /**
   * A batch of bets for `round`: checked (with the player's earlier bets of the round, for the
   * limits), taken only while the round is betting, then staked at the casino (or from the demo
   * balance). A bet the casino has not answered when the draw starts is abandoned and rolled back.
   */
  async place(
    session: Session & { nickname?: string | null },
    round: number,
    bets: WireBet[],
  ): Promise<{ status: number; answer: PlaceBetsAnswer }> {
    const refuse = (
      status: number,
      code: Extract<PlaceBetsAnswer, { ok: false }>['code'],
      error: string,
      detail?: string,
    ) => ({
      status,
      answer: { ok: false as const, code, error, ...(detail ? { detail } : {}) },
    });
    const earlier = (
      await this.#deps.query<{ bets: WireBet[] }>(
        `select bets from live_bets where table_id = $1 and round = $2 and session_id = $3
          and state in ('placing', 'placed')`,
        [this.def.id, round, session.id],
      )
    ).flatMap((r) => r.bets);
    const checked = checkBets(this.def.game, session.currency, bets, earlier);
    if (!checked.ok) return refuse(422, checked.code, 'The bets were refused', checked.detail);
    const id = randomUUID();
    const [bet] = await this.#deps.query<BetRow>(
      `insert into live_bets (id, table_id, round, session_id, player, name, mode, currency, bets, stake, state,
                              bet_tx, bet_request, win_tx, win_request, rollback_tx, rollback_request, created_at)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'placing', $11, $12, $13, $14, $15, $16, $17
        where exists (select 1 from live_rounds where table_id = $2 and round = $3 and phase = 'betting'
                         and phase_ends_at > $17)
       returning ${BET_COLUMNS}`,
      [
        id,
        this.def.id,
        round,
        session.id,
        session.player,
        seatName(session),
        session.mode,
        session.currency,
        JSON.stringify(bets),
        checked.stake.toString(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        this.#now(),
      ],
    );
    if (!bet) return refuse(409, 'NO_MORE_BETS', 'Betting on this round is closed');
    let balance: bigint;
    if (session.mode === 'demo') {
      const after = await this.#deps.moveDemoBalance(session.id, -checked.stake);
      if (after === undefined) {
        await this.#deps.query(`update live_bets set state = 'refused' where id = $1`, [id]);
        return refuse(402, 'NOT_ENOUGH_MONEY', 'Not enough money for these bets');
      }
      const [placed] = await this.#deps.query(
        `update live_bets set state = 'placed' where id = $1 and state = 'placing' returning id`,
        [id],
      );
      if (!placed) {
        this.#rollBack({ ...bet, state: 'abandoned' });
        return refuse(409, 'NO_MORE_BETS', 'Betting on this round is closed');
      }
      balance = after;
    } else {
      const answer = await this.#track(
        this.#deps.wallet.call('/transaction/bet', {
          user: session.player,
          transaction_uuid: bet.bet_tx,
          supplier_transaction_id: bet.bet_tx,
          token: session.token,
          round: `${this.def.id}:${round}`,
          round_closed: false,
          request_uuid: bet.bet_request,
          is_free: false,
          game_code: this.def.code,
          currency: session.currency,
          bet: null,
          amount: toWire(checked.stake),
        }),
      );
      if (!answer) {
        // Unknown at the casino: handed back (the rollback of a bet never seen is recorded there).
        await this.#deps.query(
          `update live_bets set state = 'rolling_back' where id = $1 and state in ('placing', 'abandoned')`,
          [id],
        );
        this.#rollBack(bet);
        return refuse(502, 'WALLET_UNAVAILABLE', 'The casino did not confirm the bets');
      }
      if (answer.status !== 'RS_OK') {
        await this.#deps.query(`update live_bets set state = 'refused' where id = $1`, [id]);
        if (answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')
          return refuse(402, 'NOT_ENOUGH_MONEY', 'Not enough money for these bets');
        if (answer.status === 'RS_ERROR_TOKEN_EXPIRED' || answer.status === 'RS_ERROR_INVALID_TOKEN')
          return refuse(401, 'SESSION_EXPIRED', 'The game session has expired');
        return refuse(409, 'WALLET_REFUSED', 'The casino refused the bets', answer.status);
      }
      const [placed] = await this.#deps.query(
        `update live_bets set state = 'placed' where id = $1 and state = 'placing' returning id`,
        [id],
      );
      if (!placed) {
        // The draw started before the casino answered: the stake goes back.
        await this.#deps.query(
          `update live_bets set state = 'rolling_back' where id = $1 and state = 'abandoned'`,
          [id],
        );
        this.#rollBack(bet);
        return refuse(409, 'NO_MORE_BETS', 'Betting on this round closed before the casino answered');
      }
      balance = typeof answer.balance === 'number' ? fromWire(answer.balance) : 0n;
    }
    await this.#announceSeats(round);
    return {
      status: 200,
      answer: { ok: true, round, bets: [...earlier, ...bets], balance: balance.toString() },
    };
  }

  async #seats(round: number, viewer: string | null): Promise<SeatBets[]> {
    return (await this.#seatsWithSessions(round, viewer)).seats;
  }

  async #seatsWithSessions(
    round: number,
    viewer: string | null,
  ): Promise<{ seats: SeatBets[]; sessions: string[] }> {
    const rows = await this.#deps.query<{
      session_id: string;
      name: string;
      bets: WireBet[];
      stake: string;
      payout: string | null;
    }>(
      `select session_id, name, bets, stake::text, payout::text from live_bets
        where table_id = $1 and round = $2 and state in ('placed', 'settling', 'settled') order by seq`,
      [this.def.id, round],
    );
    const seats = new Map<string, SeatBets>();
    for (const row of rows) {
      const seat = seats.get(row.session_id) ?? {
        name: row.name,
        me: row.session_id === viewer,
        total: '0',
        bets: [],
        payout: null,
      };
      seat.total = (BigInt(seat.total) + BigInt(row.stake)).toString();
      seat.bets.push(...row.bets);
      if (row.payout !== null) seat.payout = (BigInt(seat.payout ?? '0') + BigInt(row.payout)).toString();
      seats.set(row.session_id, seat);
    }
    return { seats: [...seats.values()], sessions: [...seats.keys()] };
  }

  async #history(): Promise<TableHistory> {
    const rows = await this.#deps.query<{ result: LiveResult }>(
      `select result from live_rounds where table_id = $1 and phase = 'result' and result is not null
        order by round desc limit ${HISTORY}`,
      [this.def.id],
    );
    if (this.def.game === 'live-roulette') {
      const last = rows.map((r) => (r.result as { pocket: number }).pocket);
      if (last.length === 0)
        return {
          game: 'live-roulette',
          last,
          hot: [],
          cold: [],
          shares: { red: 0, black: 0, green: 0, odd: 0, even: 0, low: 0, high: 0 },
        };
      const stats = rouletteStatistics([...last].reverse(), HISTORY);
      const share = (tally: { count: number }) => Math.round((tally.count / last.length) * 1000) / 10;
      return {
        game: 'live-roulette',
        last,
        hot: [...stats.hot],
        cold: [...stats.cold],
        shares: {
          red: share(stats.red),
          black: share(stats.black),
          green: share(stats.green),
          odd: share(stats.odd),
          even: share(stats.even),
          low: share(stats.low),
          high: share(stats.high),
        },
      };
    }
    // The current shoe: the hands since the last hand that closed a shoe.
    const hands: BaccaratResult[] = [];
    for (const { result } of rows) {
      const hand = result as BaccaratResult;
      if (hand.lastOfShoe && hands.length > 0) break;
      hands.unshift(hand);
      if (hand.shoeHand === 1) break;
    }
    const road = bigRoad(hands);
    const cell = (c: { mark: 'P' | 'B' | 'T'; playerPair: boolean; bankerPair: boolean; ties?: number }) => ({
      mark: c.mark,
      playerPair: c.playerPair,
      bankerPair: c.bankerPair,
      ...(c.ties ? { ties: c.ties } : {}),
    });
    return {
      game: 'live-baccarat',
      shoeHand: hands.at(-1)?.shoeHand ?? 0,
      beadPlate: beadPlate(hands).map((column) => column.map(cell)),
      bigRoad: road.cells.map((c) => ({ column: c.column, row: c.row, cell: cell(c) })),
      counts: {
        player: hands.filter((h) => h.winner === 'player').length,
        banker: hands.filter((h) => h.winner === 'banker').length,
        tie: hands.filter((h) => h.winner === 'tie').length,
      },
    };
  }

  /** The table as the casino's lobby shows it (protocol.ts `LobbyTable`). */
  async lobby(): Promise<LobbyTable> {
    const row = await this.#current();
    const rows = await this.#deps.query<{ result: LiveResult }>(
      `select result from live_rounds where table_id = $1 and phase = 'result' and result is not null
        order by round desc limit ${LOBBY_RESULTS}`,
      [this.def.id],
    );
    const results = rows.map(({ result }) =>
      'pocket' in result
        ? String(result.pocket)
        : result.winner === 'tie'
          ? 'T'
          : result.winner === 'player'
            ? 'P'
            : 'B',
    );
    const limits = Object.entries(limitsOf(this.def.game)).map(([currency, kinds]) => {
      let min: bigint | null = null;
      let max = 0n;
      for (const limit of Object.values(kinds)) {
        if (min === null || limit.min < min) min = limit.min;
        if (limit.max > max) max = limit.max;
      }
      return [currency, { min: toWire(min ?? 0n), max: toWire(max) }] as const;
    });
    return {
      game_code: this.def.code,
      table_id: this.def.id,
      game: this.def.game,
      dealer: this.def.dealer,
      round: row?.round ?? 0,
      phase: row?.phase ?? 'void',
      phase_ends_at: row ? Number(row.phase_ends_at) : 0,
      server_time: this.#now(),
      players: this.watching,
      results,
      limits: Object.fromEntries(limits),
    };
  }

  /** The whole state for a viewer (their balance is the caller's: the casino's or the demo's). */
  async snapshot(session: Session & { nickname?: string | null }, balance: bigint): Promise<Snapshot> {
    const row = (await this.#current()) ?? {
      round: 0,
      phase: 'void',
      phase_ends_at: '0',
      result: null,
      hash: null,
      shoe: null,
    };
    const seats = await this.#seats(row.round, session.id);
    const mine = seats.find((s) => s.me);
    const [muted] = session.player
      ? await this.#deps.query<{ until_ms: string }>(
          'select until_ms::text from live_mutes where operator_id = $1 and player = $2 and until_ms > $3',
          [session.operatorId, session.player, this.#now()],
        )
      : [];
    const chat = await this.#deps.query<{ id: string; name: string; text: string; at: string }>(
      `select id, name, text, at::text from live_chat where table_id = $1 order by at desc limit ${CHAT.kept}`,
      [this.def.id],
    );
    const limits = limitsOf(this.def.game)[session.currency] ?? {};
    const [last] = await this.#deps.query<RoundRow>(
      `select round, phase, phase_ends_at::text, result, hash, shoe from live_rounds
        where table_id = $1 and round < $2 and phase in ('result', 'void') order by round desc limit 1`,
      [this.def.id, row.round],
    );
    return {
      type: 'snapshot',
      serverTime: this.#now(),
      table: {
        id: this.def.id,
        game: this.def.game,
        name: this.def.name,
        dealer: this.def.dealer,
        dealerHair: this.def.dealerHair,
        currency: session.currency,
        limits: Object.fromEntries(
          Object.entries(limits).map(([kind, l]) => [kind, { min: l.min.toString(), max: l.max.toString() }]),
        ),
        chips: chipsOf(session.currency).map(String),
        timing: { ...this.def.timing },
        chain: { terminatingHash: this.chain.terminatingHash, salt: this.chain.salt },
      },
      round: this.#view(row as RoundRow),
      ...(last ? { lastRound: this.#view(last) } : {}),
      viewer: {
        mode: session.mode,
        name: seatName(session),
        balance: balance.toString(),
        bets: mine?.bets ?? [],
        mutedUntil: muted ? Number(muted.until_ms) : null,
      },
      seats,
      watching: this.watching,
      history: await this.#history(),
      chat: chat.reverse().map((m) => ({ id: m.id, name: m.name, text: m.text, at: Number(m.at) })),
    };
  }

  /** A chat message: plain text, within the length and pace, no blocked words, not from a muted player. */
  async chat(session: Session & { nickname?: string | null }, text: string): Promise<SendChatAnswer> {
    const refuse = (code: Extract<SendChatAnswer, { ok: false }>['code'], error: string): SendChatAnswer => ({
      ok: false,
      code,
      error,
    });
    if (session.mode === 'demo') return refuse('DEMO', 'Chat is for players at the table for real money');
    // Control characters (line breaks included) become spaces: a message is one line of text.
    const clean = Array.from(text, (c) => {
      const code = c.codePointAt(0) ?? 0;
      return code < 0x20 || code === 0x7f ? ' ' : c;
    })
      .join('')
      .trim();
    if (clean.length === 0) return refuse('EMPTY', 'The message is empty');
    if (clean.length > CHAT.maxLength) return refuse('TOO_LONG', `At most ${CHAT.maxLength} characters`);
    const [muted] = await this.#deps.query(
      'select 1 from live_mutes where operator_id = $1 and player = $2 and until_ms > $3',
      [session.operatorId, session.player, this.#now()],
    );
    if (muted) return refuse('MUTED', 'The operator muted you in the chat');
    if (CHAT.blocked.some((word) => word.test(clean)))
      return refuse('BLOCKED', 'The message has a word the chat does not allow');
    const now = this.#now();
    const recent = (this.#lastChat.get(session.id) ?? []).filter((at) => at > now - 60_000);
    if ((recent.at(-1) ?? -Infinity) > now - CHAT.minGapMs || recent.length >= CHAT.perMinute)
      return refuse('RATE_LIMITED', 'Too many messages; wait a moment');
    recent.push(now);
    this.#lastChat.set(session.id, recent);
    const message: ChatMessage = { id: randomUUID(), name: seatName(session), text: clean, at: now };
    await this.#deps.query(
      'insert into live_chat (id, table_id, session_id, name, text, at) values ($1, $2, $3, $4, $5, $6)',
      [message.id, this.def.id, session.id, message.name, message.text, message.at],
    );
    this.#emit({ type: 'chat', serverTime: now, message }, null);
    return { ok: true, message };
  }

  // Viewers and events.

  get watching(): number {
    return this.#viewers.size;
  }

  /** A viewer's events (the table's, and their own by session id) until the returned stop. */
  watch(sessionId: string, listener: Listener): () => void {
    this.#viewers.set(sessionId, (this.#viewers.get(sessionId) ?? 0) + 1);
    this.#listeners.set(listener, sessionId);
    return () => {
      this.#listeners.delete(listener);
      const n = (this.#viewers.get(sessionId) ?? 1) - 1;
      if (n <= 0) this.#viewers.delete(sessionId);
      else this.#viewers.set(sessionId, n);
    };
  }

  /** An event for everyone (`target` null) or one session, through the relay when there is one. */
  #emit(event: LiveEvent, target: string | null, seatSessions?: readonly string[]): void {
    const relay = this.#deps.relay;
    if (!relay) {
      this.#deliver(event, target, seatSessions);
      return;
    }
    // Lost on the way (Redis down) it is only an event: a viewer's next snapshot has the state.
    const relayed: Relayed = { event, target, ...(seatSessions ? { seatSessions } : {}) };
    relay.publish(`live:${this.def.id}`, JSON.stringify(relayed)).catch(() => {});
  }

  /** Hands an event to this instance's viewers: a session's own event only to that session's. */
  #deliver(event: LiveEvent, target: string | null, seatSessions?: readonly string[]): void {
    for (const [listener, session] of this.#listeners)
      if (target === null || target === session) listener(event, seatSessions);
  }

  /** Mutes an operator's player in the chat of every table until `until` (epoch ms; 0 lifts it). */
  async mute(operatorId: string, player: string, until: number): Promise<void> {
    await this.#deps.query(
      `insert into live_mutes (operator_id, player, until_ms) values ($1, $2, $3)
       on conflict (operator_id, player) do update set until_ms = excluded.until_ms`,
      [operatorId, player, until],
    );
  }

  async #announceRound(withHistory = false): Promise<void> {
    const row = await this.#current();
    if (!row) return;
    this.#emit(
      {
        type: 'round',
        serverTime: this.#now(),
        round: this.#view(row),
        ...(withHistory ? { history: await this.#history() } : {}),
      },
      null,
    );
  }

  async #announceSeats(round: number): Promise<void> {
    const { seats, sessions } = await this.#seatsWithSessions(round, null);
    this.#emit(
      { type: 'seats', serverTime: this.#now(), round, seats, watching: this.watching },
      null,
      sessions,
    );
  }
}

const BET_COLUMNS = `id, round, session_id, player, name, mode, currency, bets, stake::text, state, payout::text, bet_tx,
  bet_request, win_tx, win_request, rollback_tx, rollback_request`;
