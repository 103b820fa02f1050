/**
 * Runs the real server as a child process, for tests of what only a process shows: exits, logs,
 * signals. By default server/src/main.ts through tsx; `{ built: true }` runs the production build
 * (server/dist/main.js, which `npm run build` writes and `npm test` builds before vitest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (checked as it arrives). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The base URL once the server said it is running. */
  url(timeoutMs?: number): Promise<string>;
  /** Null while it runs; the exit code (or signal) once it ended. */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resolves once the process has ended by itself. */
  ended(): Promise<void>;
  /** SIGTERM (a graceful shutdown), then waits for the exit. */
  stop(): Promise<void>;
}

/** The production build's entry point. */
export const BUILT_MAIN = join(root, 'server/dist/main.js');

/** Starts the server with these settings on a free port (PORT=0, unless `env` names one) and the given extra arguments. */
export function startServerProcess(env: Record<string, string>, args: string[] = [], { built = false }: { built?: boolean } = {}): ServerProcess {
  if (built && !existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run \`npm run build\` first (npm test does)`);
  const entry = built ? [BUILT_MAIN] : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', DEV_OIDC: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = { code, signal };
      for (const check of waiters) check();
      resolve();
    }),
  );

  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${text}`)), timeoutMs);
      const check = () => {
        const match = text.match(pattern);
        if (match) done(null, match);
        else if (ended) done(new Error(`the server exited (${JSON.stringify(ended)}) before ${pattern}; output:\n${text}`));
      };
      const done = (error: Error | null, match?: RegExpMatchArray) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve(match!);
      };
      waiters.add(check);
      check();
    });

  return {
    child,
    output: () => text,
    waitFor,
    url: async (timeoutMs) => `http://127.0.0.1:${(await waitFor(/is running at http:\/\/localhost:(\d+)/, timeoutMs))[1]}`,
    exited: () => ended,
    ended: () => exit,
    async stop() {
      if (!ended) child.kill('SIGTERM');
      await exit;
    },
  };
}

/** The lines of a server's output that tell of a crash it survived (the last resort logged it: last-resort.ts). */
export function crashLines(output: string): string[] {
  return output.split('\n').filter((line) => /unhandled promise rejection|uncaught exception|Unhandled 'error' event/i.test(line));
}
