import type { Currency } from '../shared/currencies.ts';
import { $user } from '../stores/user.ts';
import { call } from './api.ts';
import { profile } from './auth.ts';
import { readCookie } from './cookies.ts';
import { completeLogin, type LoginOutcome, replaceUser, schedulePayIn } from './session.ts';

/** What the provider callback page posts to its opener (docs/api-auth.md). */
export interface SocialMessage {
  type: 'orbita:social-login';
  success: boolean;
  token?: string;
  is_new?: boolean;
  error?: string;
}

export class SocialLoginError extends Error {
  override readonly name = 'SocialLoginError';
  /** `cancelled` when the player closed the popup, else the callback's error code. */
  readonly code: string;
  constructor(code: string) {
    super(`Social login failed: ${code}`);
    this.code = code;
  }
}

export function isSocialMessage(data: unknown): data is SocialMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'orbita:social-login' &&
    typeof (data as { success?: unknown }).success === 'boolean'
  );
}

/**
 * Waits for the popup's message (docs/product-rules.md §4: "social login opens a popup and waits for a message
 * event"). Only messages from that popup count; closing it rejects with `cancelled`.
 */
export function waitForSocialMessage(popup: Window, target: Window = window): Promise<SocialMessage> {
  return new Promise((resolve, reject) => {
    const finish = () => {
      target.removeEventListener('message', onMessage);
      clearInterval(watch);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || !isSocialMessage(event.data)) return;
      finish();
      resolve(event.data);
    };
    const watch = setInterval(() => {
      if (!popup.closed) return;
      // A message posted just before closing is delivered first; give it that chance.
      setTimeout(() => {
        finish();
        reject(new SocialLoginError('cancelled'));
      }, 300);
      clearInterval(watch);
    }, 400);
    target.addEventListener('message', onMessage);
  });
}

/**
 * Social login (docs/product-rules.md §4): PUT auth/login gives the provider URL, opened in a popup (which must be
 * opened by the click itself, so callers pass it in); the session arrives by postMessage. A social
 * registration then sets the currency chosen beforehand and opens PayIn after 350 ms when the
 * balance is 0 (docs/product-rules.md §2).
 */
export async function loginWithSocial(
  provider: string,
  popup: Window,
  options: { currency?: Currency | null } = {},
): Promise<LoginOutcome> {
  let url: string;
  try {
    ({ url } = await call(
      'PUT /auth/login',
      { body: { provider, origin: window.location.origin, promo: readCookie('promo') || undefined } },
      { context: { anonymous: true } },
    ));
  } catch (error) {
    popup.close();
    throw error;
  }
  popup.location.href = url;
  const message = await waitForSocialMessage(popup);
  if (!message.success || !message.token) throw new SocialLoginError(message.error ?? 'social_failed');
  // A social registration sets its currency first, then opens PayIn (below); a login as any other.
  const outcome = await completeLogin(
    { success: true, token: message.token, sso: null, is_new: message.is_new },
    { payIn: message.is_new ? 'later' : 'auto' },
  );
  if (message.is_new && outcome.kind === 'done') {
    const user = $user.get();
    if (user && !user.currency && options.currency) {
      const answer = await profile.setCurrency(options.currency).catch(() => null);
      if (answer) replaceUser(answer.user);
    }
    schedulePayIn();
  }
  return outcome;
}

/** Opens the (blank) popup synchronously inside the click handler, so no blocker stops it. */
export function openSocialPopup(): Window | null {
  const width = 520;
  const height = 680;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(
    'about:blank',
    'orbita-social',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
}
