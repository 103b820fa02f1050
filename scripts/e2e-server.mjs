// Starts the built server on a fresh temporary data folder (for Playwright), and removes the folder on exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-e2e-'));
const child = spawn(process.execPath, ['server/dist/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
