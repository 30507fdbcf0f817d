import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/history-routes.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { csvNumber, toCsv } from '../../http/csv.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { expireDueDeposits } from '../payments/repository.ts';
import { type StatementLine, statementLines, statementPage } from '../wallet/statement.ts';

/** The most lines one CSV export carries. */
const CSV_MAX_LINES = 10_000;

const present = (line: StatementLine) => ({ ...line, amount: fromMinor(line.amount) });

/** GET /profile/history (filters, pagination) and /profile/history.csv (the same, all rows). */
export async function historyRoutes(
  app: FastifyInstance,
  { database, keys }: { database: Database; keys: TokenKeys },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The token guard runs before validation: a call without a token is a 401 whatever its query.
  const preValidation = requireUser(database, keys);

  api.get(
    '/profile/history',
    { preValidation, schema: routeSchema(ROUTES['GET /profile/history']) },
    async (request) => {
      const q = request.query;
      // The history never shows an unpaid deposit as pending past its deadline.
      await expireDueDeposits(database, { userId: request.auth!.user.id });
      const { lines, total } = await statementPage(database, request.auth!.user.id, q, {
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return { data: lines.map(present), meta: { page: q.page, per_page: q.per_page, total } };
    },
  );

  api.get(
    '/profile/history.csv',
    { preValidation, schema: routeSchema(ROUTES['GET /profile/history.csv']) },
    async (request, reply) => {
      await expireDueDeposits(database, { userId: request.auth!.user.id });
      const lines = await statementLines(database, request.auth!.user.id, request.query, CSV_MAX_LINES);
      const csv = toCsv(
        ['date', 'type', 'amount', 'currency', 'status', 'id'],
        lines
          .map(present)
          .map((r) => [
            new Date(r.created_at).toISOString(),
            r.type,
            csvNumber(r.amount),
            r.currency,
            r.status,
            r.id,
          ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orbita-history.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
