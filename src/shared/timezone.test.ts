import { expect, test } from 'vitest';
import { canonicalTimezone, timezoneField } from './timezone.ts';

test.each([
  ['a zone of the list', 'Europe/Moscow', 'Europe/Moscow'],
  ['a three-part zone', 'America/Argentina/Salta', 'America/Argentina/Salta'],
  ['Kazakhstan', 'Asia/Almaty', 'Asia/Almaty'],
  ['UTC', 'UTC', 'UTC'],
  ['Etc/UTC', 'Etc/UTC', 'Etc/UTC'],
  ['another letter case', 'europe/moscow', 'Europe/Moscow'],
  // Which of an alias pair the runtime calls canonical varies between ICU versions.
  ['an alias some browsers report', 'Asia/Kolkata', canonicalTimezone('Asia/Calcutta')],
  ['another alias', 'America/Argentina/Buenos_Aires', canonicalTimezone('America/Buenos_Aires')],
])('%s is accepted: %j → %j', (_label, zone, stored) => {
  expect(stored).not.toBeNull();
  expect(canonicalTimezone(zone)).toBe(stored);
});

test.each([
  ['markup', '<script>alert(1)</script>'],
  ['an unknown zone', 'Mars/Olympus'],
  ['a UTC offset', '+05:30'],
  ['a NUL', 'UTC\u0000'],
  ['a newline', 'Europe/Moscow\n'],
  ['a path', '../../etc/passwd'],
  ['an overlong name', `Europe/${'A'.repeat(100)}`],
  ['empty', ''],
])('%s is refused', (_label, zone) => {
  expect(canonicalTimezone(zone)).toBeNull();
});

test('as a request field a zone parses to its stored form, or fails with invalid_timezone', () => {
  expect(timezoneField.safeParse(' Asia/Almaty ')).toEqual({ success: true, data: 'Asia/Almaty' });
  expect(timezoneField.safeParse('<script>').error?.issues.map((i) => i.message)).toEqual([
    'invalid_timezone',
  ]);
  expect(timezoneField.safeParse(5).error?.issues.map((i) => i.message)).toEqual(['invalid_timezone']);
});
