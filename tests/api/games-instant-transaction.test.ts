import { instantBetSuite } from '../helpers/instant-bets.ts';

/** The instant-bet rules on the transaction-only path (tests/helpers/instant-bets.ts). */
instantBetSuite('transaction');
