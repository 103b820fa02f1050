import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Db } from './db/client';
import { readConfig } from './config';

describe('the built embeds at /embed/', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nordlys-embed-'));
    await mkdir(join(dir, 'v1'));
    await writeFile(join(dir, 'v1', 'jobs.js'), 'console.log("[nordlys] widget");');
    // Static files only: no route here touches the database.
    app = createApp({ db: {} as Db, config: { ...readConfig({}), isProduction: true }, embedDir: dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves a bundle as JavaScript with a short shared cache, an ETag and a 304', async () => {
    const res = await app.request('/embed/v1/jobs.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(await res.text()).toContain('[nordlys] widget');
    const again = await app.request('/embed/v1/jobs.js', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a missing bundle and never serves files outside the folder', async () => {
    expect((await app.request('/embed/v1/nope.js')).status).toBe(404);
    expect((await app.request('/embed/../package.json')).status).toBe(404);
    expect((await app.request('/embed/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});
