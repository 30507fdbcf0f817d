/**
 * `npm run bench:autobet` (after `npm run build`): one player's instant auto-bet on a game page (dice; BENCH_GAME=keno or wheel) in
 * Chromium (Debian's /usr/bin/chromium through playwright-core), through the kit's own request loop
 * (src/islands/games/kit/use-auto-bet.ts → use-place-bet.ts), against the built server: bets per
 * second from the click to the end of the series, and whether the page kept up: its frames
 * (requestAnimationFrame intervals while the series ran, long tasks) and, once the series ends,
 * how long until the header shows the server's balance and the history shows the last bet.
 * BENCH_BETS (default 2,000: under the default 15,000 bets a minute per player, so the limit is not
 * what is measured), BENCH_SEQUENTIAL=1 for a series whose bets wait for each answer (no
 * pipelining), BENCH_DATABASE_URL for PostgreSQL (else PGlite), BENCH_BROWSER_PROF=<file> for the
 * page's CPU profile (`node bench/profile-top.ts <file>`).
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { apiCall, fundedPlayer } from '../tests/helpers/funding.ts';
import { startServer } from '../tests/helpers/server.ts';

const BETS = Number(process.env.BENCH_BETS ?? 2_000);
const SEQUENTIAL = process.env.BENCH_SEQUENTIAL === '1';
const GAME = process.env.BENCH_GAME ?? 'dice';
if (!['dice', 'keno', 'wheel'].includes(GAME))
  throw new Error(`BENCH_GAME: dice, keno or wheel, not ${GAME}`);

let env: Record<string, string> = {};
let drop = async () => {};
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const fresh = await freshDatabaseUrl();
  env = { DATABASE_URL: fresh.url! };
  drop = fresh.drop;
}
const [server, browser] = await Promise.all([
  startServer({ SANDBOX_WEBHOOK_INTERVAL_MS: '200', LOG_LEVEL: 'error', ...env }),
  launchBrowser(),
]);
try {
  const { token } = await fundedPlayer(server.url, { amount: '100000', prefix: 'autobet' });
  const betsOf = async () =>
    (
      await apiCall<{ meta: { total: number } }>(
        server.url,
        'GET',
        `/games/bets?game=${GAME}&per_page=1`,
        token,
      )
    ).meta.total;
  const balanceOf = async () =>
    (await apiCall<{ user: { balance: string } }>(server.url, 'GET', '/profile/user', token)).user.balance;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addCookies([{ name: 'token', value: token, url: server.url }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${server.url}/en/games/${GAME}`, { waitUntil: 'load' });
  const header = page.locator('[data-account-amount]').first();
  await page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-account-amount]')?.textContent ?? ''),
  );
  // Keno plays five picks.
  if (GAME === 'keno')
    for (const n of [3, 11, 19, 27, 35]) await page.locator(`.keno-cell[data-number="${n}"]`).click();
  await page.getByTestId('mode-auto').click();
  const turbo = page.getByTestId('turbo-toggle');
  if ((await turbo.getAttribute('aria-checked')) !== 'true') await turbo.click();
  await page.getByTestId('autobet-form').locator('input[name="autobet-count"]').fill(String(BETS));
  // BENCH_SEQUENTIAL=1: a stop-on-profit the series never reaches, so that each bet waits for the
  // previous answer (a win could stop the series): the kit's loop without pipelining.
  if (SEQUENTIAL) await page.getByTestId('autobet-form').locator('input[name="stop-profit"]').fill('1000000');
  const before = await betsOf();

  // Frames while the series runs: the page's own clock, read back at the end.
  await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; benchLong: number[]; benchStop: boolean };
    w.benchFrames = [];
    w.benchLong = [];
    w.benchStop = false;
    let last = performance.now();
    const tick = (now: number) => {
      w.benchFrames.push(now - last);
      last = now;
      if (!w.benchStop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLong.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });

  // BENCH_BROWSER_PROF=<file>: the page's JavaScript profile over the series (Chrome DevTools).
  const profileFile = process.env.BENCH_BROWSER_PROF;
  const cdp = profileFile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const button = page.getByTestId('bet-button');
  const started = performance.now();
  await button.click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="bet-button"]')?.getAttribute('data-running') === 'true',
    undefined,
    { polling: 'raf' },
  );
  await page.waitForFunction(
    () => document.querySelector('[data-testid="bet-button"]')?.getAttribute('data-running') === 'false',
    undefined,
    { polling: 'raf', timeout: 600_000 },
  );
  const seconds = (performance.now() - started) / 1000;
  if (cdp && profileFile) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; benchLong: number[]; benchStop: boolean };
    w.benchStop = true;
    return { frames: w.benchFrames.slice(1), long: w.benchLong };
  });
  const placed = (await betsOf()) - before;

  // After the series: the header must show the server's balance at once (not catch up later).
  const balance = await balanceOf();
  const shown = () => header.textContent().then((text) => Number((text ?? '').replace(/[^\d.]/g, '')));
  const settleStart = performance.now();
  while ((await shown()) !== Number(balance) && performance.now() - settleStart < 10_000)
    await page.waitForTimeout(20);
  const balanceLagMs = Math.round(performance.now() - settleStart);

  const sorted = [...frames.frames].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(1));
  console.log(
    JSON.stringify({
      bench: 'instant auto-bet in Chromium, one player',
      game: GAME,
      database: env.DATABASE_URL ? 'postgresql' : 'pglite',
      series: SEQUENTIAL ? 'sequential (a stop-on-profit is set)' : 'fixed stake (pipelined)',
      bets: placed,
      asked: BETS,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(placed / seconds),
      goal: '>= 200',
      frames: sorted.length,
      frameP50: at(0.5),
      frameP99: at(0.99),
      frameMax: Number((sorted.at(-1) ?? 0).toFixed(1)),
      longTasks: frames.long.length,
      longestTask: Math.round(Math.max(0, ...frames.long)),
      headerMatchesServerAfterMs: balanceLagMs,
      headerMatches: (await shown()) === Number(balance),
      pageErrors: problems,
    }),
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await drop();
}
