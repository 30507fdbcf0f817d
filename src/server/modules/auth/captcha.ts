import { invalid } from '../../domain-error.ts';

export interface CaptchaOptions {
  secret?: string | undefined;
  verifyUrl: string;
  minScore: number;
}

/**
 * reCAPTCHA v3, checked server-side when a secret is configured (CAPTCHA_SECRET); skipped
 * otherwise. A missing token is `captcha_missing` (the browser never shows that message).
 */
export async function checkCaptcha(
  options: CaptchaOptions,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!options.secret) return;
  if (!token) throw invalid('captcha', 'captcha_missing');
  const response = await fetch(options.verifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }),
    signal: AbortSignal.timeout(5000),
  }).catch(() => null);
  const result = (await response?.json().catch(() => null)) as { success?: boolean; score?: number } | null;
  if (!result?.success || (typeof result.score === 'number' && result.score < options.minScore)) {
    throw invalid('captcha', 'captcha_failed');
  }
}
