import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{sdk,feeds,embed,site,server}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Database suites start PGlite (a few seconds of WebAssembly start-up each).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
