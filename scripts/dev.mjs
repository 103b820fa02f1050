// npm run dev: rebuilds the client bundle on change and restarts the server (from source, through tsx) on change.
import { spawn } from 'node:child_process';

const run = (args) => spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
const children = [
  run(['scripts/build.mjs', '--watch']),
  run(['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/src/main.ts']),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
