import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

const port = Number(process.env.E2E_PORT ?? 3210);
// The example host pages (examples/pages) load the widget from http://localhost:3210, as written in them.
const examplesPort = 3211;
// The e2e server's local SMTP server writes every mail it receives here; the tests (workers inherit this) read them.
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `nordlys-e2e-mail-${port}`);

/** Specs that change the demo data other specs read (job-posting also moves the server clock for a moment); they run in the last project. */
const MUTATES_DEMO_DATA = /(startup-profile|job-posting)\.spec\.ts$/;
/** Issue #14: the alert loop moves the server's clock for minutes at a time, so it runs alone, after everything else. */
const MOVES_CLOCK_LONG = /job-alerts\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', testIgnore: [MUTATES_DEMO_DATA, MOVES_CLOCK_LONG], use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Specs that change what other specs rely on (draft@'s startup goes live) run after the rest.
    { name: 'chromium-last', testMatch: MUTATES_DEMO_DATA, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium-alerts', testMatch: MOVES_CLOCK_LONG, dependencies: ['chromium-last'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      // The built server on a fresh temporary data folder, so the demo data is seeded anew.
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${port}/api/site/config-base`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Light captcha challenges: the browser tests solve several. DEV_OIDC: the provider sign-in tests use the embedded provider.
      // TEST_CLOCK: the job-posting loop moves the server's clock and runs the expiry task (POST /api/testing/...).
      env: { PORT: String(port), ALTCHA_MAX_NUMBER: '1000', DEV_OIDC: '1', TEST_CLOCK: '1' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The static host pages of examples/pages on another origin (127.0.0.1, a local address, so Chrome lets
      // them load from localhost:3210); serve.json there sets cleanUrls off and strict-csp.html's CSP header.
      command: `node_modules/.bin/serve examples/pages -l tcp://127.0.0.1:${examplesPort} --no-clipboard --no-port-switching -L`,
      url: `http://127.0.0.1:${examplesPort}/plain.html`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
