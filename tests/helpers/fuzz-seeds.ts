import { STRONG_PASSWORD } from './auth.ts';
import type { Seed, Seeds } from './fuzz.ts';

/**
 * A valid request per route for the fuzz test: `email` is the funded player's, so logins and codes
 * reach a real account.
 */
export function fuzzSeeds(email: string): Seeds {
  const v2 = '/api/api/v2/auth';
  const registration: Seed = (n) => ({
    password: STRONG_PASSWORD,
    name: 'Fuzz',
    currency: 'RUB',
    locale: 'en',
    timezone: 'Europe/Moscow',
    partner: 'p',
    adplace: 'a',
    stag: 's',
    promo: 'WELCOME',
    fp: 'f',
    email: `fuzz.${n}@example.com`,
    phone: `+7912${String(n % 10_000_000).padStart(7, '0')}`,
  });
  const phone = '+79120000001';
  const bodies: Record<string, Seed> = {
    [`POST ${v2}/register/email`]: registration,
    [`POST ${v2}/register/phone`]: registration,
    [`POST ${v2}/login/email/password`]: () => ({ email, password: STRONG_PASSWORD, fp: 'f' }),
    [`POST ${v2}/login/phone/password`]: () => ({ phone, country: 'RU', password: STRONG_PASSWORD }),
    [`POST ${v2}/login/email/verification`]: () => ({ email, locale: 'en' }),
    [`POST ${v2}/login/email/resend`]: () => ({ email, locale: 'en' }),
    [`POST ${v2}/login/phone/verification`]: () => ({ phone, locale: 'en' }),
    [`POST ${v2}/login/phone/code/resend`]: () => ({ phone, locale: 'en' }),
    [`POST ${v2}/login/email/code`]: () => ({ email, code: '123456' }),
    [`POST ${v2}/login/phone/code`]: () => ({ phone, code: '123456' }),
    [`POST ${v2}/email/verify/code`]: () => ({ code: '123456' }),
    [`POST ${v2}/phone/verify/code`]: () => ({ code: '123456' }),
    [`POST ${v2}/password/email/forgot`]: () => ({ email, locale: 'en' }),
    [`POST ${v2}/password/phone/forgot`]: () => ({ phone, locale: 'en' }),
    [`POST ${v2}/password/email/code/confirm`]: () => ({ email, code: '123456' }),
    [`POST ${v2}/password/phone/code/confirm`]: () => ({ phone, code: '123456' }),
    [`POST ${v2}/password/email/token/confirm`]: () => ({ token: 't'.repeat(32) }),
    [`POST ${v2}/password/email/token/check`]: () => ({ token: 't'.repeat(32) }),
    [`POST ${v2}/password/phone/token/check`]: () => ({ token: 't'.repeat(32) }),
    [`POST ${v2}/password/email/reset/token`]: () => ({
      token: 't'.repeat(32),
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    }),
    [`POST ${v2}/password/phone/reset`]: () => ({
      token: 't'.repeat(32),
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    }),
    [`POST ${v2}/password/email/reset/code`]: () => ({
      email,
      code: '123456',
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    }),
    [`POST ${v2}/password/set`]: () => ({ password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD }),
    'PUT /api/auth/login': () => ({ provider: 'google', origin: 'http://localhost/en', promo: 'p' }),
    'POST /api/attachSource': () => ({ stag: 's', promo: 'p', partnerId: 'x', cpaOneUid: 'c', prHash: 'h' }),
    'PUT /api/profile/settings': () => ({ timezone: 'Asia/Almaty' }),
    'POST /api/profile/currency': () => ({ currency: 'RUB' }),
    'POST /api/password/update': () => ({
      old_password: 'not-the-password',
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
    }),
    'POST /api/payments/deposits': () => ({ amount: '500', method: 'sandbox_card', return_path: '/en/faq' }),
    'POST /api/payments/withdrawals': () => ({
      amount: '100',
      method: 'sandbox_card',
      details: { card: '4242424242424242' },
    }),
    'POST /api/sandbox/checkout/:id': () => ({ card: '4242424242424242' }),
    'POST /api/operator/withdrawals/:id/reject': () => ({ reason: 'fuzz' }),
    'POST /api/operator/verifications/:userId/reject': () => ({ reason: 'fuzz' }),
    'PUT /api/games/fairness/seeds': () => ({ client_seed: 'fuzz-seed' }),
    'POST /api/games/dice/bet': () => ({ amount: '1', target: '50', direction: 'under' }),
    'POST /api/games/keno/bet': () => ({ amount: '1', risk: 'low', picks: [1, 2, 3] }),
    'POST /api/games/roulette/bet': () => ({ bets: [{ kind: 'straight', numbers: [7], amount: '1' }] }),
    'POST /api/games/wheel/bet': () => ({ amount: '1', risk: 'low', segments: 10 }),
    'POST /api/games/cases/open': () => ({ slug: 'easy' }),
    'POST /api/games/coinflip/start': () => ({ amount: '1' }),
    'POST /api/games/coinflip/flip': () => ({ side: 'heads', index: 0 }),
  };
  const queries: Record<string, Seed> = {
    'GET /api/profile/user': () => ({ whoAreYou: '1' }),
    'GET /api/profile/history': () => ({ type: 'bet', from: '2024-01-01', to: '2030-12-31', page: '1' }),
    'GET /api/profile/history.csv': () => ({ type: 'deposit', from: '2024-01-01', to: '2030-12-31' }),
    'GET /api/games/bets': () => ({ game: 'dice', page: '1', per_page: '20' }),
    'GET /api/games/fairness/history': () => ({ page: '1', per_page: '20' }),
    'GET /api/games/feed': () => ({ kind: 'high-rollers' }),
    'GET /api/games/cases': () => ({ currency: 'USD' }),
    'GET /api/operator/withdrawals': () => ({ status: 'held' }),
    [`POST ${v2}/login/phone/code`]: () => ({ type: 'sms' }),
  };
  return { bodies, queries };
}
