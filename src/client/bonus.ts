import type { BonusesResponse, GrantView, VipStatus } from '../shared/api/bonus.ts';
import type { BetPage } from '../shared/wire/bets.ts';
import { api } from './api.ts';
import { refreshProfile } from './session.ts';

/** Browser side of the bonus and VIP API (docs/bonuses.md). */

type GrantAnswer = { data: GrantView };

export const bonusApi = {
  grants: () => api().get('bonus/grants').json<BonusesResponse>(),
  activate: (id: string) => api().post(`bonus/grants/${id}/activate`).json<GrantAnswer>(),
  cancel: (id: string) => api().post(`bonus/grants/${id}/cancel`).json<GrantAnswer>(),
  redeem: (code: string) => api().post('bonus/promo', { json: { code } }).json<GrantAnswer>(),
  vip: () => api().get('vip/status').json<{ data: VipStatus }>(),
  claimRakeback: () => api().post('vip/rakeback/claim').json<{ data: { amount: string } }>(),
  claimReward: (kind: 'weekly' | 'monthly') => api().post(`vip/rewards/${kind}/claim`).json<GrantAnswer>(),
  join: (source: 'vip_page' | 'register_modal') =>
    api().post('api/v2/vip/join', { json: { source } }).json<{ success: true }>(),
  lastBets: () =>
    api()
      .get('games/bets', { searchParams: { per_page: '5' } })
      .json<BetPage>(),
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
