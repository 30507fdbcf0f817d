import { afterEach, expect, test, vi } from 'vitest';
import { guessTimezone } from './auth.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

test.each([
  ['a listed zone', 'Europe/Moscow', 'Europe/Moscow'],
  ['UTC (not in the list, still a zone)', 'UTC', 'UTC'],
  ['the answer of an engine that cannot tell', 'Etc/Unknown', null],
  ['nothing', '', null],
])('%s: the browser answering %j is guessed as %j', (_label, zone, guessed) => {
  const resolved = new Intl.DateTimeFormat('en', { timeZone: 'UTC' }).resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...resolved, timeZone: zone });
  expect(guessTimezone()).toBe(guessed);
});
