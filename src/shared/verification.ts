/**
 * Identity verification as server and browser both name it (docs/api-money.md,
 * POST /profile/verification/documents).
 */

/** Document kinds a player may upload. */
export const DOCUMENT_KINDS = [
  'passport',
  'id_card',
  'driver_license',
  'proof_of_address',
  'selfie',
  'payment_method',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The largest document file accepted: 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** What the player sees of a case: raw provider-style statuses fall into these three groups. */
export const VERIFICATION_STATUSES = ['pending', 'failed', 'success'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A document's own state: waiting for a decision, or the decision of the review that covered it. */
export const DOCUMENT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What the browser and the server accept (the server reads the type from the content). */
export const DOCUMENT_TYPES = ['JPEG', 'PNG', 'PDF'] as const;

/** The longest file name kept with a document (longer ones are shortened, keeping the extension). */
export const MAX_DOCUMENT_NAME = 120;
