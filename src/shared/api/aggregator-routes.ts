import { z } from 'zod';
import { route } from './declare.ts';

/**
 * The aggregator's Wallet API (docs/slots.md): the seamless wallet the casino serves to the slots
 * aggregator (Hub88's Operator API shape), not to the browser, so it stays out of contract.ts.
 * Every call is signed (`X-Hub88-Signature`: base64 RSA-SHA256 over the raw body, the
 * aggregator's key) and so is every answer (the casino's key); every answer is HTTP 200 with a
 * `status`. The server reads the raw bytes, checks the signature, then parses with these schemas.
 * Amounts are integers: currency units × 100000.
 */

export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_UNKNOWN',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

const text = z.string().min(1).max(255);
/** An amount: currency units × 100000, a non-negative integer. */
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInfoRequest = z.object({ user: text, request_uuid: text });
export const userBalanceRequest = z.object({
  user: text,
  token: text,
  request_uuid: text,
  game_code: text,
});
const transactionFields = {
  user: text,
  transaction_uuid: text,
  supplier_transaction_id: z.string().max(255).optional(),
  token: text,
  round: text,
  round_closed: z.boolean().optional(),
  request_uuid: text,
  game_code: text,
  meta: z.unknown().optional(),
};
export const betRequest = z.object({
  ...transactionFields,
  is_free: z.boolean().optional(),
  currency: z.string().min(3).max(3),
  bet: z.string().max(255).nullish(),
  amount: units,
});
export const winRequest = betRequest.extend({ reference_transaction_uuid: text });
export const rollbackRequest = z.object({ ...transactionFields, reference_transaction_uuid: text });
export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

/** Every answer: the status, and what the call asked about when it could be read. */
export const walletAnswer = z.object({
  status: z.enum(WALLET_STATUSES),
  user: z.string().optional(),
  request_uuid: z.string().optional(),
  currency: z.string().optional(),
  /** Currency units × 100000: the player's money to bet with (real money and bonus money). */
  balance: z.number().int().optional(),
  country: z.string().optional(),
});
export type WalletAnswer = z.infer<typeof walletAnswer>;

export const signatureHeaders = z.looseObject({ 'x-hub88-signature': z.string().optional() });

const declare = (summary: string, body: z.ZodType) =>
  route({
    summary,
    description:
      'Called by the aggregator: signed `X-Hub88-Signature` (RSA-SHA256 over the raw body, base64), answered 200 with a `status`, signed the same way (docs/slots.md).',
    tags: ['aggregator'],
    headers: signatureHeaders,
    documentedBody: { type: 'application/json', schema: body },
    response: { 200: walletAnswer },
  });

export const ROUTES = {
  'POST /aggregator/wallet/user/info': declare('The player behind an aggregator’s user id', userInfoRequest),
  'POST /aggregator/wallet/user/balance': declare(
    'The player’s balance for a game session',
    userBalanceRequest,
  ),
  'POST /aggregator/wallet/transaction/bet': declare('A stake of a slot round', betRequest),
  'POST /aggregator/wallet/transaction/win': declare('A payout of a slot round (0 when it lost)', winRequest),
  'POST /aggregator/wallet/transaction/rollback': declare('A stake handed back', rollbackRequest),
} as const;

/** The path of each Wallet API call under the aggregator's wallet base (`/api/aggregator/wallet`). */
export const WALLET_PATHS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type WalletPath = (typeof WALLET_PATHS)[number];

/** The Games API's list entry (the aggregator serves it; the casino keeps it). */
export const gameListEntry = z.looseObject({
  name: z.string().min(1).max(200),
  game_code: z.string().min(1).max(128),
  game_id: z.union([z.number(), z.string()]).optional(),
  category: z.string().max(64).default(''),
  product: z.string().max(128).default(''),
  url_thumb: z.string().max(2000).nullish(),
  url_background: z.string().max(2000).nullish(),
  platforms: z.array(z.string()).default([]),
  enabled: z.boolean().default(true),
  freebet_support: z.boolean().optional(),
  demo_game_support: z.boolean().default(false),
  rtp: z.union([z.string(), z.number()]).nullish(),
});
export type GameListEntry = z.infer<typeof gameListEntry>;
export const gameList = z.array(z.unknown());
export const gameUrlAnswer = z.object({ url: z.url() });

/**
 * Our extension of the Games API, `POST /operator/generic/v2/live/tables`: each live table's round,
 * phase (and when it ends, on the aggregator's clock), viewers, last results (newest first) and
 * limits per currency in the Wallet API's units (× 100000). Entries that do not parse are skipped.
 */
export const liveTableEntry = z.looseObject({
  game_code: z.string().min(1).max(128),
  round: z.number().int().min(0),
  phase: z.enum(['betting', 'closed', 'drawing', 'result', 'void']),
  phase_ends_at: z.number().int().min(0),
  server_time: z.number().int().min(0),
  players: z.number().int().min(0),
  dealer: z.string().max(100).optional(),
  results: z.array(z.string().max(8)).max(100).default([]),
  limits: z
    .record(z.string(), z.object({ min: z.number().int().min(0), max: z.number().int().min(0) }))
    .default({}),
});
export type LiveTableEntry = z.infer<typeof liveTableEntry>;
