/**
 * `npm run bench:lighthouse`: Lighthouse (mobile profile, simulated throttling) on home, a policy
 * page and every game page of the production build: the performance, accessibility, best-practices
 * and SEO scores, and the JavaScript each page downloads. Lighthouse 12 dropped its PWA category, so
 * installability is asked of Chromium itself (`Page.getInstallabilityErrors`, the check behind
 * the browser's install prompt) once the service worker controls the page. Needs `npm run build`
 * first; Chromium from CHROME_PATH (default /usr/bin/chromium). Results: docs/performance.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ORIGINALS } from '../src/shared/games.ts';
import { startServer } from '../tests/helpers/server.ts';

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Home, a policy page and every playable game's page (from the registry); BENCH_PAGES overrides. */
const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(',')
  : [
      '/en/',
      '/en/policy/en/kyc',
      ...ORIGINALS.filter((g) => g.status === 'playable').map((g) => `/en${g.path}`),
    ];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DEBUG_PORT = Number(process.env.BENCH_CDP_PORT ?? 9333);

interface Row {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Script bytes over the wire (compressed) and after decompression. */
  jsTransfer: number;
  jsResource: number;
  scripts: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  installable: string;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${DEBUG_PORT}`],
});
const rows: Row[] = [];
try {
  for (const page of PAGES) {
    const lhr = await audit(page);
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
      ?.items ?? []) as NetworkItem[];
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failed.length) console.log(`${page}: audits not passed: ${failed.join(', ')}`);
    rows.push({
      path: page,
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Row['scores'],
      jsTransfer: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
      jsResource: scripts.reduce((sum, s) => sum + (s.resourceSize ?? 0), 0),
      scripts: scripts.length,
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      installable: await installability(`${server.url}${page}`),
    });
  }
} finally {
  await browser.close();
  await server.stop();
}

/**
 * Lighthouse's report on one page. A trace Chromium failed to record (NO_NAVSTART, seen on this
 * busy machine) is tried again once; a page that still fails is named, not scored as zeros.
 */
async function audit(page: string) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(`${server.url}${page}`, {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === 2) throw new Error(`Lighthouse could not audit ${page}: ${why}`);
    console.log(`${page}: Lighthouse failed (${why}); trying once more`);
  }
}

/**
 * Chromium's own installability verdict for the page, once its service worker controls it. A
 * profile on disk: Chromium never offers installation in an incognito context.
 */
async function installability(url: string): Promise<string> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    const { url: manifest } = (await cdp.send('Page.getAppManifest')) as { url: string };
    const errors = installabilityErrors.map((e) => e.errorId);
    return errors.length ? `no: ${errors.join(', ')}` : `yes (${new URL(manifest).pathname})`;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  '\n| page | performance | accessibility | best practices | SEO | JS (transfer / size, files) | LCP | TBT | CLS | installable |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${kb(r.jsTransfer)} / ${kb(r.jsResource)}, ${r.scripts} | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.installable} |`,
  );
}

const games = rows.filter((r) => r.path.includes('/games/'));
const worst = games.reduce(
  (w, r) => (r.scores.performance < w.scores.performance ? r : w),
  games[0] ?? rows[0]!,
);
console.log(
  `\ngame pages: lowest performance ${worst.scores.performance} (${worst.path}), highest TBT ${Math.max(...games.map((r) => r.tbtMs))} ms (goal: every game page ≥ 95, TBT < 200 ms)`,
);
