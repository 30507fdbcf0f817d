import { describe, expect, test } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('device info from the user agent (docs/product-rules.md §3)', () => {
  test.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      { kind: 'desktop', os: 'Windows', browser: 'Chrome', crawler: false },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      { kind: 'mobile', os: 'iOS', browser: 'Safari', crawler: false },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      { kind: 'tablet', os: 'Android', browser: 'Chrome', crawler: false },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 YaBrowser/24.6 Safari/537.36',
      { kind: 'desktop', os: 'macOS', browser: 'Yandex', crawler: false },
    ],
    [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      { kind: 'desktop', os: null, browser: null, crawler: true },
    ],
  ])('%s', (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });
});
