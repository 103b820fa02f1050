import type { User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import { createFakeApi, demoUsers, type FakeAccount } from '../testing/fixtures';

async function htmlOf(user: User | null, path: string, more: Partial<FakeAccount> = {}) {
  const { api } = createFakeApi({ account: { user, ...more } });
  const response = await render(new Request(`http://nordlys.test${path}`), {
    api: () => api,
    productName: 'Nordlys',
    origin: 'http://nordlys.test',
    assets: { scripts: [], styles: [] },
  });
  return response.text();
}

const BANNER = 'Connect Northwind Labs to LinkedIn';

describe('the connect banner (spec 2.9)', () => {
  it('shows a company user without a connection on /startups/join, /pricing and the dashboard only', async () => {
    for (const path of ['/startups/join', '/pricing', '/client/startups/northwind-labs']) {
      const html = await htmlOf(demoUsers.founder, path);
      expect(html, path).toContain(BANNER);
      expect(html, path).toContain('and import your jobs for free.');
      expect(html, path).toContain('<aside class="connect-banner" aria-labelledby="connect-banner-title">');
    }
    for (const path of ['/', '/jobs', '/startups', '/client/', '/client/startups/northwind-labs/jobs', '/investors/join']) {
      expect(await htmlOf(demoUsers.founder, path), path).not.toContain('connect-banner');
    }
  });

  it('hides on the dashboard when the company record has a linkedinId', async () => {
    const connected = { linkedinConnected: ['northwind-labs'] };
    expect(await htmlOf(demoUsers.founder, '/client/startups/northwind-labs', connected)).not.toContain('connect-banner');
    // Pages that do not load the company cannot know: the banner shows there.
    expect(await htmlOf(demoUsers.founder, '/startups/join', connected)).toContain(BANNER);
  });

  it('never shows for logged-out visitors, investors or applicants', async () => {
    for (const user of [null, demoUsers.investor, demoUsers.talent, demoUsers.newbie]) {
      for (const path of ['/startups/join', '/pricing']) {
        expect(await htmlOf(user, path), `${user?.email ?? 'logged out'} ${path}`).not.toContain('connect-banner');
      }
    }
  });
});
