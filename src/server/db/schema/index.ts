/**
 * The database schema (drizzle), one file per domain. drizzle-kit reads this file
 * (drizzle.config.ts) to write migrations under drizzle/; committed migrations never change.
 */
export * from './accounts.ts';
export * from './bonus.ts';
export * from './crash.ts';
export * from './edge.ts';
export * from './games.ts';
export * from './kyc.ts';
export * from './ledger.ts';
export * from './payments.ts';
export * from './responsible.ts';
export * from './rooms.ts';
export * from './site.ts';
export * from './slots.ts';
export * from './sports.ts';
export * from './tournaments.ts';
export * from './wagers.ts';
