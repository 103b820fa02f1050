/** The startup writes of issue #11 (create, edit, submit, delete) and the hidden answer, on both databases. */
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanySchema, JobListSchema, type Company, type CompanyInput } from '@nordlys/sdk/schemas';
import { EMPLOYEE_COUNTS, termValues } from '@nordlys/sdk/vocabulary';
import { companies, companyMembers, images, jobs, users, whiteLabelFeeds } from '../db/schema';
import { createTestAuthParts } from '../testing/auth-parts';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('startup writes on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: 'https://nordlys.example' } });
  const cookies = new Map<string, string>();
  /** One session per demo account for the whole file. */
  const as = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return { cookie: cookies.get(email)! };
  };
  const send = async (method: string, path: string, body: unknown, who?: string) =>
    t.send(path, body, { method, headers: who ? await as(who) : {} });

  async function userId(email: string) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }
  async function companyRow(key: string) {
    const [row] = await t.db.select().from(companies).where(eq(companies.key, key));
    return row!;
  }
  /** An image row as the upload route leaves it (the bytes do not matter here). */
  async function storedImage(path: string, owner: { uploadedBy?: number | null; ownerKind?: 'company' | 'investor' | null; ownerId?: number | null }) {
    await t.db.insert(images).values({ path, kind: 'logo', width: 200, height: 200, mimeType: 'image/webp', ...owner });
  }

  const complete = (overrides: Partial<CompanyInput> = {}): CompanyInput => ({
    name: 'Saga Robotics',
    website: 'saga-robotics.dk',
    logoImage: null,
    whatWeDo: '<p>We build <strong>robots</strong> for farms.</p>',
    addresses: [
      { countryCode: 'DK', address: 'Havnegade 1, 1058 København' },
      { countryCode: 'NO', address: null },
    ],
    industries: ['robotics'],
    numberOfEmployees: termValues(EMPLOYEE_COUNTS)[0],
    ...overrides,
  });

  it('creates a DRAFT startup with a key from its name, unique, with the creator as admin member', async () => {
    expect((await send('POST', '/api/companies', { name: 'Saga Robotics' })).status).toBe(401);

    const first = await send('POST', '/api/companies', { name: 'Saga Robotics' }, 'newbie@nordlys.test');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const created = v.parse(CompanySchema, first.body);
    expect(created).toMatchObject({ key: 'saga-robotics', name: 'Saga Robotics', status: 'DRAFT' });
    expect(created.manage).toEqual({ submittedAt: null, reviewNote: null, careersDomain: null, careersDomainClaim: null, applicationsEmail: null, connectUrl: null });
    const [member] = await t.db
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, created.id), eq(companyMembers.userId, await userId('newbie@nordlys.test'))));
    expect(member).toEqual({ role: 'admin' });

    // The same name again gets '-2', then '-3'.
    const second = await send('POST', '/api/companies', { name: 'Saga  Robotics!' }, 'talent@nordlys.test');
    expect(second.status).toBe(201);
    expect(second.body.key).toBe('saga-robotics-2');
    expect((await send('POST', '/api/companies', { name: 'saga robotics' }, 'talent@nordlys.test')).body.key).toBe('saga-robotics-3');

    // The creator manages it at once: the next request's viewer has the membership.
    const hidden = await t.get('/api/companies/saga-robotics/hidden', await as('newbie@nordlys.test'));
    expect(hidden.status).toBe(200);
    expect(hidden.body.manage).toBeDefined();
  });

  it('refuses a taken key (409), a reserved word (400) and a missing name (400)', async () => {
    const taken = await send('POST', '/api/companies', { name: 'Anything', key: 'northwind-labs' }, 'talent@nordlys.test');
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('E_CONFLICT');
    expect(taken.body.errors.key).toEqual([expect.stringMatching(/taken/)]);

    const reserved = await send('POST', '/api/companies', { name: 'New', key: 'new' }, 'talent@nordlys.test');
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors.key).toBeDefined();

    // A name that is a reserved word gets '-1' (sdk keyFromName), never the word itself.
    const fromReserved = await send('POST', '/api/companies', { name: 'New' }, 'talent@nordlys.test');
    expect(fromReserved.status).toBe(201);
    expect(fromReserved.body.key).toBe('new-1');

    const noName = await send('POST', '/api/companies', { name: '   ' }, 'talent@nordlys.test');
    expect(noName.status).toBe(400);
    expect(noName.body.errors.name).toBeDefined();
  });

  it('saves the edit form for members and admins only: 401, 403, 404, 400 with fields', async () => {
    const body = complete();
    expect((await send('PUT', '/api/companies/saga-robotics', body)).status).toBe(401);
    const stranger = await send('PUT', '/api/companies/saga-robotics', body, 'founder@nordlys.test');
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('E_FORBIDDEN');
    // A stranger learns nothing from the body's validation: 403 comes first.
    expect((await send('PUT', '/api/companies/saga-robotics', { name: '' }, 'founder@nordlys.test')).status).toBe(403);
    expect((await send('PUT', '/api/companies/no-such-startup', body, 'admin@nordlys.test')).status).toBe(404);

    const invalid = await send('PUT', '/api/companies/saga-robotics', { ...body, name: '', foundedYear: 1700, website: 'not a site' }, 'newbie@nordlys.test');
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['name', 'foundedYear', 'website']));

    const saved = await send('PUT', '/api/companies/saga-robotics', body, 'newbie@nordlys.test');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const company = v.parse(CompanySchema, saved.body);
    expect(company).toMatchObject({
      website: 'http://saga-robotics.dk',
      addresses: body.addresses,
      countries: [{ countryCode: 'DK' }, { countryCode: 'NO' }],
      industries: ['robotics'],
      status: 'DRAFT',
    });
    expect(company.manage).toBeDefined();
    // countries are the column the lists filter on: kept equal to the addresses' codes.
    expect((await companyRow('saga-robotics')).countryCodes).toEqual(['DK', 'NO']);

    const byAdmin = await send('PUT', '/api/companies/saga-robotics', { ...body, foundedYear: 2021 }, 'admin@nordlys.test');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.foundedYear).toBe(2021);
  });

  it('sanitizes what we do on write: a script is gone from the stored text', async () => {
    const res = await send(
      'PUT',
      '/api/companies/saga-robotics',
      complete({ whatWeDo: '<p onclick="steal()">Robots<script>alert(1)</script> <a href="javascript:x()">here</a></p>' }),
      'newbie@nordlys.test',
    );
    expect(res.status).toBe(200);
    const stored = (await companyRow('saga-robotics')).whatWeDo!;
    expect(stored).toContain('Robots');
    expect(stored).not.toMatch(/script|onclick|javascript/i);
    expect(res.body.whatWeDo).toBe(stored);
    // Nothing but tags left is no text at all.
    await send('PUT', '/api/companies/saga-robotics', complete({ whatWeDo: '<script>x()</script><p> </p>' }), 'newbie@nordlys.test');
    expect((await companyRow('saga-robotics')).whatWeDo).toBeNull();
  });

  it('accepts only images that exist and belong to the startup or its uploader', async () => {
    const saga = await companyRow('saga-robotics');
    const northwind = await companyRow('northwind-labs');
    const newbie = await userId('newbie@nordlys.test');
    await storedImage(`${backend}/saga-logo`, { ownerKind: 'company', ownerId: saga.id, uploadedBy: null });
    await storedImage(`${backend}/saga-team`, { uploadedBy: newbie });
    await storedImage(`${backend}/northwind-private`, { ownerKind: 'company', ownerId: northwind.id, uploadedBy: await userId('founder@nordlys.test') });

    const missing = await send('PUT', '/api/companies/saga-robotics', complete({ logoImage: `${backend}/never-uploaded` }), 'newbie@nordlys.test');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['logoImage']);

    const foreign = await send('PUT', '/api/companies/saga-robotics', complete({ galleryImages: [`${backend}/northwind-private`] }), 'newbie@nordlys.test');
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['galleryImages']);

    const traversal = await send('PUT', '/api/companies/saga-robotics', complete({ coverImage: '../etc/passwd' }), 'newbie@nordlys.test');
    expect(traversal.status).toBe(400);
    expect(traversal.body.errors.coverImage).toBeDefined();

    const ok = await send(
      'PUT',
      '/api/companies/saga-robotics',
      complete({
        logoImage: `${backend}/saga-logo`,
        coverImage: `${backend}/saga-logo`,
        galleryImages: [`${backend}/saga-team`, `${backend}/saga-logo`],
        team: [{ name: 'Ada Lund', title: 'CTO', image: `${backend}/saga-team` }, { name: 'Bo Dahl', title: null, image: null }],
      }),
      'newbie@nordlys.test',
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const company = v.parse(CompanySchema, ok.body);
    expect(company.logoImage?.path).toBe(`${backend}/saga-logo`);
    expect(company.galleryImages.map((i) => i.path)).toEqual([`${backend}/saga-team`, `${backend}/saga-logo`]);
    expect(company.team).toEqual([
      { name: 'Ada Lund', title: 'CTO', image: expect.objectContaining({ path: `${backend}/saga-team` }) },
      { name: 'Bo Dahl', title: null, image: null },
    ]);

    // The demo images have no owner: a startup keeps the ones it already shows.
    const [demoLogo] = await t.db.insert(images).values({ path: `demo-test/${backend}-northwind` }).returning({ id: images.id });
    await t.db.update(companies).set({ logoImageId: demoLogo!.id }).where(eq(companies.id, northwind.id));
    const keep = await send(
      'PUT',
      '/api/companies/northwind-labs',
      { ...complete({ name: 'Northwind Labs' }), logoImage: (await t.get<Company>('/api/companies/northwind-labs')).body.logoImage?.path ?? null },
      'founder@nordlys.test',
    );
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    expect(keep.body.logoImage.path).toBe(`demo-test/${backend}-northwind`);
    // …but cannot take up another unowned image it does not show.
    const [stray] = await t.db.insert(images).values({ path: `demo-test/${backend}-stray` }).returning({ id: images.id });
    expect(stray).toBeDefined();
    const taken = await send('PUT', '/api/companies/northwind-labs', { ...complete({ name: 'Northwind Labs' }), logoImage: `demo-test/${backend}-stray` }, 'founder@nordlys.test');
    expect(taken.status).toBe(400);
  });

  it('submits a complete DRAFT only, listing what is missing otherwise', async () => {
    expect((await send('POST', '/api/companies/draft-startup/submit', undefined)).status).toBe(401);
    expect((await send('POST', '/api/companies/draft-startup/submit', undefined, 'founder@nordlys.test')).status).toBe(403);
    expect((await send('POST', '/api/companies/no-such-startup/submit', undefined, 'draft@nordlys.test')).status).toBe(404);

    const refused = await send('POST', '/api/companies/draft-startup/submit', undefined, 'draft@nordlys.test');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('E_VALIDATION');
    // The demo draft has a country (so it counts), and no website, text, industry or size.
    expect(Object.keys(refused.body.errors)).toEqual(expect.arrayContaining(['website', 'whatWeDo', 'industries', 'numberOfEmployees']));
    expect(refused.body.errors.addresses).toBeUndefined();
    expect((await companyRow('draft-startup')).submittedAt).toBeNull();

    // Saga has everything since the image test.
    const sent = await send('POST', '/api/companies/saga-robotics/submit', undefined, 'newbie@nordlys.test');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(v.parse(CompanySchema, sent.body).manage?.submittedAt).toEqual(expect.any(String));
    const first = (await companyRow('saga-robotics')).submittedAt;
    // Again while waiting: nothing changes.
    expect((await send('POST', '/api/companies/saga-robotics/submit', undefined, 'newbie@nordlys.test')).status).toBe(200);
    expect((await companyRow('saga-robotics')).submittedAt).toEqual(first);

    // An ACTIVE startup is not a draft.
    const live = await send('POST', '/api/companies/northwind-labs/submit', undefined, 'founder@nordlys.test');
    expect(live.status).toBe(409);
  });

  it('answers /hidden with manage to members and admins only; strangers get the public page or 404', async () => {
    const own = await t.get('/api/companies/draft-startup/hidden', await as('draft@nordlys.test'));
    expect(own.status).toBe(200);
    expect(v.parse(CompanySchema, own.body).manage).toMatchObject({ submittedAt: null });
    // Its countries from before the edit form show as addresses without an address.
    expect(own.body.addresses).toEqual([{ countryCode: 'DK', address: null }]);
    expect((await t.get('/api/companies/draft-startup/hidden', await as('admin@nordlys.test'))).body.manage).toBeDefined();
    expect((await t.get('/api/companies/draft-startup/hidden', await as('talent@nordlys.test'))).status).toBe(404);
    expect((await t.get('/api/companies/draft-startup/hidden')).status).toBe(404);
    const publicOne = await t.get('/api/companies/northwind-labs/hidden', await as('talent@nordlys.test'));
    expect(publicOne.status).toBe(200);
    expect(publicOne.body.manage).toBeUndefined();
    expect(publicOne.headers.get('cache-control')).toBe('private, no-store');
  });

  it('deletes with the typed key: INACTIVE, jobs gone from every list, feeds and members removed, key still taken', async () => {
    // A public startup with open jobs, deleted by its admin member.
    const northwind = await companyRow('northwind-labs');
    const before = v.parse(JobListSchema, (await t.get('/api/v2/jobs?companyKeys=northwind-labs')).body);
    expect(before.jobs.length).toBeGreaterThan(0);
    const [someJob] = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, northwind.id));

    expect((await send('DELETE', '/api/companies/northwind-labs', { confirm: 'northwind-labs' })).status).toBe(401);
    expect((await send('DELETE', '/api/companies/northwind-labs', { confirm: 'northwind-labs' }, 'talent@nordlys.test')).status).toBe(403);
    const wrong = await send('DELETE', '/api/companies/northwind-labs', { confirm: 'northwind' }, 'founder@nordlys.test');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.confirm).toEqual(['Type northwind-labs to confirm']);
    expect((await send('DELETE', '/api/companies/northwind-labs', {}, 'founder@nordlys.test')).status).toBe(400);

    const gone = await send('DELETE', '/api/companies/northwind-labs', { confirm: 'northwind-labs' }, 'founder@nordlys.test');
    expect(gone.status).toBe(204);

    const row = await companyRow('northwind-labs');
    expect(row).toMatchObject({ status: 'INACTIVE', careersDomain: null, careersDomainState: null, careersDomainToken: null });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(whiteLabelFeeds).where(eq(whiteLabelFeeds.companyId, northwind.id))).toEqual([]);
    expect(await t.db.select().from(companyMembers).where(eq(companyMembers.companyId, northwind.id))).toEqual([]);

    expect(v.parse(JobListSchema, (await t.get('/api/v2/jobs?companyKeys=northwind-labs')).body).jobs).toEqual([]);
    const all = v.parse(JobListSchema, (await t.get('/api/v2/jobs?search=northwind')).body);
    expect(all.jobs.some((j) => j.company.key === 'northwind-labs')).toBe(false);
    expect((await t.get(`/api/jobs/single/${someJob!.id}`)).status).toBe(404);
    expect((await t.get('/api/companies/northwind-labs')).status).toBe(404);
    expect((await t.get('/api/companies/northwind-labs/jobs')).status).toBe(404);
    expect((await t.get('/api/companies/domain/careers.northwind.test')).status).toBe(404);
    const listed = (await t.get('/api/companiesProper?search=northwind&pageSize=100')).body;
    expect(listed.companies.some((c: { key: string }) => c.key === 'northwind-labs')).toBe(false);
    // Even an admin finds it gone, and writes to it are 404.
    expect((await t.get('/api/companies/northwind-labs/hidden', await as('admin@nordlys.test'))).status).toBe(404);
    expect((await send('PUT', '/api/companies/northwind-labs', complete(), 'admin@nordlys.test')).status).toBe(404);
    expect((await send('DELETE', '/api/companies/northwind-labs', { confirm: 'northwind-labs' }, 'admin@nordlys.test')).status).toBe(404);

    // The key stays taken.
    const again = await send('POST', '/api/companies', { name: 'Northwind', key: 'northwind-labs' }, 'talent@nordlys.test');
    expect(again.status).toBe(409);
    expect((await send('POST', '/api/companies', { name: 'Northwind Labs' }, 'talent@nordlys.test')).body.key).toBe('northwind-labs-2');

    // An admin may delete any startup.
    expect((await send('DELETE', '/api/companies/saga-robotics-2', { confirm: 'saga-robotics-2' }, 'admin@nordlys.test')).status).toBe(204);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(companies).where(eq(companies.key, 'saga-robotics-2'))) as [{ n: number }];
    expect(n).toBe(1);
  });
});
