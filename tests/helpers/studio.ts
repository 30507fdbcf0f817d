/**
 * The studio for tests: started in this process (`startStudio`) or as its own process
 * (`node src/studio/main.ts`, waiting until /healthz answers), and signed Games API calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { signBody } from './fake-wallet.ts';

export interface StudioProcess {
  url: string;
  publicKeyPem: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Spawns `node src/studio/main.ts` and resolves once it printed its URL and /healthz answers. */
export async function spawnStudio(env: Record<string, string>): Promise<StudioProcess> {
  let log = '';
  const child = spawn(process.execPath, ['src/studio/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, STUDIO_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk;
      const match = /studio listening on (\S+)/.exec(log);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk;
    });
    child.once('exit', (code) => reject(new Error(`studio exited with ${code}:\n${log}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const url = await ready.finally(() => clearTimeout(timeout));
  const health = await fetch(`${url}/healthz`);
  if (!health.ok) throw new Error(`studio /healthz answered ${health.status}`);
  const publicKeyPem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----\n?/.exec(log)?.[0] ?? '';
  return {
    url,
    publicKeyPem,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** POSTs a Games API call signed with the casino's key (or with `signature` as given). */
export async function gamesApi(
  studioUrl: string,
  route: 'list' | 'url',
  body: unknown,
  operatorPrivateKeyPem: string,
  signature?: string | null,
): Promise<Response> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? signBody(operatorPrivateKeyPem, text) : signature;
  if (sig !== null) headers['x-hub88-signature'] = sig;
  return fetch(`${studioUrl}/operator/generic/v2/game/${route}`, { method: 'POST', headers, body: text });
}
