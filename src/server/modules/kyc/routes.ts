import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { displayStatus, type KycService, MAX_DOCUMENT_BYTES } from './service.ts';

/** Player verification (the Verification modal) and the operator's side of it. Under /api. */
export async function kycRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    keys: TokenKeys;
    kyc: KycService;
    operatorScope?: ((scope: FastifyInstance) => void) | undefined;
  },
) {
  const { kyc } = deps;
  const authenticated = { preHandler: requireUser(deps.database, deps.keys) };
  await app.register(multipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1, fields: 4, fieldSize: 200 },
  });

  app.get('/profile/verification', authenticated, async (request) => {
    const user = request.auth!.user;
    const { raw, reason } = await kyc.status(user.id);
    return {
      data: {
        status: displayStatus(raw),
        raw_status: raw,
        reason,
        is_need: await kyc.isNeeded(user.id, user.currency as never),
        documents: await kyc.documents(user.id),
      },
    };
  });

  app.post('/profile/verification/documents', authenticated, async (request) => {
    if (!request.isMultipart()) throw invalid('file', 'required');
    const part = await request.file();
    if (!part) throw invalid('file', 'required');
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', 'file_too_large:10 MB');
      throw error;
    });
    const kind = (part.fields.kind as { value?: unknown } | undefined)?.value;
    return { data: await kyc.upload(request.auth!.user.id, typeof kind === 'string' ? kind : '', data) };
  });

  const { operatorScope } = deps;
  if (!operatorScope) return;
  await app.register(async (operator) => {
    operatorScope(operator);
    operator.get('/operator/verifications', async () => ({ data: await kyc.pending() }));
    operator.get<{ Params: { userId: string } }>(
      '/operator/verifications/:userId/documents',
      async (request) => ({
        data: await kyc.documents(z.string().regex(/^\d+$/).parse(request.params.userId)),
      }),
    );
    operator.get<{ Params: { id: string } }>('/operator/documents/:id', async (request, reply) => {
      const file = await kyc.documentFile(request.params.id);
      if (!file) throw new ApiError(404, { document: ['not_found'] });
      return reply
        .type(file.mime)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment')
        .send(file.data);
    });
    operator.post<{ Params: { userId: string } }>(
      '/operator/verifications/:userId/approve',
      async (request) => {
        await kyc.decide(z.string().regex(/^\d+$/).parse(request.params.userId), true, null);
        return { success: true };
      },
    );
    operator.post<{ Params: { userId: string }; Body: { reason?: string } }>(
      '/operator/verifications/:userId/reject',
      async (request) => {
        const { reason } = z.object({ reason: z.string().trim().min(1).max(500) }).parse(request.body ?? {});
        await kyc.decide(z.string().regex(/^\d+$/).parse(request.params.userId), false, reason);
        return { success: true };
      },
    );
  });
}
