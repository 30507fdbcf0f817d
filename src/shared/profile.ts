/**
 * The player profile of docs/product-rules.md §3, as GET /profile/user returns it and the browser holds it:
 * declared once, as a zod schema the server's route answers with, in src/shared/api/profile.ts.
 */
export type { Profile } from './api/profile.ts';

/** The profile feature flag of the bonus balances: /profile/bonuses needs it (docs/product-rules.md §5). */
export const BONUSES_FEATURE = 'bonus_balances';
