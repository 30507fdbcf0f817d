import { instantBetSuite } from '../helpers/instant-bets.ts';

/** The instant-bet rules on the one-statement (auto) path (tests/helpers/instant-bets.ts). */
instantBetSuite('auto');
