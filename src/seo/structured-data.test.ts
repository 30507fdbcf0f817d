import { describe, expect, test } from 'vitest';
import { breadcrumbList, faqPage, jsonLdScript, organization } from './structured-data.ts';

describe('structured data', () => {
  test('a breadcrumb trail numbers its steps from 1', () => {
    const list = breadcrumbList([
      { name: 'Orbita', url: 'https://o.example/' },
      { name: 'Dice', url: 'https://o.example/games/dice' },
    ]) as { itemListElement: { position: number; name: string; item: string }[] };
    expect(list.itemListElement.map((step) => [step.position, step.name])).toEqual([
      [1, 'Orbita'],
      [2, 'Dice'],
    ]);
  });

  test('an FAQ page holds every question with its answer', () => {
    const page = faqPage([{ q: 'Who?', a: 'Adults.' }], 'en-US') as {
      mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[];
    };
    expect(page.mainEntity).toEqual([
      { '@type': 'Question', name: 'Who?', acceptedAnswer: { '@type': 'Answer', text: 'Adults.' } },
    ]);
  });

  test('no value can close the script element, and the JSON means the same', () => {
    const data = organization({ name: '</script><b>', url: 'https://o.example/', logo: 'x', email: 'y' });
    const text = jsonLdScript(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
