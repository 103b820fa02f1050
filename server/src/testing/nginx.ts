/**
 * A real nginx (Debian's, /usr/sbin/nginx) in front of test instances, run from the shipped
 * examples/deploy/nginx.conf: the test balances through the same file a deployer copies, with only
 * what a test must change rewritten (its port, its upstream servers, its own pid, log and temp paths
 * in a temporary folder, no `user` switch), so a change to the shipped config is what the test runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shipped configuration. */
export const SHIPPED_NGINX_CONF = join(root, 'examples/deploy/nginx.conf');
export const NGINX_BINARY = '/usr/sbin/nginx';

export interface NginxOptions {
  /** The instances, as host:port. */
  upstreams: string[];
  /** The port nginx listens on (127.0.0.1). */
  port: number;
  /** Directives added to `location /` (a test's own headers, e.g. which instance answered). */
  locationExtra?: string;
}

/**
 * The shipped config rewritten for a test run in `dir`: the upstream lists `upstreams` with the
 * shipped servers' parameters, one `listen` on 127.0.0.1:port, and pid, logs and temp files in `dir`.
 */
export function testNginxConfig(shipped: string, dir: string, { upstreams, port, locationExtra = '' }: NginxOptions): string {
  const upstream = shipped.match(/upstream\s+\w+\s*\{[^}]*\}/);
  if (!upstream) throw new Error('the shipped nginx.conf has no upstream block');
  const servers = [...upstream[0].matchAll(/^([ \t]*)server[ \t]+\S+([^;\n]*);[^\n]*\n/gm)];
  if (!servers.length) throw new Error('the shipped upstream block lists no server');
  const [, indent, params] = servers[0]!;
  let block = upstream[0];
  for (const line of servers.slice(1)) block = block.replace(line[0], '');
  block = block.replace(servers[0]![0], upstreams.map((address) => `${indent}server ${address}${params};\n`).join(''));

  let listened = false;
  const config = shipped
    .replace(upstream[0], block)
    .replace(/^[ \t]*listen[ \t][^;]*;[^\n]*\n/gm, () => (listened ? '' : ((listened = true), `    listen 127.0.0.1:${port};\n`)))
    // Root would hand the workers to www-data, who cannot enter the test's folder: keep them as this user.
    .replace(/^user\s[^;]*;/m, process.getuid?.() === 0 ? `user ${userInfo().username};` : '')
    .replace(/^pid\s[^;]*;/m, `pid ${join(dir, 'nginx.pid')};`)
    .replace(/^error_log\s[^;]*;/m, `error_log ${join(dir, 'error.log')} info;`)
    .replace(/^([ \t]*)access_log[ \t]+\S+/m, `$1access_log ${join(dir, 'access.log')}`)
    .replace(
      /^http\s*\{/m,
      ['http {', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)].join('\n'),
    )
    .replace(/location \/ \{/, `location / {\n${locationExtra}`);
  if (!listened) throw new Error('the shipped nginx.conf has no listen directive');
  return config;
}

export interface TestNginx {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  /** The generated configuration, error log and access log, for a failing test's message. */
  config: string;
  errorLog(): string;
  accessLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on the shipped config rewritten for `options`; resolves once it accepts connections. */
export async function startNginx(options: NginxOptions): Promise<TestNginx> {
  if (!existsSync(NGINX_BINARY)) throw new Error(`${NGINX_BINARY} is missing: apt-get install -y nginx (.ci/run does)`);
  const dir = mkdtempSync(join(tmpdir(), 'nordlys-nginx-'));
  const config = testNginxConfig(readFileSync(SHIPPED_NGINX_CONF, 'utf8'), dir, options);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');

  let output = '';
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', dir, '-c', file, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running) throw new Error(`nginx exited at start:\n${output}\n${read('error.log')}\nconfig:\n${config}`);
    const answered = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url} within 10 s:\n${output}\n${read('error.log')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    port: options.port,
    config,
    errorLog: () => read('error.log'),
    accessLog: () => read('access.log'),
    async stop() {
      // SIGQUIT: nginx's graceful stop; SIGTERM (its fast stop) if that takes longer than 5 s.
      if (running) child.kill('SIGQUIT');
      const fast = setTimeout(() => child.kill('SIGTERM'), 5000);
      await exited;
      clearTimeout(fast);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
