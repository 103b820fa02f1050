/** Issue #33 item 7: forms posted without JavaScript (a page's action calls /api in-process) are rate limited per visitor, like the browser's own calls. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@nordlys/site/server';
import { CONTACT_LIMITS_PER_HOUR } from '../api/contact';
import { createApp } from '../app';
import { readConfig } from '../config';
import type { Database } from '../db/client';
import { freshIp } from '../testing/app';
import { createTestAuthParts, TEST_CAPTCHA_OK } from '../testing/auth-parts';
import { backends, openTestDatabase } from '../testing/database';

const ORIGIN = 'http://localhost:3000';

describe.each(backends)('form posts without JavaScript on %s', (backend) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-form-posts-'));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    app = createApp({
      db: database.db,
      config: { ...readConfig({}), publicUrl: ORIGIN, isProduction: false, trustProxy: true },
      auth: createTestAuthParts(),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
    });
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await database?.close();
  });

  let sender = 0;
  /** The contact page's form, posted as a browser without JavaScript does, from `ip` (each from its own sender, so only the address counts). */
  const postContact = (ip: string, captcha = TEST_CAPTCHA_OK) =>
    app.request(`${ORIGIN}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, 'X-Forwarded-For': ip },
      body: new URLSearchParams({ name: 'Mads Berg', email: `mads-${++sender}-${backend}@example.test`, message: 'Hello from a browser without JavaScript', reCaptchaResponse: captcha }),
    });

  it('counts each visitor on their own: ten visitors use up nobody else\'s allowance, and one visitor still meets the limit', async () => {
    // One post each from as many visitors as the per-address limit allows one visitor.
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.perIp.max; i++) expect((await postContact(freshIp(), 'wrong')).status).toBe(400);
    const another = await postContact(freshIp());
    expect(another.status).toBe(200);
    expect(await another.text()).not.toMatch(/too many attempts/i);

    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.perIp.max; i++) expect((await postContact(ip, 'wrong')).status).toBe(400);
    const limited = await postContact(ip);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Too many attempts/);
  });
});
