// @vitest-environment happy-dom
import type { Company, Image } from '@nordlys/sdk/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { auroraLabs, frontendJob, summary } from '../testing/fixtures';
import { StartupProfile, type StartupProfileProps } from './StartupProfile';

afterEach(cleanup);

const image = (name: string): Image => ({
  path: `${name}.webp`,
  sizes: {
    large: `/images/large/${name}.webp`,
    cover: `/images/cover/${name}.webp`,
    thumbnail: `/images/thumbnail/${name}.webp`,
    listing: `/images/listing/${name}.webp`,
    portrait: `/images/portrait/${name}.webp`,
    social: `/images/social/${name}.webp`,
  },
});

const full: Company = {
  ...auroraLabs,
  logoImage: image('logo'),
  coverImage: image('cover'),
  galleryImages: [image('office'), image('team-day')],
  whatWeDo: '<p>We forecast the <strong>northern lights</strong>.</p>',
  perks: ['coffee', 'gym', 'sauna-fridays'],
  keyFigures: [{ name: 'users', value: '40k' }],
  industries: ['saas', 'ai'],
  sdgs: ['13'],
  addresses: [{ countryCode: 'DK', address: 'Nørrebrogade 1, 2200 København' }, { countryCode: 'SE', address: null }],
  foundedYear: 2021,
  numberOfEmployees: '11-50',
  fundingStage: 'seed',
  businessModel: 'b2b',
  team: [{ name: 'Freja Holm', title: 'CEO', image: image('freja') }],
  investors: [
    { key: 'north-ventures', name: 'North Ventures', website: null, category: 'VENTURE_CAPITAL', logoImage: image('north') },
    { key: null, name: 'Ingrid Angel', website: 'ingrid.example', category: 'ANGEL' },
    { key: null, name: 'Friends & family', website: null, category: null },
  ],
};

function renderProfile(props: Partial<StartupProfileProps> = {}) {
  const job = summary(frontendJob);
  const backed = { ...job, company: { ...job.company, backedBy: [{ key: 'north-ventures', name: 'North Ventures' }] } };
  const router = createMemoryRouter([{ path: '/', element: <StartupProfile company={full} jobs={[backed]} {...props} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('StartupProfile', () => {
  it('shows the cover, logo and gallery at their sizes: above the fold at once, the rest lazily', () => {
    const { container } = renderProfile();
    const cover = container.querySelector<HTMLImageElement>('img.profile-cover')!;
    expect(cover.getAttribute('srcset')).toBe('/images/listing/cover.webp 1200w, /images/cover/cover.webp 1600w');
    expect([cover.getAttribute('width'), cover.getAttribute('height'), cover.getAttribute('loading')]).toEqual(['1600', '900', 'eager']);
    const logo = container.querySelector('.startup-head img.company-logo')!;
    expect([logo.getAttribute('src'), logo.getAttribute('loading')]).toEqual(['/images/thumbnail/logo.webp', 'eager']);
    const gallery = within(screen.getByRole('region', { name: 'Life at Aurora Labs' })).getAllByRole('img');
    expect(gallery.map((img) => img.getAttribute('alt'))).toEqual(['Aurora Labs, picture 1 of 2', 'Aurora Labs, picture 2 of 2']);
    for (const img of gallery) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('srcset')).toContain('/images/cover/');
      expect(img.getAttribute('width')).toBe('1600');
    }
    // Every image has its dimensions (no layout shift).
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('width'), img.outerHTML).toBeTruthy();
  });

  it('renders what it does as HTML, and plain text with its line breaks', () => {
    renderProfile();
    const section = screen.getByRole('region', { name: 'What we do' });
    expect(within(section).getByText('northern lights').tagName).toBe('STRONG');
    cleanup();
    const router = createMemoryRouter([
      { path: '/', element: <StartupProfile company={{ ...full, whatWeDo: 'Line one\nLine two with 3 &lt; 4 &amp; more' }} jobs={[]} /> },
    ]);
    render(<RouterProvider router={router} />);
    const text = screen.getByRole('region', { name: 'What we do' }).querySelector('.prose--text')!;
    expect(text.textContent).toBe('Line one\nLine two with 3 < 4 & more');
    expect(text.children).toHaveLength(0);
  });

  it('names perks with their icons, key figures, facts, industries, SDGs and offices in words', () => {
    renderProfile();
    const perks = within(screen.getByRole('region', { name: 'Perks' }));
    expect(perks.getByText('Great coffee')).toBeTruthy();
    expect(perks.getByText('Gym membership')).toBeTruthy();
    // A perk the vocabulary does not know is made readable, with the check icon, as on the job page (PerkList).
    expect(perks.getByText('Sauna fridays')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Key figures' })).getByText('Users').nextElementSibling?.textContent).toBe('40k');
    const glance = within(screen.getByRole('region', { name: 'At a glance' }));
    for (const text of ['2021', '11–50', 'Seed', 'B2B']) expect(glance.getByText(text)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Industries' })).getByText('SaaS')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sustainable Development Goals' }).textContent).toContain('Goal 13: Climate action');
    const offices = screen.getByRole('region', { name: 'Offices' });
    expect(offices.textContent).toContain('Nørrebrogade 1, 2200 København');
    // A country without an address is in the head's facts, not under offices.
    expect(offices.textContent).not.toContain('Sweden');
  });

  it('shows investors as badges: linked ones to /funding/{key} with their logo, own ones to their website or as text', () => {
    renderProfile();
    const investors = within(screen.getByRole('region', { name: 'Investors' }));
    const north = investors.getByRole('link', { name: /North Ventures/ });
    expect(north.getAttribute('href')).toBe('/funding/north-ventures');
    expect(north.querySelector('img')?.getAttribute('src')).toBe('/images/thumbnail/north.webp');
    expect(north.textContent).toContain('Venture capital');
    const ingrid = investors.getByRole('link', { name: /Ingrid Angel/ });
    expect(ingrid.getAttribute('href')).toBe('http://ingrid.example');
    expect(investors.getByText('Friends & family').closest('a')).toBeNull();
  });

  it('lists the open jobs without repeating "Backed by" on its own page', () => {
    renderProfile();
    const jobs = within(screen.getByRole('region', { name: 'Open jobs at Aurora Labs' }));
    expect(jobs.getByRole('link', { name: 'Senior Frontend Engineer' })).toBeTruthy();
    expect(jobs.queryByText(/Backed by/)).toBeNull();
  });

  it('has one h1, no preview banner when public, and the Edit link only where it is given', () => {
    renderProfile();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Aurora Labs']);
    expect(screen.queryByText(/Preview/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
    cleanup();
    renderProfile({ editHref: '/client/startups/aurora-labs/edit' });
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/client/startups/aurora-labs/edit');
  });

  it('shows the preview banner with the review state to members of a startup that is not public', () => {
    const draft: Company = { ...full, status: 'DRAFT', manage: { submittedAt: null, reviewNote: 'Add a real logo, please.', careersDomain: null, careersDomainClaim: null, applicationsEmail: null, connectUrl: null } };
    const router = createMemoryRouter([
      { path: '/', element: <StartupProfile company={draft} jobs={[]} preview editHref="/client/startups/aurora-labs/edit" /> },
    ]);
    render(<RouterProvider router={router} />);
    const banner = screen.getByRole('note', { name: 'Preview' });
    expect(banner.textContent).toContain('Preview: this page is not public yet.');
    expect(banner.textContent).toContain('An administrator sent it back. The reason: “Add a real logo, please.”');
    expect(within(banner).getByRole('link', { name: 'Edit the profile' }).getAttribute('href')).toBe('/client/startups/aurora-labs/edit');
  });
});
