import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { checkLedger, ledgerSize } from '../src/server/modules/wallet/check.ts';

/**
 * `npm run ledger:check`: verifies the ledger's invariants and exits 1 on any break. On PGlite,
 * stop the server first (one process at a time owns the data folder).
 */
const { env } = loadConfig();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const counts = await ledgerSize(database);
  const problems = await checkLedger(database);
  for (const p of problems) console.error(`✗ ${p.rule}: ${p.detail}`);
  console.log(
    problems.length === 0
      ? `ledger ok: ${counts.transactions} transactions, ${counts.postings} postings, ${counts.accounts} accounts`
      : `ledger broken: ${problems.length} problem(s)`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
