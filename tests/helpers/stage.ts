import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** Where end-to-end tests write the screenshots a person looks at (not committed). */
export const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');

/**
 * The built server (sandbox webhooks every 200 ms, so deposits land fast) and Chromium, started
 * together for one end-to-end file.
 */
export async function openStage(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.all([
    startServer({ SANDBOX_WEBHOOK_INTERVAL_MS: '200', ...env }),
    launchBrowser(),
  ]);
  mkdirSync(SHOTS, { recursive: true });
  return { server, browser };
}

export async function closeStage(stage: { server?: RunningServer; browser?: Browser }): Promise<void> {
  await stage.browser?.close();
  await stage.server?.stop();
}
