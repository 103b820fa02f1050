import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{sdk,feeds,embed,site}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['site/src/testing/async-timeout.ts'],
          // A test may wait for several conditions, each up to 5 s on a loaded machine (async-timeout.ts);
          // the default 5 s for the whole test failed /pricing's three-step switcher test in CI.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // Seeds the demo data once; each file then starts from its own copy.
          globalSetup: ['server/src/testing/global-setup.ts'],
          // Each file starts PGlite (WebAssembly) from a snapshot: seconds, not milliseconds.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
