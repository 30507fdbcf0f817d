/**
 * The player profile of docs/product-rules.md §3, as GET /profile/user returns it and the browser holds it:
 * declared once, as a zod schema the server's route answers with, in src/shared/api/profile.ts.
 */
export type { Profile } from './api/profile.ts';

/** The profile feature flag of the bonus balances: /profile/bonuses needs it (docs/product-rules.md §5). */
export const BONUSES_FEATURE = 'bonus_balances';

/**
 * Every feature flag a profile may carry (docs/product-rules.md §6): the operator sets them per
 * player and the default set names them (docs/api-auth.md "Features"); a flag outside this list is
 * a typo, refused.
 */
export const PLAYER_FEATURES = [BONUSES_FEATURE] as const;
export type PlayerFeature = (typeof PLAYER_FEATURES)[number];
