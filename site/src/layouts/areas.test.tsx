import { profileCookieValue } from '@nordlys/sdk/profiles';
import type { User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import { createFakeApi, demoUsers, type FakeAccount } from '../testing/fixtures';

/** Server-renders `path` for `user` (null: logged out), as the server entry answers a browser. */
async function renderAs(user: User | null, path: string, more: Partial<FakeAccount> = {}, cookie?: string, init: RequestInit = {}) {
  const account: FakeAccount = { user, ...more };
  const { api, requests } = createFakeApi({ account });
  const headers: Record<string, string> = cookie ? { cookie: `user.profile=${cookie}` } : {};
  const response = await render(new Request(`http://nordlys.test${path}`, { headers, ...init }), {
    api: () => api,
    productName: 'Nordlys',
    origin: 'http://nordlys.test',
    assets: { scripts: [], styles: [] },
  });
  const html = await response.text();
  return { response, html, requests, account };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('guards on the server (spec 2.12): a redirect before any HTML', () => {
  it("sends a logged-out visitor from /client/my-jobs to '/?to=%2Fclient%2Fmy-jobs'", async () => {
    const { response, html } = await renderAs(null, '/client/my-jobs');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?to=%2Fclient%2Fmy-jobs');
    expect(html).toBe('');
  });

  it('keeps the query in the sign-in redirect of every guarded area', async () => {
    for (const path of ['/client/', '/client/startups/northwind-labs/jobs?page=2', '/client/investors/fjord-ventures', '/client/followed-startups']) {
      const { response } = await renderAs(null, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(`/?${new URLSearchParams({ to: path })}`);
    }
  });

  it("sends founder@ (Northwind Labs) from another startup's admin pages to '/client/'", async () => {
    for (const path of ['/client/startups/draft-startup', '/client/startups/draft-startup/jobs']) {
      const { response } = await renderAs(demoUsers.founder, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe('/client/');
    }
  });

  it('sends draft@ from the jobs of its DRAFT startup to its edit page, and lets the edit page render', async () => {
    const jobs = await renderAs(demoUsers.draft, '/client/startups/draft-startup/jobs');
    expect(jobs.response.status).toBe(302);
    expect(jobs.response.headers.get('location')).toBe('/client/startups/draft-startup/edit');
    const dashboard = await renderAs(demoUsers.draft, '/client/startups/draft-startup');
    expect(dashboard.response.headers.get('location')).toBe('/client/startups/draft-startup/edit');

    const edit = await renderAs(demoUsers.draft, '/client/startups/draft-startup/edit');
    expect(edit.response.status).toBe(200);
    expect(edit.html).toContain('<h1>Edit startup profile</h1>');
    expect(text(edit.html)).toContain('Draft Startup is a draft. Finish its profile to publish it and post jobs.');
    expect(edit.html).toContain('<title>Edit startup profile · Draft Startup | Nordlys</title>');
  });

  it('lets an admin into any startup and investor admin area', async () => {
    for (const path of [
      '/client/',
      '/client/startups/northwind-labs',
      '/client/startups/northwind-labs/jobs',
      '/client/startups/northwind-labs/edit',
      '/client/startups/draft-startup/jobs',
      '/client/investors/fjord-ventures',
      '/client/investors/fjord-ventures/settings',
    ]) {
      const { response } = await renderAs(demoUsers.admin, path);
      expect(response.status, path).toBe(200);
    }
    const { html } = await renderAs(demoUsers.admin, '/client/startups/northwind-labs');
    expect(html).toContain('<h1>Northwind Labs</h1>');
    expect(text(html)).toContain('You are viewing this startup as an admin.');
  });

  it('lets members into their own areas', async () => {
    expect((await renderAs(demoUsers.founder, '/client/startups/northwind-labs/jobs')).response.status).toBe(200);
    expect((await renderAs(demoUsers.investor, '/client/investors/fjord-ventures/edit')).response.status).toBe(200);
    expect((await renderAs(demoUsers.talent, '/client/my-jobs')).response.status).toBe(200);
    expect((await renderAs(demoUsers.talent, '/client/applicant/settings')).response.status).toBe(200);
  });

  it("sends a non-member from an investor's admin area to /investors/join", async () => {
    const { response } = await renderAs(demoUsers.founder, '/client/investors/fjord-ventures');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/investors/join');
  });

  it("sends a user without an applicant profile from the applicant area to '/'", async () => {
    const { response } = await renderAs(demoUsers.founder, '/client/my-jobs');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('lets an investor see their followed startups (auth only)', async () => {
    const { response, html } = await renderAs(demoUsers.investor, '/client/followed-startups');
    expect(response.status).toBe(200);
    expect(html).toContain('<h1>Followed startups</h1>');
    expect(text(html)).toContain('Startups you follow will appear here');
  });

  it("follows the 'to' query at once when logged in", async () => {
    const { response } = await renderAs(demoUsers.founder, '/?to=%2Fclient%2Fstartups%2Fnorthwind-labs');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/client/startups/northwind-labs');
    // Never to another site, and a malformed target is no error: the page shows, without a redirect.
    for (const to of ['%2F%2Fevil.example', '/%09/evil.test', '/%5Cevil.test', '/%0a/x', '/%0d%0aSet-Cookie:x=1', 'javascript:alert(1)']) {
      const away = await renderAs(demoUsers.founder, `/?to=${to}`);
      expect(away.response.status, to).toBe(200);
      expect(away.response.headers.get('location'), to).toBeNull();
    }
  });

  it('answers 404 inside a guarded area for a startup that does not exist (admin)', async () => {
    const { response, html } = await renderAs(demoUsers.admin, '/client/startups/no-such-startup');
    expect(response.status).toBe(404);
    expect(html).toContain('Page not found');
  });
});

describe('/client/applicant?create=1 on the server', () => {
  it('asks before creating anything: a GET shows the confirmation, a form that posts without JS', async () => {
    const { response, html, requests } = await renderAs(demoUsers.newbie, '/client/applicant?create=1');
    expect(response.status).toBe(200);
    expect(requests.some((r) => r.path === 'applicant')).toBe(false);
    expect(html).toContain('<h1 id="page-title">Create your talent profile</h1>');
    const form = /<form([^>]*)>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[1]).toContain('action="/client/applicant?create=1"');
    expect(form?.[1]).toContain('method="post"');
    expect(form?.[2]).toMatch(/<button type="submit"[^>]*>Create my talent profile<\/button>/);
    expect(html).toContain('<title>Create your talent profile | Nordlys</title>');
  });

  it('creates the applicant profile on the form POST, selects it in the cookie and redirects to the welcome page', async () => {
    const { response, requests, account } = await renderAs(demoUsers.newbie, '/client/applicant?create=1', {}, undefined, {
      method: 'POST',
      body: new URLSearchParams(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/client/applicant?welcome=1');
    expect(requests.filter((r) => r.method === 'POST' && r.path === 'applicant')).toHaveLength(1);
    const cookie = profileCookieValue({ type: 'applicant', key: String(demoUsers.newbie.id) });
    expect(response.headers.get('set-cookie')).toBe(`user.profile=${cookie}; Path=/; SameSite=Lax; Max-Age=31536000`);

    // The next request: the welcome state, and the header of the applicant profile.
    const welcome = await renderAs(account.user, '/client/applicant?welcome=1', {}, cookie);
    expect(welcome.response.status).toBe(200);
    expect(welcome.html).toContain('<h1 id="page-title">Welcome, Elin!</h1>');
    expect(text(welcome.html)).toContain('Your talent profile is ready.');
    expect(welcome.html).toContain('href="/client/my-jobs"');
    expect(welcome.html).toContain('href="/client/followed-startups"');
  });

  it('creates nothing for a user who already has one, and shows the overview', async () => {
    const posted = await renderAs(demoUsers.talent, '/client/applicant?create=1', {}, undefined, { method: 'POST', body: new URLSearchParams() });
    expect(posted.response.status).toBe(302);
    expect(posted.response.headers.get('location')).toBe('/client/applicant');
    expect(posted.requests.some((r) => r.path === 'applicant')).toBe(false);
    const { response, html, requests } = await renderAs(demoUsers.talent, '/client/applicant?create=1');
    expect(response.status).toBe(200);
    expect(requests.some((r) => r.method === 'POST' && r.path === 'applicant')).toBe(false);
    const page = text(html);
    expect(html).toContain('<h1 id="page-title">Your talent profile</h1>');
    // The talent profile form (issue #13), filled in from what the account knows when GET applicant has none.
    expect(html).toMatch(/<input[^>]*id="talent-headline"[^>]*value="Frontend engineer who likes maps"/);
    expect(html).toMatch(/<option value="DK" selected="">Denmark<\/option>/);
    expect(page).toContain('Denmark');
    expect(page).toContain('Frontend');
    expect(page).toContain('Design');
    expect(html).toContain('href="/client/my-jobs"');
    expect(html).toContain('href="/client/applicant/settings"');
  });

  it("sends a user without an applicant profile and without create=1 to '/', and a logged-out POST to sign in", async () => {
    const { response } = await renderAs(demoUsers.newbie, '/client/applicant');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const posted = await renderAs(demoUsers.newbie, '/client/applicant', {}, undefined, { method: 'POST', body: new URLSearchParams() });
    expect(posted.response.headers.get('location')).toBe('/');
    expect(posted.requests.some((r) => r.path === 'applicant')).toBe(false);
    const loggedOut = await renderAs(null, '/client/applicant?create=1', {}, undefined, { method: 'POST', body: new URLSearchParams() });
    expect(loggedOut.response.status).toBe(302);
    expect(loggedOut.requests.some((r) => r.path === 'applicant')).toBe(false);
  });
});

describe('client-area pages on the server', () => {
  it('/client/ shows the profiles as cards with their links, or the choices without a profile', async () => {
    const multi = await renderAs(demoUsers.multi, '/client/');
    expect(multi.html).toContain('<h1>Your profiles</h1>');
    expect(multi.html).toContain('<title>Your profiles | Nordlys</title>');
    expect(multi.html).toContain('href="/client/startups/polar-robotics"');
    expect(multi.html).toContain('href="/client/investors/midnight-capital"');
    expect(multi.html).toContain('href="/client/applicant"');
    expect(text(multi.html)).toContain('Create a new profile');

    const newbie = await renderAs(demoUsers.newbie, '/client/');
    const page = text(newbie.html);
    expect(page).toContain("I'm looking for jobs");
    expect(newbie.html).toContain('href="/client/applicant?create=1"');
    expect(newbie.html).toContain('href="/startups/join"');
    expect(newbie.html).toContain('href="/investors/join"');
  });

  it('the startup dashboard shows the name, status and the admin pages', async () => {
    const { html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs');
    expect(html).toContain('<h1>Northwind Labs</h1>');
    expect(html).toContain('<title>Northwind Labs dashboard | Nordlys</title>');
    const page = text(html);
    expect(page).toContain('Status: Active');
    for (const page of ['jobs', 'applicants', 'edit', 'settings']) expect(html).toContain(`href="/client/startups/northwind-labs/${page}"`);
  });

  it('my-jobs renders the saved jobs on the server, with the tabs and unpressed toggles (issue #13)', async () => {
    const { html } = await renderAs(demoUsers.talent, '/client/my-jobs');
    expect(html).toContain('<h1>My jobs</h1>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/role="tablist" aria-label="My jobs"/);
    expect(html).toMatch(/id="my-jobs-tab-saved" role="tab"[^>]*aria-selected="true"/);
    // The saved job's card; the flags load in the browser, so the toggles start unpressed.
    expect(text(html)).toContain('Senior Frontend Engineer');
    expect(html).toMatch(/aria-pressed="false"[^>]*>.*?Save/);
    const applied = await renderAs(demoUsers.talent, '/client/my-jobs?tab=applied');
    expect(applied.html).toContain('id="application-31"');
    expect(text(applied.html)).toContain('In review');
  });

  it('my-jobs says what will appear there and links to jobs and startups when nothing is saved', async () => {
    const { html } = await renderAs(demoUsers.multi, '/client/my-jobs');
    expect(html).toContain('<h1>My jobs</h1>');
    expect(text(html)).toContain('No saved jobs yet');
    expect(text(html)).toContain('Jobs you save will appear here.');
    expect(html).toContain('href="/jobs"');
    expect(html).toContain('href="/startups"');
  });

  it('the join pages offer Sign up logged out and the next step logged in', async () => {
    const out = await renderAs(null, '/startups/join');
    expect(out.html).toContain('<h1>Hire for your startup</h1>');
    expect(out.html).toMatch(/<a href="\/emailsignup" class="button button--primary button--large">Sign up<\/a>/);

    const founder = await renderAs(demoUsers.founder, '/startups/join');
    expect(founder.html).toContain('href="/client/startups/northwind-labs"');
    expect(text(founder.html)).toContain('Create another startup profile');

    const newbie = await renderAs(demoUsers.newbie, '/investors/join');
    expect(newbie.html).toContain('<h1>For investors</h1>');
    expect(newbie.html).toContain('href="/client/investors/new"');
    expect(text(newbie.html)).toContain('Create your investor profile');
  });

  it('/dashboard leads to the client landing', async () => {
    const { response } = await renderAs(demoUsers.newbie, '/dashboard');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/client/');
  });
});

describe('caching', () => {
  it('marks a page rendered for a signed-in visitor private', async () => {
    const { response } = await renderAs(demoUsers.talent, '/jobs');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toBe('Cookie');
    const anonymous = await renderAs(null, '/jobs');
    expect(anonymous.response.headers.get('cache-control')).toBeNull();
  });
});
