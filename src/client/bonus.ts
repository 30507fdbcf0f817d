import { call } from './api.ts';
import { refreshProfile } from './session.ts';

/** Browser side of the bonus and VIP API (docs/bonuses.md). */

export const bonusApi = {
  grants: () => call('GET /bonus/grants'),
  activate: (id: string) => call('POST /bonus/grants/:id/activate', { params: { id } }),
  cancel: (id: string) => call('POST /bonus/grants/:id/cancel', { params: { id } }),
  redeem: (code: string) => call('POST /bonus/promo', { body: { code } }),
  vip: () => call('GET /vip/status'),
  claimRakeback: () => call('POST /vip/rakeback/claim'),
  claimReward: (kind: 'weekly' | 'monthly') => call('POST /vip/rewards/:kind/claim', { params: { kind } }),
  join: (source: 'vip_page' | 'register_modal') => call('POST /api/v2/vip/join', { body: { source } }),
  lastBets: () => call('GET /games/bets', { query: { per_page: '5' } }),
};

/** After a bonus moved money: the header and the profile read the new balances. */
export async function refreshBalances(): Promise<void> {
  await refreshProfile().catch(() => undefined);
}

/** The analytics event of a refused promo code (docs/product-rules.md §8), for the tag manager when present. */
export function reportPromoError(message: string): void {
  const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  layer?.push({ event: 'promocode_error', error: message });
}
