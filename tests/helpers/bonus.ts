import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** The bonus API of a test app: campaigns and codes made by the operator, bonuses a player activates. */

type Method = 'GET' | 'POST' | 'PUT';

let counter = 0;
/** A name nobody used before in this process. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** The answer's body, once it is a 200. */
export const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

export function bonusApi(t: () => TestApp, operatorToken: string) {
  const inject = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    t().app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const operator = (method: Method, url: string, payload?: unknown) =>
    inject(method, url, { authorization: `Bearer ${operatorToken}` }, payload);

  /** Creates a campaign (defaults: a no-deposit RUB 100 / USD 1 bonus, ×1 wagering) and returns it. */
  async function campaign(body: Record<string, unknown> = {}) {
    return ok(
      await operator('POST', '/operator/bonus/campaigns', {
        name: unique('c').toLowerCase(),
        kind: 'no_deposit',
        wager: 1,
        days: 7,
        amount: { RUB: '100', USD: '1' },
        ...body,
      }),
    ).data as { id: string; name: string };
  }

  /** A code of the campaign (100 uses unless `body` says otherwise). */
  async function promo(campaignId: string, body: Record<string, unknown> = {}) {
    const code = unique('P')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 32);
    ok(
      await operator('POST', '/operator/bonus/promo-codes', {
        code,
        campaign_id: campaignId,
        max_uses: 100,
        ...body,
      }),
    );
    return code;
  }

  /** A bonus of a fresh campaign given to the player (by its headers) and activated; its grant id. */
  async function activeBonus(headers: Record<string, string>, body: Record<string, unknown> = {}) {
    const code = await promo((await campaign(body)).id);
    const grant = ok(await inject('POST', '/bonus/promo', headers, { code })).data;
    ok(await inject('POST', `/bonus/grants/${grant.id}/activate`, headers));
    return grant.id as string;
  }

  /** The player's bonuses (`GET /bonus/grants`). */
  const grants = async (headers: Record<string, string>) =>
    ok(await inject('GET', '/bonus/grants', headers)).data;

  return { operator, campaign, promo, activeBonus, grants };
}
