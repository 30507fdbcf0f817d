/**
 * The products a stake can belong to (docs/architecture.md "The wallet"): the ten originals today;
 * slots and live casino (an aggregator's games, paid through the seamless wallet) and the
 * sportsbook next. The wager record (`wagers.product`) and reports group by it.
 */
export const PRODUCTS = ['originals', 'slots', 'live', 'sports'] as const;
export type Product = (typeof PRODUCTS)[number];
