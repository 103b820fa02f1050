/**
 * Issue #17, the scale-out path: two instances of the production build (server/dist/main.js) on one
 * PostgreSQL database, behind a real nginx running the shipped examples/deploy/nginx.conf. What the
 * instances share lives in the database, so it holds whichever instance a request lands on: sessions,
 * the sign-in rate limit, captcha replay, images, digests (sent once with both workers running), and
 * a stopped instance loses no acknowledged write while the other keeps answering.
 *
 * A check that must know which instance answered calls the instances directly (TRUST_PROXY=true, so
 * X-Forwarded-For names the client as nginx would); the balanced path goes through nginx, whose test
 * config adds `X-Upstream` (the instance that answered) to each answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { UPLOAD_BODY_LIMIT_BYTES } from './api/upload';
import { openDatabase, type Database } from './db/client';
import { SESSION_EXPIRED_MESSAGE } from './accounts/guards';
import { SESSION_COOKIE } from './accounts/sessions';
import { DIGEST_QUEUES } from './queue/digest-tasks';
import { QUEUES } from './queue/queue';
import { TOO_LARGE_MESSAGE } from './image-store/pipeline';
import { dueDigestFixture } from './testing/digests';
import { withDatabase } from './testing/global-setup';
import { freePort } from './testing/free-port';
import { SHIPPED_NGINX_CONF, startNginx, type TestNginx } from './testing/nginx';
import { adminQuery } from './testing/postgres';
import { crashLines, startServerProcess, type ServerProcess } from './testing/server-process';
import { DEMO_PASSWORD } from './seed/accounts';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp';

/** What a browser sends: a request from `node` is a bot to the engagement log and the view counter. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface Call {
  cookie?: string;
  /** The client's address as nginx would pass it (instances run with TRUST_PROXY=true). */
  ip?: string;
}

const headersOf = ({ cookie, ip }: Call = {}): Record<string, string> => ({
  'User-Agent': BROWSER,
  ...(cookie ? { Cookie: cookie } : {}),
  ...(ip ? { 'X-Forwarded-For': ip } : {}),
});

const postJson = (base: string, path: string, body: unknown, call: Call = {}) =>
  fetch(base + path, { method: 'POST', headers: { ...headersOf(call), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** `name=value` of the session cookie an answer sets. */
function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error(`no ${SESSION_COOKIE} cookie in ${res.status} ${JSON.stringify([...res.headers])}`);
  return set.split(';')[0]!;
}

describe('the shipped nginx config', () => {
  it('takes the bodies the instances take: client_max_body_size is the upload limit', () => {
    const [, size, unit] = readFileSync(SHIPPED_NGINX_CONF, 'utf8').match(/^\s*client_max_body_size\s+(\d+)([kKmM]?);/m) ?? [];
    const bytes = Number(size) * ({ k: 1024, m: 1024 * 1024 } as Record<string, number>)[(unit ?? '').toLowerCase()]!;
    expect(bytes).toBe(UPLOAD_BODY_LIMIT_BYTES);
  });
});

// PostgreSQL only (TEST_DATABASE_URL, as in CI): the instances share one database server; PGlite lives inside one process.
for (const url of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
  describe('two instances behind nginx on one PostgreSQL', () => {
    const name = `nordlys_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-scale-out-'));
    let database: Database;
    let smtp: TestSmtpServer;
    let servers: ServerProcess[] = [];
    /** The instances' own addresses (http://127.0.0.1:{port}). */
    let a: string;
    let b: string;
    let nginx: TestNginx;

    beforeAll(async () => {
      await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
      const databaseUrl = withDatabase(url, name);
      database = await openDatabase({ url: databaseUrl, migrate: false });
      smtp = await startSmtpServer();
      const nginxPort = await freePort();
      // Alike but for the data folder, as two replicas are; PUBLIC_URL is nginx's.
      const env = (n: number) => ({
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(dataDir, `instance-${n}`),
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: 'true',
        RUN_WORKERS: 'true',
        SECRET_KEY: 'both-instances-share-this-secret-key-0123456789',
        ALTCHA_MAX_NUMBER: '50',
        SMTP_URL: smtp.url,
        // The digest round on demand (POST /api/testing/tasks/digests) instead of its five-minute schedule.
        TEST_CLOCK: '1',
        // As examples/deploy/nordlys.env.example: a stop answers 5 s more, closing each connection.
        SHUTDOWN_GRACE_SECONDS: '5',
      });
      servers = [1, 2].map((n) => startServerProcess(env(n), [], { built: true }));
      const bases = await Promise.all(servers.map((server) => server.url(60_000)));
      a = bases[0]!;
      b = bases[1]!;
      nginx = await startNginx({
        port: nginxPort,
        upstreams: [a, b].map((base) => new URL(base).host),
        locationExtra: '      add_header X-Upstream $upstream_addr always;\n',
      });
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(servers.map((server) => server.stop()));
      for (const server of servers) expect(crashLines(server.output())).toEqual([]);
      await smtp?.close();
      await database?.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** Which instance answered through nginx: the address nginx passed the request to. */
    const upstreamOf = (res: Response) => `http://${res.headers.get('x-upstream')}`;

    it('balances requests over both instances', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${nginx.url}/readyz`);
        expect(res.status).toBe(200);
        seen.add(upstreamOf(res));
      }
      expect([...seen].sort()).toEqual([a, b].sort());
    });

    it('1. a session made on one instance is valid on the other, and ended everywhere by a sign-out on either', async () => {
      const signIn = await postJson(a, '/api/users/sign-in', { email: 'founder@nordlys.test', password: DEMO_PASSWORD }, { ip: '198.51.100.10' });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = sessionCookie(signIn);
      const me = await fetch(`${b}/api/users/me`, { headers: headersOf({ cookie }) });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'founder@nordlys.test' });
      // Through nginx, on both instances.
      const answered = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${nginx.url}/api/users/me`, { headers: headersOf({ cookie }) });
        expect(res.status).toBe(200);
        answered.add(upstreamOf(res));
      }
      expect(answered.size).toBe(2);

      expect((await postJson(b, '/api/users/sign-out', {}, { cookie })).status).toBe(204);
      // The other instance now sees a dead session: 403 "Your session has expired" (spec 8), from either instance or nginx.
      for (const base of [a, b, nginx.url]) {
        const ended = await fetch(`${base}/api/users/me`, { headers: headersOf({ cookie }) });
        expect(ended.status).toBe(403);
        expect(await ended.json()).toMatchObject({ code: 'E_FORBIDDEN', message: SESSION_EXPIRED_MESSAGE });
      }
    });

    it("a write on one instance empties the other's answer cache at once (NOTIFY), not after a lifetime", async () => {
      const path = `/api/v2/jobs?limit=2&scale=${randomBytes(3).toString('hex')}`;
      // Kept by b: its second answer comes from memory (Age).
      expect((await fetch(b + path)).headers.get('age')).toBeNull();
      expect((await fetch(b + path)).headers.get('age')).not.toBeNull();
      const signIn = await postJson(a, '/api/users/sign-in', { email: 'founder@nordlys.test', password: DEMO_PASSWORD }, { ip: '198.51.100.11' });
      const cookie = sessionCookie(signIn);
      // A write that changes public answers (any but those that declare they do not), on a.
      const created = await postJson(a, '/api/companies', { name: `Scale-out ${randomBytes(2).toString('hex')}` }, { cookie });
      expect(created.status, await created.clone().text()).toBe(201);
      // b hears it within a round trip: its next answer is made anew.
      await vi.waitFor(async () => expect((await fetch(b + path)).headers.get('age')).toBeNull(), { timeout: 2_000, interval: 50 });
    });

    it('2. the sign-in rate limit counts failures on both instances as one, and nginx lets no client pick its own address', async () => {
      // An address without an account: an account's own throttle (sign-in-throttle.ts) would wait after 5 failures.
      const attempt = (base: string, ip?: string) => postJson(base, '/api/users/sign-in', { email: 'no-account@nordlys.test', password: 'Wrong-pass-1!' }, { ip });
      // Ten failures from one client, alternating instances: each instance alone saw five.
      for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? b : a, '203.0.113.7')).status).toBe(401);
      for (const base of [a, b]) {
        const limited = await attempt(base, '203.0.113.7');
        expect(limited.status).toBe(429);
        expect(await limited.json()).toMatchObject({ code: 'E_RATE_LIMITED' });
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      }

      // Through nginx, a client that forges a new X-Forwarded-For each time is still one client:
      // nginx replaces the header with the address it sees.
      const landed = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const res = await attempt(nginx.url, `192.0.2.${i + 1}`);
        expect(res.status).toBe(401);
        landed.add(upstreamOf(res));
      }
      expect(landed.size).toBe(2);
      expect((await attempt(nginx.url, '192.0.2.99')).status).toBe(429);
    });

    it('3. a captcha answer is accepted once, and refused on the second use wherever it lands', async () => {
      const challenge = (await (await fetch(`${nginx.url}/api/captcha/challenge`)).json()) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const answer = btoa(JSON.stringify({ challenge, solution }));
      const signUp = (base: string, n: number, ip?: string) =>
        postJson(base, '/api/users/sign-up', { name: { first: 'Scale', last: 'Out' }, email: `scale-out-${n}@example.test`, password: 'Scale-Out-17!', reCaptchaResponse: answer }, { ip });

      const first = await signUp(a, 1, '198.51.100.31');
      expect(first.status, await first.clone().text()).toBe(201);
      const replays = [await signUp(b, 2, '198.51.100.32'), await signUp(a, 3, '198.51.100.33')];
      const landed = new Set<string>();
      for (let n = 4; n < 6; n++) {
        const res = await signUp(nginx.url, n);
        landed.add(upstreamOf(res));
        replays.push(res);
      }
      expect(landed.size).toBe(2);
      for (const replay of replays) {
        expect(replay.status).toBe(400);
        expect(((await replay.json()) as { errors: Record<string, string[]> }).errors.reCaptchaResponse).toBeDefined();
      }
    });

    it('4. an image uploaded through one instance is served by the other', async () => {
      const signIn = await postJson(a, '/api/users/sign-in', { email: 'newbie@nordlys.test', password: DEMO_PASSWORD }, { ip: '198.51.100.40' });
      expect(signIn.status).toBe(200);
      const cookie = sessionCookie(signIn);
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0f766e' } }).png().toBuffer();
      const form = new FormData();
      form.append('file_upload', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'portrait.png');
      const upload = await fetch(`${a}/api/upload/portrait`, { method: 'POST', headers: headersOf({ cookie }), body: form });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const { image } = (await upload.json()) as { image: { sizes: Record<string, string> } };
      expect(Object.keys(image.sizes).length).toBeGreaterThan(0);

      for (const path of Object.values(image.sizes)) {
        const [fromA, fromB, viaNginx] = await Promise.all([fetch(a + path), fetch(b + path), fetch(nginx.url + path)]);
        for (const res of [fromA, fromB, viaNginx]) {
          expect(res.status, path).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^image\//);
        }
        const bytes = Buffer.from(await fromA.arrayBuffer());
        expect(bytes.length).toBeGreaterThan(0);
        expect(Buffer.from(await fromB.arrayBuffer()).equals(bytes)).toBe(true);
        expect(Buffer.from(await viaNginx.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it('passes an upload body the instances read themselves, and refuses a larger one with 413 in their JSON shape', async () => {
      const signIn = await postJson(a, '/api/users/sign-in', { email: 'newbie@nordlys.test', password: DEMO_PASSWORD }, { ip: '198.51.100.41' });
      const cookie = sessionCookie(signIn);
      const upload = (bytes: number) => {
        const form = new FormData();
        form.append('file_upload', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'big.png');
        return fetch(`${nginx.url}/api/upload/portrait`, { method: 'POST', headers: headersOf({ cookie }), body: form });
      };
      // 12 MB: over the image limit, under the body limit. The instance reads it and answers with its own message.
      const read = await upload(12 * 1024 * 1024);
      expect(read.status).toBe(413);
      expect(await read.json()).toEqual({ code: 'E_TOO_LARGE', message: TOO_LARGE_MESSAGE });
      // Over the body limit: nginx refuses it before any instance sees it, in the same shape.
      const refused = await upload(UPLOAD_BODY_LIMIT_BYTES + 1024);
      expect(refused.status).toBe(413);
      expect(refused.headers.get('x-upstream')).toBeNull();
      expect(await refused.json()).toMatchObject({ code: 'E_TOO_LARGE', message: expect.stringMatching(/too large/) });
    });

    it('5. a digest is sent once while both instances run their workers and both run the digest round', async () => {
      const { subscriptions } = await dueDigestFixture(database.db, `scale-${randomBytes(3).toString('hex')}`, 1);
      const { id, email, settingsKey } = subscriptions[0]!;
      // Both schedulers fire at once (as two crons would in the same minute), with both workers polling.
      const rounds = await Promise.all([a, b].map((base) => postJson(base, '/api/testing/tasks/digests', { settingsKey })));
      for (const round of rounds) expect(round.status, await round.clone().text()).toBe(200);

      await smtp.waitForMessage((m) => m.to.includes(email), 20_000);
      // Settled: every digest and mail job for this subscription has run, and there is one of each.
      const jobs = async () =>
        (
          await pgRows(
            url,
            name,
            `SELECT name, state FROM pgboss.job WHERE (name = $1 AND data->>'digestId' = $2) OR (name = $3 AND data->>'to' = $4) ORDER BY name`,
            [DIGEST_QUEUES.digest, String(id), QUEUES.mail, email],
          )
        ).rows;
      await vi.waitFor(async () => expect(await jobs()).toEqual([{ name: DIGEST_QUEUES.digest, state: 'completed' }, { name: QUEUES.mail, state: 'completed' }]), { timeout: 20_000, interval: 100 });
      expect((await pgRows(url, name, 'SELECT job_id FROM digest_sent_jobs WHERE digest_id = $1', [id])).rowCount).toBe(1);
      expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    }, 90_000);

    it('6. stopping one instance under load loses no acknowledged write, and the other keeps answering', async () => {
      const [first, second] = servers as [ServerProcess, ServerProcess];
      const type = `scale-out-${randomBytes(3).toString('hex')}`;
      const acknowledged: number[] = [];
      const writesRefused: { n: number; status: number | string; afterExit: boolean }[] = [];
      const readsFailed: { status: number | string; afterExit: boolean }[] = [];
      let acknowledgedAfterExit = 0;
      /** The instances that took writes before the stop: the stopped one must have been under load. */
      const writtenBefore = new Set<string>();
      let reads = 0;
      let exited = false;
      let running = true;
      let serial = 0;

      // Each writer logs numbered events through nginx; 204 is the acknowledgement that it is stored.
      // The writers keep a steady rate (the load's shape, not a wait): together 20 writes a second, so
      // the whole test stays under the engagement log's limit per address (nginx's, for every writer).
      const writer = async () => {
        for (let first = true; running; first = false) {
          if (!first) await new Promise((resume) => setTimeout(resume, WRITE_INTERVAL_MS));
          const n = serial++;
          const afterExit = exited;
          const res = await postJson(nginx.url, '/api/engagement/log', { type, payload: { n } }).catch((error: Error) => error);
          if (res instanceof Response && res.status === 204) {
            acknowledged.push(n);
            if (afterExit) acknowledgedAfterExit++;
            else writtenBefore.add(upstreamOf(res));
          } else {
            writesRefused.push({ n, status: res instanceof Response ? res.status : res.message, afterExit });
          }
          if (res instanceof Response) await res.arrayBuffer();
        }
      };
      const reader = async () => {
        for (let page = 1; running; page = (page % 5) + 1) {
          const afterExit = exited;
          reads++;
          const res = await fetch(`${nginx.url}/api/v2/jobs?page=${page}`, { headers: headersOf() }).catch((error: Error) => error);
          if (!(res instanceof Response) || res.status !== 200) readsFailed.push({ status: res instanceof Response ? res.status : res.message, afterExit });
          if (res instanceof Response) await res.arrayBuffer();
        }
      };
      const load = [writer(), writer(), reader(), reader()];
      try {
        await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(30), { timeout: 20_000, interval: 20 });
        // SIGTERM: the graceful stop a deploy or an orchestrator does.
        await second.stop();
        exited = true;
        await vi.waitFor(() => expect(acknowledgedAfterExit).toBeGreaterThanOrEqual(30), { timeout: 20_000, interval: 20 });
      } finally {
        running = false;
        await Promise.all(load);
      }

      const { rows } = await pgRows(url, name, `SELECT (payload->>'n')::int AS n FROM engagement_events WHERE type = $1`, [type]);
      const stored = new Set(rows.map((row) => row.n as number));
      const lost = acknowledged.filter((n) => !stored.has(n));
      console.log(
        `[scale-out] one of two instances stopped under load: ${acknowledged.length} writes acknowledged (${acknowledgedAfterExit} after it exited), ` +
          `${lost.length} of them lost; ${writesRefused.length} writes refused (${JSON.stringify(writesRefused.map((w) => w.status))}, ` +
          `${writesRefused.filter((w) => stored.has(w.n)).length} of them stored nonetheless); ${readsFailed.length} of ${reads} reads failed`,
      );
      expect(writtenBefore.has(b)).toBe(true);
      expect(second.exited()).toEqual({ code: 0, signal: null });
      expect(lost).toEqual([]);
      // Nothing failed, during the stop or after: the grace period closed nginx's connections before the port.
      expect(writesRefused).toEqual([]);
      expect(readsFailed).toEqual([]);
      expect((await fetch(`${a}/readyz`)).status).toBe(200);
      expect(first.exited()).toBeNull();
    }, 90_000);
  });
}

/** Each writer's pause between two writes under load: two writers make 20 a second (ENGAGEMENT_LOG_LIMIT: 300 per 10 min per address). */
const WRITE_INTERVAL_MS = 100;

/** One query on the test database, on its own connection. */
async function pgRows(url: string, database: string, text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: withDatabase(url, database) });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
