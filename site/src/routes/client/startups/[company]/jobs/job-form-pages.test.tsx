/** The job form's pages (issue #12) as the server renders them: who gets them, what they load, and what shows first. */
import { createApi } from '@nordlys/sdk/api';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { defaultExpirationDay, type Company, type ManagedJob, type User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { managedJobFixture } from '../../../../../components/job-form/fixtures';
import { render } from '../../../../../entry-server';
import { createFakeFetch, demoUsers } from '../../../../../testing/fixtures';

const KEY = demoUsers.founder.companies[0]!.key;

/** The fake /api of the site's tests, plus GET companies/{key}/jobs/{id} answering `jobs` to members. */
async function renderAs(user: User | null, path: string, jobs: ManagedJob[] = []) {
  const fake = createFakeFetch({ account: { user } });
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const apiPath = new URL(request.url).pathname.replace(/^\/api\//, '');
    calls.push(`${request.method} ${apiPath}`);
    const m = apiPath.match(/^companies\/([^/]+)\/jobs\/(\d+)$/);
    if (m && request.method === 'GET') {
      const job = jobs.find((j) => j.id === Number(m[2]) && j.company.key === m[1]);
      const member = user?.companies.some((c) => c.key === m[1]);
      if (!job || !member) return Response.json({ message: API_MESSAGES.notFound('Job'), code: 'E_NOT_FOUND' }, { status: 404 });
      return Response.json(job);
    }
    return fake.fetch(request);
  };
  const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch, timeout: 5_000 });
  const response = await render(new Request(`http://nordlys.test${path}`), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), calls };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** The founder's startup as GET companies/{key}/hidden answers it (the fake's record). */
const founderCompany = { key: KEY, name: demoUsers.founder.companies[0]!.name, addresses: [], countries: [] } as unknown as Company;

describe('/client/startups/{company}/jobs/new', () => {
  it('is the job form for a member, with the preview, the 60-day date and no "later release" left', async () => {
    const { response, html, calls } = await renderAs(demoUsers.founder, `/client/startups/${KEY}/jobs/new`);
    expect(response.status).toBe(200);
    expect(calls).toContain(`GET companies/${KEY}/hidden`);
    const page = text(html);
    expect(html).toMatch(/<h1[^>]*>Post a job<\/h1>/);
    expect(html).toContain('<title>Post a job · Northwind Labs');
    for (const section of ['The job', 'Where', 'Pay', 'Perks', 'Applications', 'Listing']) expect(html).toContain(`>${section}</h2>`);
    expect(html).toMatch(/<input type="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/);
    expect(html.match(/<input type="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/)?.[1]).toBe(defaultExpirationDay());
    // The startup lists no addresses: that choice waits for its profile.
    expect(html).toMatch(/<input type="radio" id="job-location-address"[^>]*disabled=""/);
    expect(page).toContain('Your startup profile lists no addresses yet');
    expect(page).toContain('Preview');
    expect(html).toContain('>Save draft</button>');
    expect(html).toContain('>Continue</button>');
    expect(page).not.toMatch(/later release/i);
    // One h1: the preview's job title is a deeper heading.
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it('sends a signed-out visitor to sign in, and someone without the startup to their own area (the layout guard)', async () => {
    const out = await renderAs(null, `/client/startups/${KEY}/jobs/new`);
    expect(out.response.status).toBe(302);
    expect(out.response.headers.get('location')).toBe(`/?to=${encodeURIComponent(`/client/startups/${KEY}/jobs/new`)}`);
    const other = await renderAs(demoUsers.talent, `/client/startups/${KEY}/jobs/new`);
    expect(other.response.status).toBe(302);
    expect(other.response.headers.get('location')).toBe('/client/');
    expect(other.calls).not.toContain(`GET companies/${KEY}/hidden`);
  });
});

describe('/client/startups/{company}/jobs/{job}/edit', () => {
  const expiration = defaultExpirationDay();

  it("loads the member's job into the form", async () => {
    const job = managedJobFixture(founderCompany, expiration, { id: 7, title: 'Platform Engineer' }, { title: 'Platform Engineer', location: { kind: 'place', locality: 'Aarhus', countryCode: 'DK', address: null } });
    const { response, html, calls } = await renderAs(demoUsers.founder, `/client/startups/${KEY}/jobs/7/edit`, [job]);
    expect(response.status).toBe(200);
    expect(calls).toEqual(expect.arrayContaining([`GET companies/${KEY}/jobs/7`, `GET companies/${KEY}/hidden`]));
    expect(html).toMatch(/id="job-title"[^>]*value="Platform Engineer"|value="Platform Engineer"[^>]*id="job-title"/);
    expect(html).toMatch(/id="job-location-locality"[^>]*value="Aarhus"|value="Aarhus"[^>]*id="job-location-locality"/);
    expect(html).toContain('<title>Post: Platform Engineer · Northwind Labs');
  });

  it('shows a live job its status and "Save changes", and an expired one "Repost job" before any form', async () => {
    const live = managedJobFixture(founderCompany, expiration, { id: 8, status: 'ACTIVE', approvedAt: new Date().toISOString() });
    const expired = managedJobFixture(founderCompany, expiration, { id: 9, status: 'EXPIRED', approvedAt: new Date().toISOString() }, {}, { allowedEvents: ['repost'] });
    const first = await renderAs(demoUsers.founder, `/client/startups/${KEY}/jobs/8/edit`, [live, expired]);
    expect(first.html).toMatch(/<h1[^>]*>Edit job<\/h1>/);
    expect(text(first.html)).toContain('Status: Live');
    expect(first.html).toContain('>Save changes</button>');
    expect(first.html).not.toContain('>Save draft</button>');
    const second = await renderAs(demoUsers.founder, `/client/startups/${KEY}/jobs/9/edit`, [live, expired]);
    expect(text(second.html)).toContain('has expired');
    expect(second.html).toContain('>Repost job</button>');
    expect(second.html).not.toContain('id="job-title"');
  });

  it('answers 404 for a job the path does not name well or the startup does not have', async () => {
    expect((await renderAs(demoUsers.founder, `/client/startups/${KEY}/jobs/abc/edit`)).response.status).toBe(404);
    expect((await renderAs(demoUsers.founder, `/client/startups/${KEY}/jobs/99/edit`)).response.status).toBe(404);
  });
});
