import type { Queryable } from '../../db/client.ts';

/** A committed ledger transaction as other modules may see it: its id and the answer it recorded. */
export interface RecordedTransaction {
  id: string;
  result: unknown;
}

/** The transaction committed under `idempotencyKey`, if any (replays answer what it recorded). */
export async function transactionByKey(
  db: Queryable,
  idempotencyKey: string,
): Promise<RecordedTransaction | undefined> {
  const [row] = await db.query<RecordedTransaction>(
    'select id::text, result from ledger_transactions where idempotency_key = $1',
    [idempotencyKey],
  );
  return row;
}
