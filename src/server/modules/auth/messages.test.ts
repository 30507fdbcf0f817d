import { describe, expect, test } from 'vitest';
import { LOCALES } from '../../../shared/locales.ts';
import { MESSAGE_KINDS, renderMessage } from './messages.ts';

const SENTINEL = {
  code: '918273',
  link: 'https://sentinel.example/reset-password/SeNtInElLiNkToKeN0123456789abcdefghijkl',
  login: 'sentinel.login@example.com',
  place: '3',
  name: 'Sentinel Cup',
  prize: '$12.34',
};
const TOKEN = 'SeNtInElLiNkToKeN0123456789abcdefghijkl';

describe.each(LOCALES)('messages in %s', (locale) => {
  test.each(MESSAGE_KINDS)('the %s subject carries no code, link or placeholder', (kind) => {
    const { subject } = renderMessage(kind, locale, SENTINEL);
    expect(subject).not.toContain(SENTINEL.code);
    expect(subject).not.toContain(SENTINEL.link);
    expect(subject).not.toContain(TOKEN);
    expect(subject).not.toContain(SENTINEL.login);
    expect(subject).not.toMatch(/\d{4,}|\{\w+\}/);
    expect(subject.startsWith('Orbita: ')).toBe(true);
  });

  test.each(MESSAGE_KINDS)('the %s mail and SMS bodies carry what the player needs', (kind) => {
    const { body, sms } = renderMessage(kind, locale, SENTINEL);
    const needed =
      kind === 'login_data'
        ? [SENTINEL.login, SENTINEL.link]
        : kind === 'tournament_prize'
          ? [SENTINEL.place, SENTINEL.name, SENTINEL.prize, SENTINEL.link]
          : [SENTINEL.code];
    if (kind === 'reset') needed.push(SENTINEL.link);
    for (const value of needed) expect(body).toContain(value);
    const text = { login_data: SENTINEL.link, tournament_prize: SENTINEL.prize } as Record<string, string>;
    expect(sms).toContain(text[kind] ?? SENTINEL.code);
    expect(`${body}\n${sms}`).not.toMatch(/\{\w+\}/);
  });

  test('a prize mail without a link (no public address) ends with the prize', () => {
    const { body } = renderMessage('tournament_prize', locale, { ...SENTINEL, link: '' });
    expect(body).toContain(SENTINEL.prize);
    expect(body).not.toContain('\n');
  });
});
