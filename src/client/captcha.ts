/**
 * reCAPTCHA v3 in the browser (docs/product-rules.md §7; badge hidden by CSS). Active only when the page carries a
 * site key (`<html data-captcha-key>`, from PUBLIC_CAPTCHA_SITE_KEY); the server then checks the
 * token it gets with logins and registrations.
 */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loadedKey: string | null = null;
let loading: Promise<Grecaptcha> | null = null;

/** docs/product-rules.md §8: loading the captcha again with another site key is refused with this message. */
export const DIFFERENT_KEY_ERROR = 'reCAPTCHA has already been loaded with different site key';

export function loadCaptcha(siteKey: string, doc: Document = document): Promise<Grecaptcha> {
  if (loadedKey && loadedKey !== siteKey) return Promise.reject(new Error(DIFFERENT_KEY_ERROR));
  if (loading) return loading;
  loadedKey = siteKey;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const api = window.grecaptcha;
      if (!api) return reject(new Error('reCAPTCHA did not load'));
      api.ready(() => resolve(api));
    };
    script.onerror = () => {
      loading = null;
      loadedKey = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    doc.head.append(script);
  });
  return loading;
}

/** A token for `action`, or undefined when the site has no captcha (or it failed to load). */
export async function captchaToken(action: 'login' | 'register' | 'restore'): Promise<string | undefined> {
  const siteKey = typeof document === 'undefined' ? '' : (document.documentElement.dataset.captchaKey ?? '');
  if (!siteKey) return undefined;
  try {
    const api = await loadCaptcha(siteKey);
    return await api.execute(siteKey, { action });
  } catch {
    // The server answers captcha_missing/captcha_failed, which the form reports.
    return undefined;
  }
}
