import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores (1 here); the API files wait on PGlite
    // and sockets as much as on the CPU, so two run faster on 2 cores (e2e stays serial).
    maxWorkers: 2,
    projects: [
      // Statistical tests (chi-square, Monte Carlo) take seconds when the machine is busy.
      { test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A lazily loaded island can take seconds on a loaded 2-core machine; vitest's default
          // poll timeout (1 s) made such waits flaky.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
