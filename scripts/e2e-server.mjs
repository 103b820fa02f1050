// Starts the built server for Playwright on a fresh temporary data folder, with a real local SMTP server
// (smtp-server) receiving its mail: each message is written as {n}.eml (its envelope as {n}.json) to E2E_MAIL_DIR for the tests to read.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-e2e-'));
const mailDir = process.env.E2E_MAIL_DIR ?? join(dataDir, 'mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const name = String(received).padStart(4, '0');
      const envelope = { from: session.envelope.mailFrom?.address ?? '', to: session.envelope.rcptTo.map((r) => r.address) };
      writeFileSync(join(mailDir, `${name}.json`), JSON.stringify(envelope));
      writeFileSync(join(mailDir, `${name}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

// The browser tests' fixtures go in before the server opens the database (PGlite admits one process):
// the demo data (the seeder of `npm run seed`), then the hostile job of security.spec.ts.
for (const script of ['scripts/seed.ts', 'tests/e2e/fixtures/insert-hostile-job.ts']) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
  if (run.status !== 0) {
    smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(run.status ?? 1);
  }
}

// As `npm start` does (the data is already there, so it seeds nothing here); DEV_OIDC for the provider sign-in tests.
// Every browser test asks from one address, several at once, on a loaded machine: the traffic limit
// is off and the admission limit wide, so no test meets a 429 or 503 meant for a flood (their own
// tests: server/src/http/admission.test.ts, traffic-limit.test.ts; the figures: npm run bench:overload).
const child = spawn(process.execPath, ['server/dist/main.js', '--seed-demo-if-empty'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DEV_OIDC: '1', REQUEST_RATE_LIMIT: '0', REQUEST_CONCURRENCY: '64' },
});
const cleanup = () => {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
