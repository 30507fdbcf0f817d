import { STRONG_PASSWORD, uniqueEmail } from './auth.ts';

/** A JSON call to a running server's API as a player (money-moving calls get an idempotency key). */
export async function apiCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new player of a running server, registered by e-mail in `currency` (English, UTC). */
export async function registeredPlayer(
  baseUrl: string,
  { currency = 'RUB', prefix = 'player' } = {},
): Promise<{ token: string; email: string }> {
  const email = uniqueEmail(prefix);
  const res = await fetch(`${baseUrl}/api/api/v2/auth/register/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD, currency, locale: 'en', timezone: 'UTC' }),
  });
  if (res.status !== 200) throw new Error(`register → ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { token, email };
}

/**
 * A new player with `amount` (major units) deposited through the sandbox checkout of a running
 * server: register by e-mail, start a deposit, pay with the success card, wait for the webhook.
 */
export async function fundedPlayer(
  baseUrl: string,
  { amount = '1000', currency = 'RUB', prefix = 'player' } = {},
): Promise<{ token: string; email: string }> {
  const { token, email } = await registeredPlayer(baseUrl, { currency, prefix });
  const { data } = await apiCall<{ data: { redirect_url: string } }>(
    baseUrl,
    'POST',
    '/payments/deposits',
    token,
    {
      amount,
      method: 'sandbox_card',
    },
  );
  const paid = await fetch(data.redirect_url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242' }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox checkout → ${paid.status}`);
  // The sandbox webhook credits the deposit within a few hundred milliseconds.
  for (const deadline = Date.now() + 15_000; ; ) {
    const { user } = await apiCall<{ user: { balance: string } }>(baseUrl, 'GET', '/profile/user', token);
    if (Number(user.balance) >= Number(amount)) break;
    if (Date.now() > deadline) throw new Error(`The deposit was not credited: balance ${user.balance}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { token, email };
}
