import { describe, expect, it } from 'vitest';
import { NO_THIRD_PARTIES, needsConsent, thirdPartySources } from './third-parties.ts';

describe('thirdPartySources', () => {
  it('names no host when nothing is configured', () => {
    expect(thirdPartySources(NO_THIRD_PARTIES)).toEqual({ script: [], connect: [], img: [], frame: [] });
  });

  it.each([
    [
      { chatScriptUrl: 'https://widget.chat.example/v2/loader.js' },
      {
        script: ['https://widget.chat.example'],
        connect: ['https://widget.chat.example', 'wss://widget.chat.example'],
        img: ['https://widget.chat.example'],
        frame: ['https://widget.chat.example'],
      },
    ],
    [
      { tagManagerId: 'GTM-ABC1234' },
      {
        script: ['https://www.googletagmanager.com'],
        connect: ['https://www.googletagmanager.com'],
        img: ['https://www.googletagmanager.com'],
        frame: [],
      },
    ],
    [
      { analyticsId: '12345678' },
      {
        script: ['https://mc.yandex.ru'],
        connect: ['https://mc.yandex.ru'],
        img: ['https://mc.yandex.ru'],
        frame: ['https://mc.yandex.ru'],
      },
    ],
    [
      { cdpWriteKey: 'abc123def456' },
      {
        script: ['https://cdn.segment.com'],
        connect: ['https://cdn.segment.com', 'https://api.segment.io'],
        img: [],
        frame: [],
      },
    ],
  ])('%j allows only its own hosts', (party, sources) => {
    expect(thirdPartySources({ ...NO_THIRD_PARTIES, ...party })).toEqual(sources);
  });
});

describe('needsConsent', () => {
  it('is false for the support chat alone and true for analytics, the tag manager or the CDP', () => {
    expect(needsConsent({ ...NO_THIRD_PARTIES, chatScriptUrl: 'https://chat.example/w.js' })).toBe(false);
    expect(needsConsent({ ...NO_THIRD_PARTIES, analyticsId: '1234' })).toBe(true);
    expect(needsConsent({ ...NO_THIRD_PARTIES, tagManagerId: 'GTM-ABCD' })).toBe(true);
    expect(needsConsent({ ...NO_THIRD_PARTIES, cdpWriteKey: 'abcdefgh' })).toBe(true);
  });
});
