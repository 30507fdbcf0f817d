import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server (reloaded on change) on :3001 and Astro's dev server with hot
 * reload on :4321, which proxies /api, /ws and the health checks to it (astro.config.mjs).
 */
const env = { ...process.env, NODE_ENV: 'development', ASTRO_TELEMETRY_DISABLED: '1' };
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=server.ts', 'server.ts'], {
    env: { ...env, PORT: '3001', HOST: '127.0.0.1', SERVE_SITE: 'false' },
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev'], { env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
