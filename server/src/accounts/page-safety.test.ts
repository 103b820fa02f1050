/** Issue 9, findings 4 and 8 through the whole server: return targets stay on the site, and a GET never creates a profile. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@nordlys/site/server';
import { createApp } from '../app';
import { readConfig } from '../config';
import type { Database } from '../db/client';
import { signInDemo } from '../testing/app';
import { backends, openTestDatabase } from '../testing/database';

const ORIGIN = 'http://localhost:3000';

describe.each(backends)('return targets and state-changing pages on %s', (backend) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-page-safety-'));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    app = createApp({
      db: database.db,
      config: { ...readConfig({}), publicUrl: ORIGIN, isProduction: false, trustProxy: true },
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
    });
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await database?.close();
  });

  const request = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, init);

  const signIn = (email: string) => signInDemo(request, email);

  it("follows a signed-in user's 'to' only to a path on this site, and answers a malformed one without an error", async () => {
    const cookie = await signIn('founder@nordlys.test');
    const home = await request('/?to=%2Fclient%2Fmy-jobs', { headers: { cookie } });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/client/my-jobs');

    for (const to of ['/%09/evil.test', '/%0a/x', '/%0d%0aSet-Cookie:%20x=1', '%2F%2Fevil.test', '/%5Cevil.test', '/%2F%2Fevil.test', 'https://evil.test/', 'javascript:alert(1)']) {
      const res = await request(`/?to=${to}`, { headers: { cookie } });
      expect(res.status, to).toBeLessThan(500);
      const location = res.headers.get('location');
      if (location !== null) expect(new URL(location, ORIGIN).origin, to).toBe(ORIGIN);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('x=')), to).toBe(false);
    }
  });

  it('creates the talent profile only on a same-site form POST, never on the GET of /client/applicant?create=1', async () => {
    const cookie = await signIn('newbie@nordlys.test');
    const applicant = async () => ((await (await request('/api/users/me', { headers: { cookie } })).json()) as { applicant: unknown }).applicant;

    const page = await request('/client/applicant?create=1', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Create my talent profile');
    expect(await applicant()).toBeNull();

    const form = { 'Content-Type': 'application/x-www-form-urlencoded', cookie };
    const crossSite = await request('/client/applicant?create=1', { method: 'POST', headers: { ...form, Origin: 'https://evil.test' }, body: '' });
    expect(crossSite.status).toBe(403);
    expect(await applicant()).toBeNull();

    const posted = await request('/client/applicant?create=1', { method: 'POST', headers: { ...form, Origin: ORIGIN }, body: '' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/client/applicant?welcome=1');
    expect(posted.headers.get('set-cookie')).toMatch(/^user\.profile=/);
    expect(await applicant()).toMatchObject({ enabled: true });
  });
});
