import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UserSchema } from '@nordlys/sdk/schemas';
import { SESSION_COOKIE } from '../accounts/sessions';
import { applicantProfiles, users } from '../db/schema';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('POST applicant on %s', (backend) => {
  const t = useTestApp(backend);
  const create = (headers: Record<string, string> = {}) => t.send('/api/applicant', undefined, { headers });

  async function userId(email: string) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  it("answers 401 'Please log in to continue' when logged out, and 403 for a dead session", async () => {
    const res = await create();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please log in to continue', code: 'E_UNAUTHORIZED' });
    const dead = await create({ cookie: `${SESSION_COOKIE}=gone` });
    expect(dead.status).toBe(403);
    expect(dead.body.message).toBe('Your session has expired');
  });

  it('creates the applicant profile of a user without one: 201 user with applicant.enabled', async () => {
    const cookie = await t.signIn('newbie@nordlys.test');
    const res = await create({ cookie });
    expect(res.status).toBe(201);
    const user = v.parse(UserSchema, res.body);
    expect(user.applicant).toEqual({ enabled: true });
    expect(user.applicantProfile).toMatchObject({ enabled: true, categories: [] });
    const rows = await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, user.id));
    expect(rows).toHaveLength(1);
    // Again: still one profile.
    expect((await create({ cookie })).status).toBe(201);
    expect(await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, user.id))).toHaveLength(1);
  });

  it('enables a disabled applicant profile again, keeping what it held', async () => {
    const id = await userId('talent@nordlys.test');
    await t.db.update(applicantProfiles).set({ enabled: false }).where(eq(applicantProfiles.userId, id));
    const cookie = await t.signIn('talent@nordlys.test');
    expect((await t.get('/api/users/me', { cookie })).body.applicant).toEqual({ enabled: false });
    const res = await create({ cookie });
    expect(res.status).toBe(201);
    expect(res.body.applicant).toEqual({ enabled: true });
    expect(res.body.applicantProfile.headline).toBe('Full-stack developer with five years of React and Node.js');
  });

  it('refuses a cross-site call', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const res = await create({ cookie, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, await userId('founder@nordlys.test')))).toEqual([]);
  });
});
