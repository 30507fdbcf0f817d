import { z } from 'zod';
import { DOCUMENT_KINDS } from '../verification.ts';
import { success, timestamp } from './common.ts';
import { content, route } from './declare.ts';
import { boundedText, orEmpty } from './fields.ts';
import { uploadResponse, verificationDocument, verificationResponse } from './kyc.ts';

// ── requests ──

/**
 * POST /profile/verification/documents is multipart: a `kind` field (one of DOCUMENT_KINDS) and
 * one `file` (JPEG, PNG or PDF, at most 10 MB; the type is read from the content). The handler
 * reads the stream itself (kyc/routes.ts), so the route declares no `body` for Fastify to validate.
 */
export const documentUpload = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  file: z.string().meta({ format: 'binary' }),
});

/** A player id of the operator's paths: at most 18 digits, so it fits the bigint column (or 422). */
export const userPath = z.object({ userId: z.string().regex(/^\d{1,18}$/) });
/** A document's id (a UUID; anything else is simply not found). */
export const documentPath = z.object({ id: z.string() });
/** Why: text that says something (blank is refused), at most 500 characters. */
export const rejection = z.object({
  reason: boundedText({ max: 500 }).trim().min(1).meta({ pattern: '\\S' }),
});

// ── answers ──

/** The player's side, which the browser reads too (src/shared/api/kyc.ts). */
const document = verificationDocument;
export const verification = verificationResponse;
export const uploaded = uploadResponse;

export const openCases = z.object({
  data: z.array(
    z.object({ user_id: z.string(), status: z.string(), updated_at: timestamp, documents: z.number().int() }),
  ),
});

export const documentList = z.object({ data: z.array(document) });

/** A document's bytes, with its own content type (an attachment). */
export const documentFile = z.string().meta({ format: 'binary' });

// ── routes (paths under /api) ──

export const ROUTES = {
  'GET /profile/verification': route({
    summary: 'The player’s verification case: status, whether it is needed, the documents sent',
    auth: 'player',
    response: { 200: verification },
  }),
  'POST /profile/verification/documents': route({
    summary: 'Uploads one identity document (multipart: kind, file); the case becomes pending',
    auth: 'player',
    // Documented only: the handler reads the multipart stream itself (kyc/routes.ts).
    documentedBody: { type: 'multipart/form-data', schema: documentUpload },
    response: { 200: uploaded },
    errors: ['bad_request', 'conflict'],
  }),
  'GET /operator/verifications': route({
    summary: 'Cases waiting for a decision',
    auth: 'operator',
    response: { 200: openCases },
  }),
  'GET /operator/verifications/:userId/documents': route({
    summary: 'A player’s documents',
    auth: 'operator',
    params: userPath,
    response: { 200: documentList },
  }),
  'GET /operator/documents/:id': route({
    summary: 'A document’s bytes (an attachment, with its own content type)',
    auth: 'operator',
    params: documentPath,
    response: { 200: content('application/octet-stream', documentFile, 'JPEG, PNG or PDF bytes') },
    errors: ['not_found'],
  }),
  'POST /operator/verifications/:userId/approve': route({
    summary: 'Approves a pending case',
    auth: 'operator',
    params: userPath,
    response: { 200: success },
    errors: ['conflict'],
  }),
  'POST /operator/verifications/:userId/reject': route({
    summary: 'Rejects a pending case with a reason; the player may send new documents',
    auth: 'operator',
    params: userPath,
    // Read as `rejection.parse(request.body ?? {})` was: no body is a missing reason.
    body: orEmpty(rejection),
    response: { 200: success },
    errors: ['conflict'],
  }),
};
