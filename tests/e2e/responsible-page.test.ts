import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PGSI_ANSWERS, PGSI_QUESTIONS } from '../../src/islands/responsible/pgsi.ts';
import type { Locale } from '../../src/shared/locales.ts';
import { gameStage, shot } from '../helpers/game-page.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * /responsible-gambling (docs/responsible-gambling.md): the sections, the tools with their links to
 * the profile's limits, the help organisations and the footer link in two locales; the PGSI
 * self-test answered in the browser, its result band shown, and nothing sent anywhere. Screenshots
 * at 1440 and 390 px (nothing may scroll sideways on the phone).
 */
const stage = gameStage();

const localized = (locale: Locale, pathname: string) =>
  locale === 'ru' ? pathname : `/${locale}${pathname}`;
/** The page's strings in `locale`, as the catalog part holds them. */
type Tree = { [key: string]: string | Tree };
const strings = (locale: Locale): Tree =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../src/i18n/locales/${locale}/responsiblePage.json`),
      'utf8',
    ),
  ).responsiblePage;
const text = (tree: Tree, key: string): string => {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => {
    return typeof node === 'object' ? node[part] : undefined;
  }, tree);
  if (typeof value !== 'string') throw new Error(`no string at ${key}`);
  return value;
};

const ORGANISATIONS = [
  ['Gambling Therapy', 'https://www.gamblingtherapy.org/'],
  ['Gamblers Anonymous', 'https://gamblersanonymous.org/'],
  ['GamCare', 'https://www.gamcare.org.uk/'],
  ['BeGambleAware', 'https://www.begambleaware.org/'],
  ['GAMSTOP', 'https://www.gamstop.co.uk/'],
  ['Gamban', 'https://gamban.com/'],
] as const;

async function openPage(locale: Locale, width = 1440) {
  const { context, problems } = await stage.playerContext(null, { width });
  const page = await context.newPage();
  const res = await page.goto(stage.server.url + localized(locale, '/responsible-gambling'), {
    waitUntil: 'load',
  });
  expect(res?.status()).toBe(200);
  return { context, problems, page };
}

/** Picks answer `points` (0–3) of each question, by clicking its label as a player would. */
async function answer(form: Locator, points: readonly number[]) {
  const questions = form.locator('fieldset[data-question]');
  for (const [index, value] of points.entries())
    await questions.nth(index).locator('label.choice').nth(value).click();
  expect(await form.locator('input:checked').count()).toBe(points.length);
}

describe.each(['en', 'ru'] as const)('/responsible-gambling in %s', (locale) => {
  const s = strings(locale);

  test('shows the commitment, the tools, the warning signs, the help and the self-test', async () => {
    const { context, problems, page } = await openPage(locale);
    try {
      expect(await page.locator('h1').textContent()).toBe(text(s, 'title'));
      const headings = await page.locator('main h2').allTextContents();
      for (const key of ['commitment', 'tools', 'signs', 'help', 'test'])
        expect(headings).toContain(text(s, `${key}.title`));
      expect(await page.getByTestId('age-rule').textContent()).toContain('18+');

      // The deposit limits come first and lead to the profile's limits; every other tool links there too.
      const limits = localized(locale, '/profile/limits');
      const tools = await page
        .locator('[data-tool]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-tool')));
      expect(tools[0]).toBe('deposit');
      expect(tools).toEqual([
        'deposit',
        'loss',
        'wager',
        'reality',
        'session',
        'timeout',
        'exclusion',
        'closure',
      ]);
      expect(await page.getByTestId('deposit-limit-link').getAttribute('href')).toBe(limits);
      expect(await page.getByTestId('deposit-limit-link').textContent()).toBe(text(s, 'tools.deposit.cta'));
      expect(await page.locator(`[data-tool] a[href="${limits}"]`).count()).toBe(tools.length);
      const body = (await page.locator('main').textContent()) ?? '';
      for (const key of ['tools.rules.higher', 'tools.timeout.text', 'tools.exclusion.after', 'signs.chase'])
        expect(body).toContain(text(s, key));

      // The help organisations: real names and addresses, opened outside the site without a handle on it.
      const help = page.getByTestId('help-organisations');
      expect(await help.locator('h3').allTextContents()).toEqual(ORGANISATIONS.map(([name]) => name));
      const links = await help.locator('a').evaluateAll((anchors) =>
        anchors.map((a) => ({
          href: a.getAttribute('href'),
          rel: a.getAttribute('rel')?.split(' ') ?? [],
          target: a.getAttribute('target'),
        })),
      );
      expect(links.map((link) => link.href)).toEqual(ORGANISATIONS.map(([, url]) => url));
      for (const link of links) {
        expect(link.rel).toEqual(expect.arrayContaining(['external', 'noopener']));
        expect(link.target).toBe('_blank');
      }

      // The footer's 18+ line links the page on every page.
      const footerLink = page.locator(`.site-footer a[href="${localized(locale, '/responsible-gambling')}"]`);
      expect(await footerLink.textContent()).toBe(text(s, 'title'));

      await shot(page, `responsible-gambling-${locale}`, { wide: 1440 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the PGSI self-test', () => {
  test('scores the answers in the browser, shows the band and sends nothing', async () => {
    const { context, problems, page } = await openPage('en');
    const s = strings('en');
    try {
      // From here on, nothing may leave the page: the answers are scored where they are.
      // The site's own idle-loaded scripts (the app shell) may still arrive: built files, fetched by GET.
      const sent: string[] = [];
      const record = (request: Request) => {
        const url = new URL(request.url());
        const builtFile = /^\/(_astro\/|favicon\.svg$|sw\.js$|builds\/latest\.json$|manifest\/)/.test(
          url.pathname,
        );
        if (request.method() !== 'GET' || !builtFile || /[?&]q\d=/.test(url.search))
          sent.push(`${request.method()} ${request.url()}`);
      };
      page.on('request', record);
      const address = page.url();

      const form = page.getByTestId('pgsi-form');
      const result = page.getByTestId('pgsi-result');
      const submit = form.getByRole('button', { name: text(s, 'test.submit') });
      expect(await form.locator('fieldset[data-question]').count()).toBe(PGSI_QUESTIONS.length);
      expect(
        await form.locator('fieldset[data-question]').first().locator('label.choice').allTextContents(),
      ).toEqual(PGSI_ANSWERS.map((key) => text(s, `test.answers.${key}`)));
      for (const key of PGSI_QUESTIONS)
        expect(await form.textContent()).toContain(text(s, `test.questions.${key}`));
      expect(await form.textContent()).toContain(text(s, 'test.privacy'));

      // Unanswered: the questions left are marked and the first one is focused; no result.
      await answer(form, [1, 0]);
      await submit.click();
      await expect.poll(() => form.locator('[data-pgsi-incomplete]').isVisible()).toBe(true);
      expect(await form.locator('fieldset[data-missing]').count()).toBe(7);
      expect(await result.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q3');

      // 1 + 0 + 2 + 0 + 1 + 0 + 0 + 1 + 0 = 5: moderate risk (3–7).
      await answer(form, [1, 0, 2, 0, 1, 0, 0, 1, 0]);
      await expect.poll(() => form.locator('fieldset[data-missing]').count()).toBe(0);
      await submit.click();
      await expect.poll(() => result.getAttribute('data-band')).toBe('moderate');
      expect(await result.isVisible()).toBe(true);
      expect(await form.locator('[data-pgsi-incomplete]').isVisible()).toBe(false);
      expect(await result.locator('[data-pgsi-score]').textContent()).toBe('Your score: 5 of 27');
      expect(await result.locator('.band:visible h3').allTextContents()).toEqual([
        text(s, 'test.bands.moderate.title'),
      ]);
      expect(await result.getByRole('link', { name: text(s, 'test.toHelp') }).getAttribute('href')).toBe(
        '#help',
      );
      expect(await result.getByRole('link', { name: text(s, 'test.toLimits') }).getAttribute('href')).toBe(
        '/en/profile/limits',
      );
      await page.screenshot({ path: path.join(SHOTS, 'responsible-gambling-en-result-1440.png') });

      // Start again: the answers and the result go.
      await form.getByRole('button', { name: text(s, 'test.reset') }).click();
      await expect.poll(() => result.isVisible()).toBe(false);
      expect(await form.locator('input:checked').count()).toBe(0);

      // Each band at its edges: 0 none, 2 low, 8 problem, 27 problem.
      for (const [points, band, score] of [
        [[0, 0, 0, 0, 0, 0, 0, 0, 0], 'none', 0],
        [[1, 0, 0, 0, 0, 0, 0, 0, 1], 'low', 2],
        [[2, 2, 2, 2, 0, 0, 0, 0, 0], 'problem', 8],
        [[3, 3, 3, 3, 3, 3, 3, 3, 3], 'problem', 27],
      ] as const) {
        await answer(form, points);
        await submit.click();
        await expect
          .poll(() => result.locator('[data-pgsi-score]').textContent())
          .toBe(`Your score: ${score} of 27`);
        expect(await result.getAttribute('data-band')).toBe(band);
        expect(await result.locator('.band:visible h3').textContent()).toBe(
          text(s, `test.bands.${band}.title`),
        );
      }

      expect(page.url()).toBe(address);
      expect(sent).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('works in Russian: a low-risk result in the page’s words', async () => {
    const { context, problems, page } = await openPage('ru', 390);
    const s = strings('ru');
    try {
      const form = page.getByTestId('pgsi-form');
      const result = page.getByTestId('pgsi-result');
      await answer(form, [0, 0, 1, 0, 0, 0, 0, 0, 0]);
      await form.getByRole('button', { name: text(s, 'test.submit') }).click();
      await expect.poll(() => result.getAttribute('data-band')).toBe('low');
      expect(await result.locator('[data-pgsi-score]').textContent()).toBe('Ваш результат: 1 из 27');
      expect(await result.locator('.band:visible h3').textContent()).toBe(text(s, 'test.bands.low.title'));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the Hindi page lays out on a phone', async () => {
    const { context, problems, page } = await openPage('hi');
    try {
      expect(await page.locator('h1').textContent()).toBe(text(strings('hi'), 'title'));
      await shot(page, 'responsible-gambling-hi', { wide: 1440 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
