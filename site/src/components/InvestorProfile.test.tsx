// @vitest-environment happy-dom
import type { Investor } from '@nordlys/sdk/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BackedBy, backersText } from './InvestorBadge';
import { InvestorCard, introText } from './InvestorCard';
import { contactLink, InvestorProfile } from './InvestorProfile';

afterEach(cleanup);

function renderIn(element: ReactNode) {
  return render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

const fjord: Investor = {
  id: 1,
  key: 'fjord-ventures',
  name: 'Fjord Ventures',
  category: 'VENTURE_CAPITAL',
  logoImage: null,
  intro: '<p>We back <em>ambitious</em> Nordic founders &amp; their teams.</p>',
  countryCodes: ['DK'],
  industries: ['fintech', 'ai', 'saas', 'cleantech'],
  status: 'ACTIVE',
  investmentRanges: ['100k-1m'],
  markets: ['nordics'],
  typeKeywords: [],
  contactEmail: 'hello@fjord.example',
  smallImage: null,
  coverImage: null,
  keyPeople: [{ name: 'Ingrid Solberg', title: 'Managing Partner', image: null }],
  investments: [
    { id: 1, company: { key: 'northwind-labs', name: 'Northwind Labs', logoImage: null }, name: 'Northwind Labs', website: null },
    { id: 2, company: null, name: 'Kelpie Robotics', website: 'kelpie.example' },
    { id: 3, company: null, name: 'Quiet Deal', website: null },
  ],
  website: 'https://fjord.example',
  contactPreference: 'WEBSITE',
  views: 10,
  platform: { nordlys: true },
};

describe('InvestorProfile', () => {
  it('shows the intro as HTML, what it invests in, key people and one h1', () => {
    renderIn(<InvestorProfile investor={fjord} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Fjord Ventures']);
    expect(within(screen.getByRole('region', { name: 'About Fjord Ventures' })).getByText('ambitious').tagName).toBe('EM');
    const focus = screen.getByRole('region', { name: 'Investment focus' }).textContent;
    expect(focus).toContain('€100k–1M');
    expect(focus).toContain('Nordics, Denmark');
    expect(focus).toContain('Fintech, AI, SaaS, Cleantech');
    expect(within(screen.getByRole('region', { name: 'Key people' })).getByText('Managing Partner')).toBeTruthy();
  });

  it('links portfolio startups on the site to their pages, others to their website or not at all', () => {
    renderIn(<InvestorProfile investor={fjord} />);
    const portfolio = within(screen.getByRole('region', { name: 'Portfolio' }));
    expect(portfolio.getByRole('link', { name: /Northwind Labs/ }).getAttribute('href')).toBe('/startups/northwind-labs');
    expect(portfolio.getByRole('link', { name: /Kelpie Robotics/ }).getAttribute('href')).toBe('http://kelpie.example');
    expect(portfolio.getByText('Quiet Deal').closest('a')).toBeNull();
  });

  it('has the contact button of the contact preference', () => {
    renderIn(<InvestorProfile investor={fjord} />);
    const website = screen.getByRole('link', { name: /Contact Fjord Ventures/ });
    expect(website.getAttribute('href')).toBe('https://fjord.example');
    expect(website.getAttribute('target')).toBe('_blank');
    cleanup();
    renderIn(<InvestorProfile investor={{ ...fjord, contactPreference: 'EMAIL' }} />);
    const email = screen.getByRole('link', { name: /Contact Fjord Ventures/ });
    expect(email.getAttribute('href')).toBe('mailto:hello@fjord.example');
    expect(email.getAttribute('target')).toBeNull();
    expect(contactLink({ contactPreference: 'EMAIL', contactEmail: null, website: 'fjord.example' })).toEqual({ href: 'http://fjord.example', external: true });
    expect(contactLink({ contactPreference: 'WEBSITE', contactEmail: null, website: null })).toBeNull();
  });

  it('shows the preview banner for a draft, and the Edit link on its own profile page', () => {
    const draft: Investor = { ...fjord, status: 'DRAFT', manage: { submittedAt: new Date().toISOString(), reviewNote: null } };
    renderIn(<InvestorProfile investor={draft} preview editHref="/client/investors/fjord-ventures/edit" />);
    const banner = screen.getByRole('note', { name: 'Preview' });
    expect(banner.textContent).toContain('Preview: this page is not public yet.');
    expect(banner.textContent).toContain('waiting for an administrator’s review');
    cleanup();
    renderIn(<InvestorProfile investor={fjord} editHref="/client/investors/fjord-ventures/edit" />);
    expect(screen.queryByRole('note', { name: 'Preview' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/client/investors/fjord-ventures/edit');
  });
});

describe('InvestorCard', () => {
  it('links the name to /funding/{key} and shows the category, a short plain intro and the industries', () => {
    renderIn(<InvestorCard investor={fjord} />);
    expect(screen.getByRole('link', { name: 'Fjord Ventures' }).getAttribute('href')).toBe('/funding/fjord-ventures');
    expect(screen.getByText('Venture capital')).toBeTruthy();
    expect(screen.getByText('We back ambitious Nordic founders & their teams.')).toBeTruthy();
    const industries = within(screen.getByRole('list', { name: 'Industries' })).getAllByRole('listitem');
    expect(industries.map((li) => li.textContent)).toEqual(['Fintech', 'AI', 'SaaS', '+1 more']);
  });

  it('cuts a long intro on a word', () => {
    const text = introText(`<p>${'Nordic '.repeat(40)}</p>`);
    expect(text.length).toBeLessThanOrEqual(140);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('Backed by', () => {
  it('names two backers and counts the rest on cards', () => {
    expect(backersText([{ name: 'A' }])).toBe('A');
    expect(backersText([{ name: 'A' }, { name: 'B' }])).toBe('A and B');
    expect(backersText([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }])).toBe('A, B and 2 more');
  });

  it('links each backer to its page on the job page', () => {
    renderIn(<BackedBy backers={[{ key: 'fjord-ventures', name: 'Fjord Ventures' }, { key: 'saga-capital', name: 'Saga Capital' }]} />);
    expect(screen.getByText(/Backed by/).textContent).toBe('Backed by Fjord Ventures and Saga Capital');
    expect(screen.getByRole('link', { name: 'Saga Capital' }).getAttribute('href')).toBe('/funding/saga-capital');
    cleanup();
    const { container } = renderIn(<BackedBy backers={[]} />);
    expect(container.textContent).toBe('');
  });
});
