import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers the tables share. */

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** `created_at`, set on insert. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
