/**
 * The studio's own storage (src/studio/db.ts: PGlite, in memory for tests or a folder, or a
 * PostgreSQL server shared by several instances): game sessions, provably fair seed pairs per
 * operator user (and per demo session), paid spins with their wallet calls' status, and demo
 * balances. Money is integer minor units (bigint), read back through `::text`.
 */
import { sha256Hex } from '../games/fair/node.ts';
import { generateClientSeed, generateServerSeed } from '../games/fair/seeds.ts';
import type { SlotSlug, SpinResult } from '../games/slots/types.ts';
import { pgliteDb, postgresDb, type StudioDb } from './db.ts';

const SCHEMA = `
create table if not exists sessions (
  id text primary key, mode text not null, operator_id text not null, player text, token text,
  currency text not null, lang text not null, platform text not null, lobby_url text,
  game text not null, demo_balance bigint, created_at timestamptz not null
);
alter table sessions add column if not exists nickname text;
create table if not exists seed_pairs (
  id serial primary key, owner text not null, server_seed text not null, server_seed_hash text not null,
  client_seed text not null, nonce bigint not null default 0, active boolean not null default true,
  created_at timestamptz not null, revealed_at timestamptz
);
create unique index if not exists seed_pairs_active on seed_pairs (owner) where active;
create table if not exists spins (
  id text primary key, session_id text not null references sessions(id), game text not null,
  bet bigint not null, currency text not null, win integer, payout bigint, pair_id integer not null,
  nonce bigint not null, result jsonb, bet_tx text not null, bet_status text, win_tx text,
  win_status text, rollback_status text, created_at timestamptz not null
);
`;

export interface Session {
  id: string;
  mode: 'real' | 'demo';
  operatorId: string;
  player: string | null;
  token: string | null;
  currency: string;
  lang: string;
  platform: string;
  lobbyUrl: string | null;
  /** A slot's slug, or a live table's game_code (src/studio/live/tables.ts). */
  game: SlotSlug;
  demoBalance: bigint | null;
  /** The name the casino gave for the player's seat at a live table (null: hidden, or a slot). */
  nickname: string | null;
}

export interface SeedPair {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface RevealedPair extends SeedPair {
  revealedAt: string;
}

type Row = Record<string, unknown>;

const sessionOf = (row: Row): Session => ({
  id: row.id as string,
  mode: row.mode as 'real' | 'demo',
  operatorId: row.operator_id as string,
  player: (row.player as string | null) ?? null,
  token: (row.token as string | null) ?? null,
  currency: row.currency as string,
  lang: row.lang as string,
  platform: row.platform as string,
  lobbyUrl: (row.lobby_url as string | null) ?? null,
  game: row.game as SlotSlug,
  demoBalance: row.demo_balance == null ? null : BigInt(row.demo_balance as string),
  nickname: (row.nickname as string | null) ?? null,
});

const pairOf = (row: Row): SeedPair => ({
  id: row.id as number,
  serverSeed: row.server_seed as string,
  serverSeedHash: row.server_seed_hash as string,
  clientSeed: row.client_seed as string,
  nonce: Number(row.nonce),
});

export class StudioStore {
  readonly #db: StudioDb;
  readonly #now: () => Date;

  private constructor(db: StudioDb, now: () => Date) {
    this.#db = db;
    this.#now = now;
  }

  /** On the PostgreSQL server at `databaseUrl`, else PGlite in `dataDir` (in memory when absent). */
  static async open(
    where: { dataDir?: string; databaseUrl?: string },
    now: () => Date,
  ): Promise<StudioStore> {
    const db = where.databaseUrl ? postgresDb(where.databaseUrl) : await pgliteDb(where.dataDir);
    try {
      await db.exec(SCHEMA);
    } catch (error) {
      await db.close();
      throw error;
    }
    return new StudioStore(db, now);
  }

  close(): Promise<void> {
    return this.#db.close();
  }

  async createSession(
    s: Omit<Session, 'demoBalance' | 'nickname' | 'game'> & {
      game: string;
      demoBalance?: bigint;
      nickname?: string | null;
    },
  ): Promise<void> {
    await this.#db.query(
      `insert into sessions (id, mode, operator_id, player, token, currency, lang, platform, lobby_url, game,
       demo_balance, created_at, nickname) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        s.id,
        s.mode,
        s.operatorId,
        s.player,
        s.token,
        s.currency,
        s.lang,
        s.platform,
        s.lobbyUrl,
        s.game,
        s.demoBalance?.toString() ?? null,
        this.#now(),
        s.nickname ?? null,
      ],
    );
  }

  /** One statement on the studio's database (the live tables' store, src/studio/live/). */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.#db.query<T>(sql, params);
  }

  /** Runs the live tables' schema (idempotent). */
  async exec(sql: string): Promise<void> {
    await this.#db.exec(sql);
  }

  async session(id: string): Promise<Session | undefined> {
    const rows = await this.#db.query<Row>(
      `select id, mode, operator_id, player, token, currency, lang, platform, lobby_url, game,
       demo_balance::text as demo_balance, nickname from sessions where id = $1`,
      [id],
    );
    return rows[0] ? sessionOf(rows[0]) : undefined;
  }

  /** Adds `delta` to a demo balance unless it would go below zero; the new balance, or undefined. */
  async moveDemoBalance(id: string, delta: bigint): Promise<bigint | undefined> {
    const rows = await this.#db.query<{ b: string }>(
      `update sessions set demo_balance = demo_balance + $2 where id = $1 and demo_balance + $2 >= 0
       returning demo_balance::text as b`,
      [id, delta.toString()],
    );
    return rows[0] ? BigInt(rows[0].b) : undefined;
  }

  /** The owner's active pair, made on first use. */
  async activePair(owner: string): Promise<SeedPair> {
    const rows = await this.#db.query<Row>('select * from seed_pairs where owner = $1 and active', [owner]);
    if (rows[0]) return pairOf(rows[0]);
    return this.#newPair(owner, generateClientSeed());
  }

  async #newPair(owner: string, clientSeed: string): Promise<SeedPair> {
    const serverSeed = generateServerSeed();
    const rows = await this.#db.query<Row>(
      `insert into seed_pairs (owner, server_seed, server_seed_hash, client_seed, created_at)
       values ($1,$2,$3,$4,$5) returning *`,
      [owner, serverSeed, sha256Hex(serverSeed), clientSeed, this.#now()],
    );
    return pairOf(rows[0]!);
  }

  /** Reveals the active pair and starts a new one (with `clientSeed`, or a fresh one). */
  async rotate(owner: string, clientSeed?: string): Promise<{ revealed: RevealedPair; current: SeedPair }> {
    const old = await this.activePair(owner);
    const at = this.#now();
    await this.#db.query('update seed_pairs set active = false, revealed_at = $2 where id = $1', [
      old.id,
      at,
    ]);
    const current = await this.#newPair(owner, clientSeed ?? generateClientSeed());
    return { revealed: { ...old, revealedAt: at.toISOString() }, current };
  }

  /** Moves the pair's nonce past `nonce` (the spin that used it). */
  async advanceNonce(pairId: number, nonce: number): Promise<void> {
    await this.#db.query('update seed_pairs set nonce = $2 where id = $1 and nonce = $3', [
      pairId,
      nonce + 1,
      nonce,
    ]);
  }

  async recordSpin(spin: {
    id: string;
    sessionId: string;
    game: SlotSlug;
    bet: bigint;
    currency: string;
    pair: SeedPair;
    betTx: string;
  }): Promise<void> {
    await this.#db.query(
      `insert into spins (id, session_id, game, bet, currency, pair_id, nonce, bet_tx, created_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        spin.id,
        spin.sessionId,
        spin.game,
        spin.bet.toString(),
        spin.currency,
        spin.pair.id,
        spin.pair.nonce,
        spin.betTx,
        this.#now(),
      ],
    );
  }

  async settleSpin(id: string, result: SpinResult, payout: bigint, winTx: string | null): Promise<void> {
    await this.#db.query('update spins set result = $2, win = $3, payout = $4, win_tx = $5 where id = $1', [
      id,
      JSON.stringify(result),
      result.win,
      payout.toString(),
      winTx,
    ]);
  }

  async setStatus(id: string, call: 'bet' | 'win' | 'rollback', status: string): Promise<void> {
    const column = { bet: 'bet_status', win: 'win_status', rollback: 'rollback_status' }[call];
    await this.#db.query(`update spins set ${column} = $2 where id = $1`, [id, status]);
  }

  async spins(sessionId: string): Promise<Row[]> {
    const rows = await this.#db.query<Row>(
      `select id, game, bet::text as bet, payout::text as payout, win, nonce::text as nonce, bet_status,
       win_status, rollback_status from spins where session_id = $1 order by created_at, id`,
      [sessionId],
    );
    return rows;
  }
}
