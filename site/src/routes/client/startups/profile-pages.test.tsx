/** The startup profile pages of issue #11 as the server renders them: who gets them, and what they show first. */
import type { User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import { createFakeApi, demoUsers } from '../../../testing/fixtures';

async function renderAs(user: User | null, path: string) {
  const { api, requests } = createFakeApi({ account: { user } });
  const response = await render(new Request(`http://nordlys.test${path}`), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), requests };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('/client/startups/new', () => {
  it('is the form for a signed-in user, with no "later release" left', async () => {
    const { response, html } = await renderAs(demoUsers.newbie, '/client/startups/new');
    expect(response.status).toBe(200);
    expect(html).toContain('<label for="startup-name" id="startup-name-label">Name of the startup');
    expect(text(html)).toContain('Your page address follows from the name.');
    expect(html).toContain('>Create startup</button>');
    expect(text(html)).not.toMatch(/later release/i);
  });

  it('sends a signed-out visitor to sign in and come back', async () => {
    const { response } = await renderAs(null, '/client/startups/new');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?to=%2Fclient%2Fstartups%2Fnew');
  });
});

describe('/client/startups/{company}/edit', () => {
  it('shows a draft what is missing, in the required order, and holds back "Submit for review"', async () => {
    const { response, html } = await renderAs(demoUsers.draft, '/client/startups/draft-startup/edit');
    expect(response.status).toBe(200);
    const page = text(html);
    expect(page).toContain('Finish your profile');
    expect(page).toMatch(/Still missing before you can submit: Website Logo What we do At least one country At least one industry Number of employees/);
    expect(html).toMatch(/<button type="button" class="button button--primary" aria-disabled="true"[^>]*>Submit for review<\/button>/);
    // Every section of the form, and the required fields marked.
    for (const section of ['Basics', 'Images', 'About', 'Team', 'Locations', 'Company facts', 'Perks', 'Impact', 'Key figures']) {
      expect(html).toContain(`>${section}</h2>`);
    }
    expect(html).toMatch(/id="website"[^>]*aria-required="true"|aria-required="true"[^>]*id="website"/);
    expect(page).not.toMatch(/later release/i);
  });
});

describe('/client/reviews', () => {
  it('lists the queue for an admin: name, website, members, submitted time, preview, approve and send back', async () => {
    const { response, html, requests } = await renderAs(demoUsers.admin, '/client/reviews');
    expect(response.status).toBe(200);
    expect(requests.some((r) => r.path === 'admin/reviews')).toBe(true);
    const page = text(html);
    expect(html).toContain('<h1 tabindex="-1">Reviews</h1>');
    expect(page).toContain('Draft Startup');
    expect(page).toContain('http://draft-startup.dk');
    expect(page).toContain('Jonas Berg ( draft@nordlys.test )');
    expect(page).toMatch(/Submitted (1 hour ago|an hour ago)/);
    expect(html).toContain('href="/startups/draft-startup"');
    expect(page).toContain('Approve Draft Startup');
    expect(page).toContain('Send back Draft Startup');
  });

  it('does not exist for anyone else, and sends a signed-out visitor to sign in', async () => {
    for (const user of [demoUsers.founder, demoUsers.talent]) {
      const { response, requests } = await renderAs(user, '/client/reviews');
      expect(response.status, user.email).toBe(404);
      expect(requests.some((r) => r.path === 'admin/reviews')).toBe(false);
    }
    const { response } = await renderAs(null, '/client/reviews');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?to=%2Fclient%2Freviews');
  });
});

describe('/startups/{key}/welcome', () => {
  it("gives a member the next steps, each linking to a page that exists", async () => {
    const key = demoUsers.founder.companies[0]!.key;
    const { response, html } = await renderAs(demoUsers.founder, `/startups/${key}/welcome`);
    expect(response.status).toBe(200);
    expect(text(html)).toContain(`Welcome to Nordlys, ${demoUsers.founder.companies[0]!.name}!`);
    expect(html).toContain(`href="/client/startups/${key}/edit"`);
    expect(html).toContain(`href="/client/startups/${key}/jobs"`);
    expect(html).toContain(`href="/client/startups/${key}"`);
  });

  it('is a 404 for a signed-in non-member and asks a signed-out visitor to sign in', async () => {
    const key = demoUsers.founder.companies[0]!.key;
    expect((await renderAs(demoUsers.talent, `/startups/${key}/welcome`)).response.status).toBe(404);
    const { response } = await renderAs(null, `/startups/${key}/welcome`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/?to=${encodeURIComponent(`/startups/${key}/welcome`)}`);
  });
});
