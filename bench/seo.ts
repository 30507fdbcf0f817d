/**
 * Lighthouse's SEO category on the pages search engines bring players to (docs/seo.md): home, the
 * FAQ, a policy and a game page, as a phone sees them (Lighthouse's default mobile emulation),
 * against the production build. A benchmark, not a test: it needs Chromium and takes a while.
 * CHROME_PATH picks the browser (default /usr/bin/chromium); SEO_PAGES overrides the list.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer } from '../tests/helpers/server.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = (process.env.SEO_PAGES ?? '/en/,/en/faq,/en/policy/en/kyc,/en/games/dice,/,/games/cases/easy')
  .split(',')
  .filter(Boolean);

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
}
interface Report {
  categories: { seo: { score: number; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, Audit>;
}

/** One Lighthouse run of the SEO category: the score (0–100) and the audits that did not pass. */
async function lighthouse(url: string): Promise<{ score: number; failed: string[] }> {
  const { stdout } = await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--only-categories=seo',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const report = JSON.parse(stdout) as Report;
  const failed = report.categories.seo.auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((audit): audit is Audit => audit !== undefined)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'manual')
    .map((audit) => `${audit.id} (${audit.title})`);
  return { score: Math.round(report.categories.seo.score * 100), failed };
}

const server = await startServer();
try {
  const rows: { page: string; score: number; failed: string }[] = [];
  for (const page of PAGES) {
    const { score, failed } = await lighthouse(server.url + page);
    rows.push({ page, score, failed: failed.join('; ') || '-' });
    console.log(`${page}: SEO ${score}${failed.length ? ` (failed: ${failed.join('; ')})` : ''}`);
  }
  console.table(rows);
  if (rows.some((row) => row.score < 100)) process.exitCode = 1;
} finally {
  await server.stop();
}
