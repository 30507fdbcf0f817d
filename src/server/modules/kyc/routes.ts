import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/kyc-routes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, fail, invalid } from '../../domain-error.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { displayStatus, fileTooLarge, type KycService, MAX_DOCUMENT_BYTES } from './service.ts';

/**
 * The document kind and file bytes of a multipart upload. Reading only consumes the request body,
 * so a failure without an HTTP status is the stream parser's (busboy's "Unexpected end of form"
 * when the body breaks off): the client's fault, 400, and nothing was stored yet.
 */
async function readUpload(request: FastifyRequest): Promise<{ kind: string; data: Buffer; name: string }> {
  try {
    const part = await request.file();
    if (!part) throw invalid('file', 'required');
    const data = await part.toBuffer();
    const kind = (part.fields.kind as { value?: unknown } | undefined)?.value;
    return { kind: typeof kind === 'string' ? kind : '', data, name: part.filename };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (statusCode && statusCode < 500) throw error;
    throw fail('bad_request', 'file', 'upload_incomplete');
  }
}

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The token guard runs before validation (a call without a token is a 401 whatever it sends).
  const preValidation = requireUser(deps.database, deps.keys);
  /** A route's declaration (ROUTES in src/shared/api/kyc-routes.ts) as its `schema` option. */
  const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);
  await app.register(multipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1, fields: 4, fieldSize: 200 },
  });

  api.get(
    '/profile/verification',
    { preValidation, schema: declared('GET /profile/verification') },
    async (request) => {
      const user = request.auth!.user;
      const { raw, reason } = await kyc.status(user.id);
      return {
        data: {
          status: displayStatus(raw),
          raw_status: raw,
          reason,
          is_need: await kyc.isNeeded(user.id, user.currency as Currency | null),
          documents: await kyc.documents(user.id),
        },
      };
    },
  );

  // Multipart, read from the stream: the declaration documents the body, Fastify does not parse it.
  api.post(
    '/profile/verification/documents',
    { preValidation, schema: declared('POST /profile/verification/documents') },
    async (request) => {
      if (!request.isMultipart()) throw invalid('file', 'required');
      const { kind, data, name } = await readUpload(request);
      return { data: await kyc.upload(request.auth!.user.id, kind, data, name) };
    },
  );

  const { operatorScope } = deps;
  if (!operatorScope) return;
  await app.register(async (scope) => {
    operatorScope(scope);
    const operator = scope.withTypeProvider<ZodTypeProvider>();
    operator.get(
      '/operator/verifications',
      { schema: declared('GET /operator/verifications') },
      async () => ({
        data: await kyc.pending(),
      }),
    );
    operator.get(
      '/operator/verifications/:userId/documents',
      { schema: declared('GET /operator/verifications/:userId/documents') },
      async (request) => ({ data: await kyc.documents(request.params.userId) }),
    );
    operator.get(
      '/operator/documents/:id',
      { schema: declared('GET /operator/documents/:id') },
      async (request, reply) => {
        const file = await kyc.documentFile(request.params.id);
        if (!file) throw fail('not_found', 'document', 'not_found');
        return reply
          .type(file.mime)
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment')
          .send(file.data);
      },
    );
    operator.post(
      '/operator/verifications/:userId/approve',
      { schema: declared('POST /operator/verifications/:userId/approve') },
      async (request) => {
        await kyc.decide(request.params.userId, true, null);
        return { success: true } as const;
      },
    );
    // The path is validated before the body (Fastify's order): a bad id is named first.
    operator.post(
      '/operator/verifications/:userId/reject',
      { schema: declared('POST /operator/verifications/:userId/reject') },
      async (request) => {
        await kyc.decide(request.params.userId, false, request.body.reason);
        return { success: true } as const;
      },
    );
  });
}
