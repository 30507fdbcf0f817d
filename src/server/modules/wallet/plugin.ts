import { modulePlugin } from '../module.ts';

/**
 * The wallet's module (docs/architecture.md "The wallet"): the one money path every product's
 * stakes take (stakes.ts), the statement and the ledger check. Its calls run inside the products'
 * own transactions, so it decorates nothing and has no routes of its own: it stands in the order
 * above the ledger and the bonus engine it calls, and below every product.
 */
export const walletModule = modulePlugin('wallet', ['ledger', 'bonus'], async () => {});
