import type { BetRequest, WinRequest } from '../../../shared/api/aggregator-routes.ts';
import { POINT_MINOR, VIP_LEVELS } from '../../../shared/vip.ts';
import type { Database } from '../../db/client.ts';
import { defineCounter } from '../../metrics.ts';
import { houseShard } from '../ledger/ledger.ts';
import { answerOf, PER_MINOR } from './units.ts';

/**
 * The fast path of the Wallet API's bet and win (drizzle/0024_slot_statements.sql): each call in
 * ONE statement, in autocommit, for the common case (real money, no active bonus, a known player
 * with a stake counted before). Every other case raises CB002 there, changes nothing and answers
 * null here: the transaction of wallet.ts then decides it, with the same answers.
 * tests/api/slots-paths.test.ts holds both paths to the same rules; docs/slots.md "Money".
 */

export const slotStatements = {
  oneStatement: defineCounter(
    'slot_calls_one_statement_total',
    'Wallet API bets and wins done by one statement',
  ),
  handedOver: defineCounter(
    'slot_calls_handed_over_total',
    'Wallet API bets and wins handed to the transaction (refusals, repeats, bonuses, first stakes)',
  ),
};

/** What a call done by one statement answers, and the balances to publish. */
export interface FastAnswer {
  bytes: string;
  currency: string;
  cash: bigint;
  bonus: bigint;
}

const ENGINE_DECIDES = 'CB002';
const UNIQUE = '23505';

/** Stakes (minor units) at which a VIP level is reached, per currency (the engine's to grant). */
const levelMarks = new Map<string, string[]>();
function levelMarksOf(currency: keyof typeof POINT_MINOR): string[] {
  let marks = levelMarks.get(currency);
  if (!marks) {
    marks = VIP_LEVELS.map((level) => (BigInt(level.points) * POINT_MINOR[currency]).toString());
    levelMarks.set(currency, marks);
  }
  return marks;
}

/** The answer's bytes up to its balance: `{"user":…,"status":"RS_OK","request_uuid":…,"currency":…`. */
function answerHead(req: { user: string; request_uuid: string; currency: string }): string {
  const head = JSON.stringify(
    answerOf({ user: req.user, status: 'RS_OK', request_uuid: req.request_uuid, currency: req.currency }),
  );
  return head.slice(0, -1);
}

interface Row {
  r_answer: string;
  r_cash: string;
  r_bonus: string;
}

async function run(
  database: Database,
  currency: string,
  sql: string,
  params: unknown[],
  name: string,
): Promise<FastAnswer | null> {
  let row: Row | undefined;
  try {
    [row] = await database.query<Row>(sql, params, name);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === ENGINE_DECIDES || code === UNIQUE) {
      slotStatements.handedOver.inc();
      return null;
    }
    throw error;
  }
  if (!row) throw new Error(`${name} answered nothing`);
  slotStatements.oneStatement.inc();
  return { bytes: row.r_answer, currency, cash: BigInt(row.r_cash), bonus: BigInt(row.r_bonus) };
}

/** The ledger kind of the player's house shard (ledger.ts, houseShard). */
function houseKind(user: string): string {
  const ref = houseShard(user);
  if (!('system' in ref)) throw new Error('a house shard is a system account');
  return ref.system;
}

const isKnownCurrency = (c: string): c is keyof typeof POINT_MINOR => c in POINT_MINOR;

export function betStatement(
  database: Database,
  req: BetRequest,
  c: { amount: bigint; requestHash: string; now: Date },
): Promise<FastAnswer | null> {
  return run(
    database,
    req.currency,
    'select r_answer, r_cash::text, r_bonus::text from slot_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)',
    [
      req.request_uuid,
      answerHead(req),
      req.transaction_uuid,
      c.requestHash,
      req.user,
      req.token,
      req.game_code,
      req.currency,
      req.round,
      c.amount.toString(),
      c.now,
      houseKind(req.user),
      JSON.stringify({ game: req.game_code, round: req.round, transaction: req.transaction_uuid }),
      PER_MINOR.toString(),
    ],
    'slots_bet_statement',
  );
}

export async function winStatement(
  database: Database,
  req: WinRequest,
  c: { amount: bigint; requestHash: string; edgeBps: bigint },
): Promise<FastAnswer | null> {
  if (!isKnownCurrency(req.currency)) return null;
  return run(
    database,
    req.currency,
    `select r_answer, r_cash::text, r_bonus::text
       from slot_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      req.request_uuid,
      answerHead(req),
      req.transaction_uuid,
      c.requestHash,
      req.user,
      req.game_code,
      req.currency,
      req.round,
      req.reference_transaction_uuid,
      c.amount.toString(),
      houseKind(req.user),
      c.edgeBps.toString(),
      levelMarksOf(req.currency),
      JSON.stringify({ game: req.game_code, round: req.round, transaction: req.transaction_uuid }),
      PER_MINOR.toString(),
    ],
    'slots_win_statement',
  );
}
