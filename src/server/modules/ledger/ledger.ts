import { createHash } from 'node:crypto';
import type { Currency } from '../../../shared/currencies.ts';
import { errorMessage } from '../../../shared/error-codes.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { DomainError, fail } from '../../domain-error.ts';

/** A player's wallet account (cash, or bonus money) or an operator account. */
export type AccountRef =
  | { userId: string; kind: 'cash' | 'bonus' }
  | { system: 'house' | `house:${number}` | 'withdrawals_held' | 'bonuses' | `provider:${string}` };

/**
 * Bets post against one of HOUSE_SHARDS house accounts (`house:<n>`, chosen by player id), not
 * one hot row: a single house row would serialise every bet of the site on its row lock for the
 * length of a commit. The house's balance is the sum of `house` and all `house:<n>` accounts.
 */
export const HOUSE_SHARDS = 16;

export function houseShard(userId: string): AccountRef {
  return { system: `house:${Number(BigInt(userId) % BigInt(HOUSE_SHARDS))}` };
}

/** One leg of a transaction: a signed amount in minor units (positive credits the account). */
export interface Posting {
  account: AccountRef;
  amount: bigint;
}

export interface Entry<R> {
  /** Unique per money movement; a retry with the same key returns the first answer. */
  idempotencyKey: string;
  kind: string;
  currency: Currency;
  postings: Posting[];
  /** What identifies the request; the same key with a different request is refused (409). */
  request: unknown;
  metadata?: Record<string, unknown>;
  /** Statements in the same database transaction before the postings (e.g. a bonus forfeited first). */
  beforePostings?: (tx: Queryable) => Promise<void>;
  /** Extra statements in the same database transaction (e.g. a payment status change). */
  alsoInTransaction?: (tx: Queryable, transactionId: string) => Promise<void>;
  /** The answer to store and return; it gets the accounts' balances after posting. */
  answer: (balances: Map<string, bigint>, transactionId: string) => R;
}

export interface Posted<R> {
  transactionId: string;
  replayed: boolean;
  answer: R;
}

/** Accounts that may go negative: the house and provider clearing accounts (counter-accounts). */
function allowsNegative(ref: AccountRef): boolean {
  return 'system' in ref && ref.system !== 'withdrawals_held';
}

export function accountLabel(ref: AccountRef): string {
  return 'system' in ref ? ref.system : `${ref.userId}:${ref.kind}`;
}

/** 422 `amount: insufficient_funds`: a player's account would go below zero. */
export class InsufficientFunds extends DomainError {
  constructor() {
    super('invalid', { amount: [errorMessage('insufficient_funds')] });
  }
}

/**
 * Posts one balanced transaction: every posting in one database transaction, balances changed by
 * conditional updates (`balance + amount >= 0` unless the account allows negatives, backed by a
 * CHECK constraint), the idempotency key unique in the database and written in the same
 * transaction. Postings are applied in account-id order, so concurrent transfers cannot deadlock.
 */
export async function post<R>(database: Database, entry: Entry<R>): Promise<Posted<R>> {
  const learned = new Map<string, string>();
  const posted = await database.transaction((tx) => postIn(tx, entry, knownAccounts(database), learned));
  // Only after commit: an account created in a rolled-back transaction does not exist.
  const known = knownAccounts(database);
  for (const [k, v] of learned) known.set(k, v);
  return posted;
}

/**
 * `post` inside a transaction the caller holds (the bonus engine posts in the bet's own
 * transaction); the caller's commit makes it final, its rollback undoes it.
 */
export function postWithin<R>(tx: Queryable, entry: Entry<R>): Promise<Posted<R>> {
  return postIn(tx, entry, new Map(), new Map());
}

async function postIn<R>(
  tx: Queryable,
  entry: Entry<R>,
  known: Map<string, string>,
  learned: Map<string, string>,
): Promise<Posted<R>> {
  const sum = entry.postings.reduce((total, p) => total + p.amount, 0n);
  if (sum !== 0n) throw new Error(`unbalanced entry ${entry.kind}: postings sum to ${sum}`);
  if (entry.postings.some((p) => p.amount === 0n)) throw new Error(`entry ${entry.kind} has a zero posting`);
  const requestHash = requestHashOf(entry.request);
  const idOf = async (ref: AccountRef) => {
    const cacheKey = `${accountLabel(ref)}:${entry.currency}`;
    const cached = known.get(cacheKey);
    if (cached) return cached;
    const id = await accountId(tx, ref, entry.currency);
    learned.set(cacheKey, id);
    return id;
  };

  const created = await openTransaction(tx, { ...entry, requestHash });
  if (!created) {
    const existing = await existingTransaction(tx, entry.idempotencyKey, requestHash);
    return { transactionId: existing.id, replayed: true, answer: existing.result as R };
  }
  await entry.beforePostings?.(tx);
  const resolved = await Promise.all(entry.postings.map(async (p) => ({ ...p, id: await idOf(p.account) })));
  resolved.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const balances = new Map<string, bigint>();
  for (const p of resolved) {
    const [row] = await tx.query<{ balance: string }>(
      `update ledger_accounts set balance = balance + $2 where id = $1 and (allow_negative or balance + $2 >= 0) returning balance::text`,
      [p.id, p.amount.toString()],
      'ledger_apply',
    );
    if (!row) throw new InsufficientFunds();
    balances.set(accountLabel(p.account), BigInt(row.balance));
  }
  await tx.query(
    `insert into ledger_postings (transaction_id, account_id, amount, currency)
     select $1, unnest($2::bigint[]), unnest($3::bigint[]), $4`,
    [created, resolved.map((p) => p.id), resolved.map((p) => p.amount.toString()), entry.currency],
    'ledger_postings',
  );
  await entry.alsoInTransaction?.(tx, created);
  const answer = entry.answer(balances, created);
  await tx.query(
    'update ledger_transactions set result = $2 where id = $1',
    [created, JSON.stringify(answer, bigintJson)],
    'ledger_result',
  );
  return { transactionId: created, replayed: false, answer };
}

/** Account ids never change once committed; remember them per database. */
const accountIds = new WeakMap<Database, Map<string, string>>();
function knownAccounts(database: Database): Map<string, string> {
  let map = accountIds.get(database);
  if (!map) {
    map = new Map();
    accountIds.set(database, map);
  }
  return map;
}

function bigintJson(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** The account's id, created on first use (one row per owner, kind and currency). */
export async function accountId(db: Queryable, ref: AccountRef, currency: Currency): Promise<string> {
  const userId = 'userId' in ref ? ref.userId : null;
  const kind = 'userId' in ref ? ref.kind : ref.system;
  // A concurrent first use inserts the same account: this statement then waits, skips its insert
  // and, in READ COMMITTED, may not see the other row in its snapshot; the retry does.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const id = await resolveAccountOnce(db, userId, kind, currency, allowsNegative(ref));
    if (id) return id;
  }
  throw new Error(`could not resolve account ${kind} ${currency}`);
}

async function resolveAccountOnce(
  db: Queryable,
  userId: string | null,
  kind: string,
  currency: Currency,
  allowNegative: boolean,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `with created as (
       insert into ledger_accounts (user_id, kind, currency, allow_negative) values ($1, $2, $3, $4)
       on conflict ((coalesce(user_id, 0)), kind, currency) do nothing returning id
     )
     select id::text from created
     union all
     select id::text from ledger_accounts where coalesce(user_id, 0) = coalesce($1::bigint, 0) and kind = $2 and currency = $3
     limit 1`,
    [userId, kind, currency, allowNegative],
    'ledger_account_id',
  );
  return row?.id;
}

/** Cached balance of one account (0 when it does not exist yet). */
export async function balanceOf(db: Queryable, ref: AccountRef, currency: Currency): Promise<bigint> {
  const userId = 'userId' in ref ? ref.userId : null;
  const kind = 'userId' in ref ? ref.kind : ref.system;
  const [row] = await db.query<{ balance: string }>(
    'select balance::text from ledger_accounts where coalesce(user_id, 0) = coalesce($1::bigint, 0) and kind = $2 and currency = $3',
    [userId, kind, currency],
    'ledger_balance_of',
  );
  return row ? BigInt(row.balance) : 0n;
}

/** Thrown when a ledger key was used before: the caller's transaction rolls back, then replays. */
export class KeyUsed extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`idempotency key ${key} was used before`);
    this.key = key;
  }
}

/** What identifies a request under its idempotency key: a hash of its JSON (bigints as strings). */
export function requestHashOf(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request, bigintJson)).digest('hex');
}

/** Inserts the transaction row; null when the key exists already (the caller replays). */
export async function openTransaction(
  tx: Queryable,
  entry: { idempotencyKey: string; kind: string; requestHash: string; metadata?: Record<string, unknown> },
): Promise<string | null> {
  const [created] = await tx.query<{ id: string }>(
    `insert into ledger_transactions (idempotency_key, kind, request_hash, metadata) values ($1, $2, $3, $4)
     on conflict (idempotency_key) do nothing returning id::text`,
    [entry.idempotencyKey, entry.kind, entry.requestHash, JSON.stringify(entry.metadata ?? {})],
    'ledger_open_tx',
  );
  return created?.id ?? null;
}

/** The transaction of an existing key, refusing a different request under the same key (409). */
export async function existingTransaction(
  db: Queryable,
  key: string,
  requestHash: string,
): Promise<{ id: string; result: unknown }> {
  const [existing] = await db.query<{ id: string; request_hash: string; result: unknown }>(
    'select id::text, request_hash, result from ledger_transactions where idempotency_key = $1',
    [key],
    'ledger_existing_tx',
  );
  if (!existing) throw new Error(`idempotency key ${key} vanished`);
  if (existing.request_hash !== requestHash)
    throw fail('conflict', 'idempotency_key', 'idempotency_conflict');
  return { id: existing.id, result: existing.result };
}

/** An account id resolved (and created) outside any transaction, then cached. */
export async function committedAccountId(database: Database, ref: AccountRef, currency: Currency) {
  const known = knownAccounts(database);
  const cacheKey = `${accountLabel(ref)}:${currency}`;
  let id = known.get(cacheKey);
  if (!id) {
    id = await accountId(database, ref, currency);
    known.set(cacheKey, id);
  }
  return id;
}
