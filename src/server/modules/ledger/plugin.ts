import { modulePlugin } from '../module.ts';
import { WalletEvents } from './events.ts';

/** What the ledger offers the modules above it. */
export interface LedgerModule {
  /** Pushes a player's new balances to their `/ws` channel after a commit. */
  events: WalletEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerModule;
  }
}

/**
 * The ledger's module (docs/api-money.md): the double-entry primitives the wallet and the
 * payments build on, no routes of its own; it offers its balances' events.
 */
export const ledgerModule = modulePlugin('ledger', [], async (app, { database, bus, log }) => {
  app.decorate('ledger', { events: new WalletEvents(database, bus, log) } satisfies LedgerModule);
});
