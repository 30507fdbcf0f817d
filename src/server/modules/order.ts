/**
 * The server's modules (src/server/modules/<name>), from the bottom up: a module may import the
 * ones before it, never one after it (src/layering.test.ts fails otherwise), and app.ts registers
 * their plugins in this order, so each finds the services of those below it already there.
 */
export const SERVER_MODULES = [
  'auth',
  'responsible',
  'ledger',
  'edge',
  'bonus',
  'wallet',
  'kyc',
  'payments',
  'history',
  'profile',
  'games',
  'rooms',
  'crash',
  'slots',
  'betting',
  'tournaments',
  'config',
] as const;

export type ServerModule = (typeof SERVER_MODULES)[number];
