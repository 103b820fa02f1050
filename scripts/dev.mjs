// npm run dev: rebuilds the client bundle on change and restarts the server (from source, through tsx) on change.
// The server runs with --watch-assets (follow the rebuilt manifest), --seed-demo-if-empty and DEV_OIDC=1
// (the embedded "LinkedIn (demo)" provider); none of them is ever on in a plain `node server/dist/main.js`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const run = (args, env = process.env) => spawn(process.execPath, args, { stdio: 'inherit', env });
const children = [run(['scripts/build.mjs', '--watch'])];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// The server needs the client's manifest: start it once the first build has written one.
while (!existsSync('site/dist/manifest.json')) await sleep(100);
children.push(
  run(
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/src/main.ts', '--watch-assets', '--seed-demo-if-empty'],
    { DEV_OIDC: '1', ...process.env },
  ),
);
