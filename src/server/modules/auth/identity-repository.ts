import type { Queryable } from '../../db/client.ts';

/** Social login: linked provider identities and the state of logins in flight. */

/** The player linked to the provider's subject, if any. */
export async function identityOwner(
  db: Queryable,
  provider: string,
  subject: string,
): Promise<string | undefined> {
  const [identity] = await db.query<{ user_id: string }>(
    'select user_id::text from user_identities where provider = $1 and subject = $2',
    [provider, subject],
  );
  return identity?.user_id;
}

/** Links the provider's subject to a player (a link made meanwhile stays). */
export async function linkIdentity(
  db: Queryable,
  identity: { provider: string; subject: string; userId: string; email: string | null },
): Promise<void> {
  await db.query(
    'insert into user_identities (provider, subject, user_id, email) values ($1, $2, $3, $4) on conflict do nothing',
    [identity.provider, identity.subject, identity.userId, identity.email],
  );
}

/** What a login in flight remembers between the redirect to the provider and its callback. */
export interface OAuthState {
  nonce: string;
  code_verifier: string;
  origin: string;
  promo: string | null;
}

export async function saveOAuthState(
  db: Queryable,
  state: { state: string; provider: string; ttlMinutes: number } & Omit<OAuthState, 'promo'> & {
      promo: string | null;
    },
): Promise<void> {
  await db.query(
    `insert into oauth_states (state, provider, nonce, code_verifier, origin, promo, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
    [
      state.state,
      state.provider,
      state.nonce,
      state.code_verifier,
      state.origin,
      state.promo,
      state.ttlMinutes,
    ],
  );
}

/** Takes a live state (single use): deleted as it is read. */
export async function takeOAuthState(
  db: Queryable,
  state: string,
  provider: string,
): Promise<OAuthState | undefined> {
  const [saved] = await db.query<OAuthState>(
    `delete from oauth_states where state = $1 and provider = $2 and expires_at > now() returning nonce, code_verifier, origin, promo`,
    [state, provider],
  );
  return saved;
}
