import { describe, expect, test } from 'vitest';
import { planAttribution, utmCookies } from './attribution.ts';

const DAY = 86_400;
const UTM = 'utm_source=g&utm_medium=cpc&utm_campaign=spring&utm_term=dice';
const plan = (
  search: string,
  cookies: Record<string, string> = {},
  { partnerDays = 30, simpleAuthCode = null }: { partnerDays?: number; simpleAuthCode?: string | null } = {},
) =>
  planAttribution(new URLSearchParams(search), (name) => cookies[name] ?? null, {
    partnerDays,
    clickUrl: `https://site.example/?${search}`,
    simpleAuthCode,
  });

describe('docs/product-rules.md §5 attribution rules', () => {
  test('a page without parameters sets nothing and calls nothing', () => {
    expect(plan('')).toEqual({
      cookies: [],
      utm: null,
      affiliate: null,
      pageOpen: null,
      simpleAuthCode: null,
    });
  });

  test.each([
    ['stag=s1', 'stag', 's1', DAY],
    ['partnerId=9', 'partnerId', '9', DAY],
    ['advertiseUid=u', 'advertiseUid', 'u', 30 * DAY],
    ['advertiseSource=src', 'advertiseSource', 'src', 30 * DAY],
    ['cpaOneUid=c', 'cpaOneUid', 'c', 30 * DAY],
    ['promo=WELCOME', 'promo', 'WELCOME', DAY],
    ['partner=p1', 'partner', 'p1', 7 * DAY],
    ['adplace=top', 'adplace', 'top', 7 * DAY],
    ['pr=hash', 'prHash', 'hash', DAY],
    ['simple_auth=1', 'simpleAuth', '1', DAY],
  ])('%s sets the %s cookie with its lifetime', (search, name, value, maxAge) => {
    expect(plan(search, {}, { partnerDays: 7 }).cookies).toEqual([{ name, value, maxAge }]);
  });

  test('pr is stored only without a prHash cookie; simple_auth only when not set', () => {
    expect(plan('pr=new', { prHash: 'old' }).cookies).toEqual([]);
    expect(plan('simple_auth=2', { simpleAuth: '1' }).cookies).toEqual([]);
  });

  test('the UTM call needs all four utm parameters and no advId cookie; it sends the whole query', () => {
    expect(plan(`${UTM}&x=1`).utm).toEqual({
      utm_source: 'g',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'dice',
      x: '1',
      click_url: `https://site.example/?${UTM}&x=1`,
    });
    expect(plan(UTM.replace('&utm_term=dice', '')).utm).toBeNull();
    expect(plan(UTM.replace('utm_term=dice', 'utm_term=')).utm).toBeNull();
    expect(plan(UTM, { advId: 'a' }).utm).toBeNull();
  });

  test('a partner visit without a UTM call is recorded with the advId cookie and the click', () => {
    expect(plan('partner=p1&adplace=top', { advId: 'a1' }).affiliate).toEqual({
      partner: 'p1',
      adplace: 'top',
      advId: 'a1',
      click_url: 'https://site.example/?partner=p1&adplace=top',
    });
    expect(plan(`partner=p1&${UTM}`).affiliate).toBeNull();
    expect(plan('x=1').affiliate).toBeNull();
  });

  test('the fingerprint call only with subH', () => {
    expect(plan('subH=abc').pageOpen).toEqual({ subH: 'abc' });
    expect(plan('subH=').pageOpen).toBeNull();
  });

  test('the fresh-token step only with simpleAuthToken and the simpleAuth cookie', () => {
    expect(plan('', {}, { simpleAuthCode: 'c' }).simpleAuthCode).toBeNull();
    expect(plan('', { simpleAuth: '1' }, { simpleAuthCode: 'c' }).simpleAuthCode).toBe('c');
    expect(plan('simple_auth=1', {}, { simpleAuthCode: 'c' }).simpleAuthCode).toBe('c');
    expect(plan('simple_auth=1', { simpleAuth: '1' }).simpleAuthCode).toBeNull();
  });

  test('regression: a simple-auth link never replaces the session this browser holds', () => {
    expect(
      plan('simple_auth=1', { simpleAuth: '1', token: 'mine' }, { simpleAuthCode: 'c' }).simpleAuthCode,
    ).toBeNull();
  });

  test('a UTM answer sets advId for a day and the promo cookies for 10 minutes, the modal flag false', () => {
    expect(utmCookies({ advId: 'a', promo: { type: 'promocode', value: 'W' } })).toEqual([
      { name: 'advId', value: 'a', maxAge: DAY },
      { name: 'adBonusType', value: 'promocode', maxAge: 600 },
      { name: 'adBonusValue', value: 'W', maxAge: 600 },
      { name: 'adBonusModal', value: 'false', maxAge: 600 },
    ]);
    expect(utmCookies({ advId: 'a', promo: null })).toEqual([{ name: 'advId', value: 'a', maxAge: DAY }]);
  });
});
