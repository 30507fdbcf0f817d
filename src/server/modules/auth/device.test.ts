import { describe, expect, test } from 'vitest';
import { DeviceCookies, withEntry } from './device.ts';
import { LOGIN_THROTTLE } from './throttle.ts';

const devices = new DeviceCookies('a-server-secret-of-some-length-0123456789');

describe('device cookies', () => {
  test('an entry vouches for the account it was issued to, with a stable id that is not the cookie', () => {
    const entry = devices.issue('42');
    const id = devices.deviceOf(entry, '42');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(entry).not.toContain(id as string);
    expect(devices.deviceOf(entry, '42')).toBe(id);
  });

  test('an entry vouches for no other account', () => {
    expect(devices.deviceOf(devices.issue('42'), '43')).toBeNull();
  });

  test('an altered entry, one signed with another key, or garbage vouches for nothing', () => {
    const entry = devices.issue('42');
    const [owner, issued, nonce, mac] = entry.split('.') as [string, string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(devices.deviceOf(`${owner}.${issued}.${nonce}.${flipped}`, '42')).toBeNull();
    expect(devices.deviceOf(`${owner}.${Number(issued) + 1}.${nonce}.${mac}`, '42')).toBeNull();
    expect(new DeviceCookies('another-server-secret-0123456789abcdef').deviceOf(entry, '42')).toBeNull();
    expect(devices.deviceOf('42.1.x.y', '42')).toBeNull();
    expect(devices.deviceOf(undefined, '42')).toBeNull();
  });

  test(`an entry expires ${LOGIN_THROTTLE.deviceTrustDays} days after the login that issued it`, () => {
    const issuedAt = Date.UTC(2026, 0, 1);
    const entry = devices.issue('42', issuedAt);
    const day = 86_400_000;
    expect(
      devices.deviceOf(entry, '42', issuedAt + (LOGIN_THROTTLE.deviceTrustDays - 1) * day),
    ).not.toBeNull();
    expect(devices.deviceOf(entry, '42', issuedAt + (LOGIN_THROTTLE.deviceTrustDays + 1) * day)).toBeNull();
  });

  test('one browser keeps the newest entry per account, for the last few accounts', () => {
    let cookie: string | undefined;
    const issued: string[] = [];
    for (const user of ['1', '2', '3', '4', '5', '6']) {
      const entry = devices.issue(user);
      issued.push(entry);
      cookie = withEntry(cookie, entry);
    }
    const count = LOGIN_THROTTLE.devicesPerBrowser;
    expect(cookie?.split('~')).toEqual(issued.slice(-count).reverse());
    expect(devices.deviceOf(cookie, '1')).toBeNull();
    expect(devices.deviceOf(cookie, '6')).not.toBeNull();
    const again = devices.issue('4');
    const next = withEntry(cookie, again);
    expect(next.split('~')[0]).toBe(again);
    expect(next.split('~').filter((e) => e.startsWith('4.'))).toEqual([again]);
    expect(devices.deviceOf(next, '4')).toBe(devices.deviceOf(again, '4'));
  });
});
