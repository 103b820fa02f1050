// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { frontendJob, remoteJob, summary } from '../testing/fixtures';
import { JobCard } from './JobCard';

afterEach(cleanup);

function renderCard(job = summary(frontendJob)) {
  const router = createMemoryRouter([{ path: '/', element: <JobCard job={job} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('JobCard', () => {
  it('links the title to the job and shows company, location, type, categories and the posted date', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'Senior Frontend Engineer' });
    expect(link.getAttribute('href')).toBe('/jobs/1');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Senior Frontend Engineer');
    expect(screen.getByText('Aurora Labs')).toBeTruthy();
    expect(screen.getByText(/Copenhagen, Denmark/)).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Job type and categories' }));
    expect(chips.getByText('Full-time')).toBeTruthy();
    expect(chips.getByText('Frontend')).toBeTruthy();
    const time = screen.getByText(/^Posted /);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toMatch(/^\d{1,2} \w+ \d{4}$/);
    // Boosted: the featured marker; no logo image: a monogram.
    expect(screen.getByText('Featured')).toBeTruthy();
    expect(screen.getByText('AL').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the Remote chip and the logo image, and no featured marker when not boosted', () => {
    const { container } = renderCard(summary(remoteJob));
    expect(within(screen.getByRole('list', { name: 'Job type and categories' })).getByText('Remote')).toBeTruthy();
    expect(screen.queryByText('Featured')).toBeNull();
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/images/thumbnail/fjord.png');
    expect(img?.getAttribute('alt')).toBe('');
  });

  it('says which listed investors back the startup, and nothing when none do', () => {
    const backed = summary(frontendJob);
    const backers = [
      { key: 'fjord-ventures', name: 'Fjord Ventures' },
      { key: 'aurora-capital', name: 'Aurora Capital' },
      { key: 'saga-capital', name: 'Saga Capital' },
    ];
    renderCard({ ...backed, company: { ...backed.company, backedBy: backers } });
    expect(screen.getByText('Backed by Fjord Ventures, Aurora Capital and 1 more')).toBeTruthy();
    cleanup();
    renderCard({ ...backed, company: { ...backed.company, backedBy: backers.slice(0, 2) } });
    expect(screen.getByText('Backed by Fjord Ventures and Aurora Capital')).toBeTruthy();
    cleanup();
    renderCard(backed);
    expect(screen.queryByText(/Backed by/)).toBeNull();
  });

  it('keeps category colours off the text', () => {
    const { container } = renderCard();
    const chip = container.querySelector<HTMLElement>('.chip--category')!;
    expect(chip.style.getPropertyValue('--chip-accent')).toBe('#5b8def');
    expect(chip.style.color).toBe('');
  });
});
