import { slotWalletSuite } from '../helpers/slot-wallet-suite.ts';

/** The Wallet API's rules (tests/helpers/slot-wallet-suite.ts) with `SLOT_WALLET_PATH=auto`. */
slotWalletSuite('auto');
