import { z } from 'zod';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, VERIFICATION_STATUSES } from '../verification.ts';
import { timestamp } from './common.ts';

/**
 * The player's side of identity verification as the browser reads it (docs/api-money.md). Types
 * are the wire form (`z.input`: timestamps as ISO strings).
 */

/** A document sent for verification (of a known kind: an upload of any other is refused). */
export const verificationDocument = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The file's name as uploaded (cleaned); null when the upload named none. */
  name: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  /** pending until a decision covers it, then accepted or rejected. */
  status: z.enum(DOCUMENT_STATUSES),
  uploaded_at: timestamp,
});

/** GET /profile/verification: the case's status, whether it is needed, the documents sent. */
export const verificationResponse = z.object({
  data: z.object({
    status: z.enum(VERIFICATION_STATUSES).nullable(),
    raw_status: z.string().nullable(),
    reason: z.string().nullable(),
    is_need: z.boolean(),
    documents: z.array(verificationDocument),
  }),
});
export type VerificationResponse = z.input<typeof verificationResponse>;

/** POST /profile/verification/documents: the stored document. */
export const uploadResponse = z.object({
  data: z.object({
    id: z.uuid(),
    kind: z.enum(DOCUMENT_KINDS),
    name: z.string().nullable(),
    mime: z.string(),
    size: z.number().int(),
  }),
});
export type UploadResponse = z.output<typeof uploadResponse>;
