/**
 * The candidate's own routes on both databases: spec 7's POST applicant, and issue #13's CV upload
 * (POST /upload/cv), the talent profile (GET, PUT, DELETE /applicant) and its CV (GET /applicant/cv).
 * Quick apply and withdraw are in quick-apply.test.ts.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CV_UPLOAD_LIMITS } from '@nordlys/sdk/constants';
import { ApplicantDeletedSchema, CvPathSchema, TalentProfileSchema, UserSchema } from '@nordlys/sdk/schemas';
import { SESSION_COOKIE } from '../accounts/sessions';
import { applicantProfiles, applications, companyFollows, images, jobUserFlags, storedFiles, users } from '../db/schema';
import { fileForm, pdf } from '../files/fixtures';
import type { Viewer } from '../http/viewer';
import { HTML, png } from '../image-store/fixtures';
import { NORTHWIND_KEY } from '../seed/companies';
import { asViewer, useTestApp } from '../testing/app';
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

describe.each(backends)('the talent profile and CVs on %s', (backend) => {
  const t = useTestApp(backend);
  let serial = 0;
  const headers = (viewer: Viewer | null): Record<string, string> => (viewer ? (asViewer(viewer) as Record<string, string>) : {});

  async function person(first = 'Elin', last = 'Nilsson') {
    const [row] = await t.db.insert(users).values({ email: `talent-${backend}-${++serial}@example.test`, firstName: first, lastName: last }).returning({ id: users.id });
    return { userId: row!.id, isAdmin: false, companyIds: [], investorIds: [] } as Viewer;
  }
  async function upload(viewer: Viewer | null, body: FormData, query = '') {
    const res = await t.request(`/api/upload/cv${query}`, { method: 'POST', body, headers: headers(viewer) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }
  const filesOf = (userId: number) => t.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, userId));
  const profileInput = (over: Record<string, unknown> = {}) => ({
    name: { first: 'Elin', last: 'Nilsson' },
    headline: 'Designer who ships',
    categories: ['design', 'frontend'],
    preferredCountryCode: 'SE',
    linkedinUrl: 'linkedin.com/in/elin',
    discoverable: true,
    ...over,
  });
  const put = (viewer: Viewer | null, body: unknown) => t.send('/api/applicant', body, { method: 'PUT', headers: headers(viewer) });

  it('stores an uploaded CV for its uploader: 201 with the path, the cleaned name and the size', async () => {
    const viewer = await person();
    const bytes = pdf('ELIN');
    const res = await upload(viewer, fileForm(bytes, 'C:\\fakepath\\Elin\u0007 CV.PDF'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ path: expect.stringMatching(/^cv\/[A-Za-z0-9_-]{24}\.pdf$/), name: 'Elin CV.PDF', size: bytes.length });
    expect(v.is(CvPathSchema, res.body.path)).toBe(true);
    const [row] = await filesOf(viewer.userId);
    expect(row).toMatchObject({ path: res.body.path, kind: 'cv', fileName: 'Elin CV.PDF', contentType: 'application/pdf', sizeBytes: bytes.length, etag: createHash('sha256').update(bytes).digest('hex') });
    expect(Buffer.from(row!.bytes).equals(bytes)).toBe(true);
    // Every upload gets its own path.
    const again = await upload(viewer, fileForm(bytes, 'cv.pdf'));
    expect(again.body.path).not.toBe(res.body.path);
  });

  it('refuses what is not a PDF of at most 5 MB, with a clear code and message, and stores nothing', async () => {
    const viewer = await person();
    const big = Buffer.concat([pdf('BIG'), Buffer.alloc(CV_UPLOAD_LIMITS.maxBytes)]);
    const tooBig = await upload(viewer, fileForm(big, 'big.pdf'));
    expect(tooBig).toMatchObject({ status: 413, body: { code: 'E_TOO_LARGE' } });
    expect(tooBig.body.message).toMatch(/a CV can be at most 5 MB/);
    const huge = await upload(viewer, fileForm(Buffer.concat([pdf(), Buffer.alloc(20 * 1024 * 1024)]), 'huge.pdf'));
    expect(huge).toMatchObject({ status: 413, body: { code: 'E_TOO_LARGE' } });
    expect(huge.body.message).toMatch(/a CV can be at most 5 MB/);
    for (const [bytes, name, type] of [
      [await png(20, 20), 'cv.pdf', 'application/pdf'],
      [HTML, 'cv.pdf', 'application/pdf'],
      [Buffer.from('%PDx-1.4 not quite'), 'cv.pdf', 'application/pdf'],
      [Buffer.alloc(0), 'empty.pdf', 'application/pdf'],
    ] as const) {
      const res = await upload(viewer, fileForm(bytes, name, type));
      expect(res, name).toMatchObject({ status: 415, body: { code: 'E_UNSUPPORTED_MEDIA', message: 'This file is not a PDF. Please upload your CV as a PDF document.' } });
    }
    expect((await upload(viewer, new FormData())).status).toBe(400);
    expect((await upload(viewer, fileForm(pdf(), 'cv.pdf'), `?company=${NORTHWIND_KEY}`)).status).toBe(400);
    expect(await filesOf(viewer.userId)).toEqual([]);
    expect((await upload(null, fileForm(pdf(), 'cv.pdf'))).status).toBe(401);
  });

  it('GET /applicant: 401 for a visitor, 404 without a talent profile, the profile as saved with its CV', async () => {
    expect((await t.get('/api/applicant')).status).toBe(401);
    const viewer = await person();
    expect((await t.get('/api/applicant', headers(viewer))).status).toBe(404);
    const cv = (await upload(viewer, fileForm(pdf(), 'Elin.pdf'))).body;
    const saved = await put(viewer, profileInput({ cvPath: cv.path }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const got = await t.get('/api/applicant', headers(viewer));
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(got.body).toEqual(saved.body);
    expect(v.parse(TalentProfileSchema, got.body)).toMatchObject({
      name: { first: 'Elin', last: 'Nilsson' },
      headline: 'Designer who ships',
      categories: ['design', 'frontend'],
      preferredCountryCode: 'SE',
      linkedinUrl: 'http://linkedin.com/in/elin',
      discoverable: true,
      cv: { path: cv.path, fileName: 'Elin.pdf', sizeBytes: cv.size },
      imagePath: null,
    });
    const file = await t.request('/api/applicant/cv', { headers: headers(viewer) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="Elin.pdf"');
  });

  it('PUT /applicant creates the profile, saves the name on the account, never stores REMOTE, and takes only your own CV and photo', async () => {
    const viewer = await person();
    const stranger = await person();
    const theirCv = (await upload(stranger, fileForm(pdf(), 'theirs.pdf'))).body.path;
    const [theirImage] = await t.db.insert(images).values({ path: `2026/theirs-${backend}-${serial}`, kind: 'portrait', uploadedBy: stranger.userId }).returning();
    const [logo] = await t.db.insert(images).values({ path: `2026/logo-${backend}-${serial}`, kind: 'logo', uploadedBy: viewer.userId, ownerKind: 'company', ownerId: 1 }).returning();
    const [mine] = await t.db.insert(images).values({ path: `2026/mine-${backend}-${serial}`, kind: 'portrait', uploadedBy: viewer.userId }).returning();

    for (const [name, body, field] of [
      ["another user's CV", profileInput({ cvPath: theirCv }), 'cvPath'],
      ["another user's photo", profileInput({ imagePath: theirImage!.path }), 'imagePath'],
      ["a startup's logo", profileInput({ imagePath: logo!.path }), 'imagePath'],
      ['no first name', profileInput({ name: { first: ' ', last: 'Nilsson' } }), 'name'],
      ['an unknown category', profileInput({ categories: ['astrology'] }), 'categories'],
      ['an unknown country', profileInput({ preferredCountryCode: 'XX' }), 'preferredCountryCode'],
      ['a headline too long', profileInput({ headline: 'x'.repeat(121) }), 'headline'],
    ] as const) {
      const res = await put(viewer, body);
      expect(res.status, name).toBe(400);
      expect(Object.keys(res.body.errors), name).toContain(field);
    }
    expect(await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, viewer.userId))).toEqual([]);

    const res = await put(viewer, profileInput({ name: { first: 'Elin Maria', last: 'Nilsson-Berg' }, preferredCountryCode: 'REMOTE', imagePath: mine!.path }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ preferredCountryCode: null, imagePath: mine!.path, imageUrl: `/images/thumbnail/${mine!.path}` });
    const [account] = await t.db.select().from(users).where(eq(users.id, viewer.userId));
    expect(account).toMatchObject({ firstName: 'Elin Maria', lastName: 'Nilsson-Berg', imageId: mine!.id });
    const [profile] = await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, viewer.userId));
    expect(profile).toMatchObject({ enabled: true, preferredCountryCode: null, discoverable: true });
    // The current photo may stay; null takes it off.
    expect((await put(viewer, profileInput({ imagePath: mine!.path }))).status).toBe(200);
    expect((await put(viewer, profileInput({ imagePath: null }))).body.imagePath).toBeNull();
    expect((await put(null, profileInput())).status).toBe(401);
  });

  it("replacing or removing the profile's CV deletes the old file when no application was sent with it", async () => {
    const viewer = await person();
    const first = (await upload(viewer, fileForm(pdf('ONE'), 'one.pdf'))).body.path;
    const second = (await upload(viewer, fileForm(pdf('TWO'), 'two.pdf'))).body.path;
    expect((await put(viewer, profileInput({ cvPath: first }))).status).toBe(200);
    expect((await put(viewer, profileInput({ cvPath: second }))).status).toBe(200);
    expect((await filesOf(viewer.userId)).map((f) => f.path)).toEqual([second]);
    expect((await put(viewer, profileInput({ cvPath: null }))).body.cv).toBeNull();
    expect(await filesOf(viewer.userId)).toEqual([]);
    expect((await t.request('/api/applicant/cv', { headers: headers(viewer) })).status).toBe(404);
  });

  it('DELETE /applicant deletes the profile, applications, saved jobs and CVs; the account, its follows and its sign-in stay', async () => {
    const cookie = await t.signIn('talent@nordlys.test');
    const [talent] = await t.db.select().from(users).where(eq(users.email, 'talent@nordlys.test'));
    const viewer: Viewer = { userId: talent!.id, isAdmin: false, companyIds: [], investorIds: [] };
    const cv = (await upload(viewer, fileForm(pdf('SOFIE'), 'sofie.pdf'))).body.path;
    const orphan = (await upload(viewer, fileForm(pdf('UNUSED'), 'unused.pdf'))).body.path;
    expect((await put(viewer, profileInput({ name: { first: 'Sofie', last: 'Kjær' }, cvPath: cv }))).status).toBe(200);
    await t.db.update(users).set({ profile: `applicant:${talent!.id}` }).where(eq(users.id, talent!.id));
    const before = {
      applications: await t.db.select({ id: applications.id, cvPath: applications.cvPath }).from(applications).where(eq(applications.userId, talent!.id)),
      follows: await t.db.select().from(companyFollows).where(eq(companyFollows.userId, talent!.id)),
      flags: await t.db.select().from(jobUserFlags).where(eq(jobUserFlags.userId, talent!.id)),
    };
    expect(before.applications.length).toBeGreaterThan(0);
    expect(before.flags.length).toBeGreaterThan(0);
    expect(before.follows.length).toBeGreaterThan(0);

    expect((await t.send('/api/applicant', undefined, { method: 'DELETE' })).status).toBe(401);
    const res = await t.send('/api/applicant', undefined, { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(v.parse(ApplicantDeletedSchema, res.body)).toEqual({ applications: before.applications.length, files: 2 });
    expect(await t.db.select().from(applications).where(eq(applications.userId, talent!.id))).toEqual([]);
    expect(await t.db.select().from(jobUserFlags).where(eq(jobUserFlags.userId, talent!.id))).toEqual([]);
    expect(await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, talent!.id))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(inArray(storedFiles.path, [cv, orphan]))).toEqual([]);
    expect(await t.db.select().from(companyFollows).where(eq(companyFollows.userId, talent!.id))).toHaveLength(before.follows.length);
    const me = await t.get('/api/users/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'talent@nordlys.test', applicant: null, applicantProfile: null, profile: null });
    expect((await t.get('/api/applicant', { cookie })).status).toBe(404);
    // Nothing left to delete: the same answer with nothing in it.
    expect((await t.send('/api/applicant', undefined, { method: 'DELETE', headers: { cookie } })).body).toEqual({ applications: 0, files: 0 });
  });
});
