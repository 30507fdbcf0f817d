import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Identity verification: one case per player, and the uploaded documents. */

/**
 * Identity verification (KYC) per player. `status` keeps the provider-style raw value (init,
 * waiting, user_pending, pending, failed, unverified, success, verified); the API also gives the
 * display group (pending | failed | success, src/shared/verification.ts).
 */
export const verifications = pgTable('verifications', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  reason: text('reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded identity documents; the files live in private storage, never under a public path. */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The file's name as the player's device gave it (cleaned, at most 120 characters); null if none. */
    name: text('name'),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The decision of the review that covered it: accepted | rejected; null while it waits. */
    review: text('review'),
  },
  (t) => [index('verification_documents_user_idx').on(t.userId)],
);
