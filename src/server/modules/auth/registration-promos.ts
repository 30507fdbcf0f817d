import type { UserRow } from './repository.ts';

/**
 * A promo code sent with a registration (docs/bonuses.md "Promo codes"): checked before the account
 * is created, redeemed after. Promo codes are the bonus module's, which sits above auth (it reads
 * players and sessions); so auth asks through this slot and the bonus module plugs itself in when
 * it is registered (src/server/modules/bonus/plugin.ts). Without it, a code is ignored.
 */
export interface RegistrationPromos {
  /** Throws the code's error when it can never be redeemed by this player; unknown codes pass. */
  checkPromo(code: string, currency: string | null): Promise<void>;
  /** Redeems the code for the new player; a failure is logged, never undoes the registration. */
  redeemQuietly(user: UserRow, code: string, log: { warn: (o: object, m: string) => void }): Promise<void>;
}

/** The slot auth's routes hold; `use` fills it once the module that owns promo codes is there. */
export class PromoSlot implements RegistrationPromos {
  #promos: RegistrationPromos | undefined;

  use(promos: RegistrationPromos): void {
    this.#promos = promos;
  }

  async checkPromo(code: string, currency: string | null): Promise<void> {
    await this.#promos?.checkPromo(code, currency);
  }

  async redeemQuietly(
    user: UserRow,
    code: string,
    log: { warn: (o: object, m: string) => void },
  ): Promise<void> {
    await this.#promos?.redeemQuietly(user, code, log);
  }
}
