/**
 * The operator's settings and search-engine data (docs/edge.md): edited through the operator API,
 * validated, public settings readable by anybody, secrets in the same table out of reach.
 */
import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';

const OPERATOR = 'operator-token-0123456789abcdef';

describe('settings and search-engine data', () => {
  const t = appForFile({ OPERATOR_API_TOKEN: OPERATOR });
  const operator = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(OPERATOR), ...(payload ? { payload } : {}) });

  test('settings start empty, are set and cleared by the operator, and read by anybody', async () => {
    expect((await t.app.inject({ url: '/api/settings' })).json()).toEqual({
      data: { revshare_service_frontend_url: null, telegram_channel_url: null },
    });
    const set = await operator('PUT', '/operator/settings', {
      revshare_service_frontend_url: 'https://partners.example/',
      telegram_channel_url: 'https://t.me/orbita_news',
    });
    expect(set.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/settings' })).json().data).toEqual({
      revshare_service_frontend_url: 'https://partners.example/',
      telegram_channel_url: 'https://t.me/orbita_news',
    });
    await operator('PUT', '/operator/settings', { telegram_channel_url: null });
    expect((await operator('GET', '/operator/settings')).json().data).toEqual({
      revshare_service_frontend_url: 'https://partners.example/',
      telegram_channel_url: null,
    });
  });

  test.each([
    [{ telegram_channel_url: 'javascript:alert(1)' }, 'telegram_channel_url', 'invalid_url'],
    [{ revshare_service_frontend_url: 'not a url' }, 'revshare_service_frontend_url', 'invalid_url'],
    [{ device_cookie_secret: 'x' }, '', 'validation.unrecognized_keys'],
  ])('%j is refused and changes nothing', async (payload, field, code) => {
    const before = (await operator('GET', '/operator/settings')).json();
    const res = await operator('PUT', '/operator/settings', payload);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toContain(code);
    if (field) expect(Object.keys(res.json().errors)).toContain(field);
    expect((await operator('GET', '/operator/settings')).json()).toEqual(before);
  });

  test('search-engine data is set, listed, replaced and removed per locale and path', async () => {
    const entry = {
      locale: 'en',
      path: '/faq',
      title: 'FAQ — Orbita',
      description: 'Answers',
      keywords: 'faq',
      text: 'Text',
    };
    expect((await operator('PUT', '/operator/seo', entry)).json()).toEqual({ data: entry });
    await operator('PUT', '/operator/seo', { ...entry, title: 'New', text: '' });
    expect((await operator('GET', '/operator/seo')).json().data).toEqual([
      { ...entry, title: 'New', text: null },
    ]);
    const bad = await operator('PUT', '/operator/seo', { ...entry, path: 'faq', locale: 'de' });
    expect(bad.json().errors).toEqual({ path: ['invalid_path'], locale: ['invalid_locale'] });
    expect((await operator('DELETE', '/operator/seo?locale=en&path=/faq')).statusCode).toBe(200);
    expect((await operator('DELETE', '/operator/seo?locale=en&path=/faq')).statusCode).toBe(404);
  });

  test('the operator routes need the operator token', async () => {
    for (const [method, url] of [
      ['GET', '/api/operator/settings'],
      ['PUT', '/api/operator/settings'],
      ['GET', '/api/operator/seo'],
      ['PUT', '/api/operator/seo'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
    }
  });
});
