// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createApi } from '@nordlys/sdk/api';
import type { Job } from '@nordlys/sdk/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../modals/useApi';
import { frontendJob } from '../testing/fixtures';
import { ApplyAction, applyTarget, HowToApply } from './ApplyAction';

afterEach(cleanup);

/** Renders `ui` over an Api whose fetch records each request and answers 204. */
function renderWithApi(ui: React.ReactNode) {
  const sent: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return new Response(null, { status: 204 });
  });
  const api = createApi({ baseUrl: 'http://test/api/', fetch });
  render(<ApiProvider api={api}>{ui}</ApiProvider>);
  return { sent, fetch };
}

const withApply = (apply: Job['apply'], website: string | null = 'auroralabs.example'): Job => ({ ...frontendJob, apply, company: { ...frontendJob.company, website } });

/** Clicks without letting happy-dom follow the link. */
function clickWithoutLeaving(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault(), { once: true });
  fireEvent.click(link);
}

async function clicksSent(sent: Request[]) {
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
  return Promise.all(sent.map(async (r) => ({ method: r.method, url: r.url, body: await r.text() })));
}

describe('ApplyAction', () => {
  it('links an apply-by-URL job to its page in a new tab and counts the click', async () => {
    const job = withApply({ method: 'url', url: 'https://jobs.auroralabs.example/apply/42', email: null });
    const { sent } = renderWithApi(<ApplyAction job={job} />);
    const link = screen.getByRole('link', { name: 'Apply for this job (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://jobs.auroralabs.example/apply/42');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    clickWithoutLeaving(link);
    expect(await clicksSent(sent)).toEqual([{ method: 'POST', url: `http://test/api/jobs/${job.id}/apply-click`, body: '{"surface":"site"}' }]);
  });

  it('opens an e-mail to an apply-by-e-mail job with the subject filled in, and counts the click', async () => {
    const job = withApply({ method: 'email', url: null, email: 'jobs@auroralabs.example' });
    const { sent } = renderWithApi(<ApplyAction job={job} />);
    const link = screen.getByRole('link', { name: 'Apply for this job (opens your e-mail app)' });
    expect(link.getAttribute('href')).toBe(`mailto:jobs@auroralabs.example?subject=${encodeURIComponent(`Application: ${job.title}`)}`);
    expect(link.getAttribute('target')).toBeNull();
    clickWithoutLeaving(link);
    expect(await clicksSent(sent)).toHaveLength(1);
  });

  it('keeps the apply-on-Nordlys behaviour (the startup website, else the How to apply box) and counts it too', async () => {
    const job = withApply({ method: 'nordlys', url: null, email: null });
    const { sent } = renderWithApi(<ApplyAction job={job} />);
    const link = screen.getByRole('link', { name: 'Apply for this job (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('http://auroralabs.example');
    // A middle click opens it too: counted.
    link.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(await clicksSent(sent)).toHaveLength(1);
    expect(applyTarget(withApply({ method: 'nordlys', url: null, email: null }, null))).toEqual({ kind: 'on-page', href: '#apply' });
    // Jobs saved before the form have no `apply`: the same.
    expect(applyTarget(withApply(undefined, null))).toEqual({ kind: 'on-page', href: '#apply' });
  });

  it('still follows the link when counting fails', async () => {
    const job = withApply({ method: 'url', url: 'https://jobs.auroralabs.example/apply', email: null });
    const api = createApi({ baseUrl: 'http://test/api/', fetch: async () => Promise.reject(new TypeError('offline')) });
    render(
      <ApiProvider api={api}>
        <ApplyAction job={job} />
      </ApiProvider>,
    );
    const link = screen.getByRole('link', { name: /Apply for this job/ });
    let followed = false;
    link.addEventListener('click', (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    });
    fireEvent.click(link);
    expect(followed).toBe(true);
  });
});

describe('HowToApply', () => {
  it('explains each way of applying, with its own counted button', () => {
    renderWithApi(<HowToApply job={withApply({ method: 'url', url: 'www.auroralabs.example/careers', email: null })} productName="Nordlys" />);
    expect(screen.getByText('Apply on auroralabs.example and mention you found the job on Nordlys.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply on their site (opens in a new tab)' }).getAttribute('href')).toBe('http://www.auroralabs.example/careers');
    cleanup();

    renderWithApi(<HowToApply job={withApply({ method: 'email', url: null, email: 'jobs@auroralabs.example' })} productName="Nordlys" />);
    expect(screen.getByText('jobs@auroralabs.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply by e-mail (opens your e-mail app)' }).getAttribute('href')).toMatch(/^mailto:jobs@auroralabs\.example\?subject=/);
    cleanup();

    renderWithApi(<HowToApply job={withApply({ method: 'nordlys', url: null, email: null }, null)} productName="Nordlys" />);
    expect(screen.getByText(/Applying through Nordlys opens soon/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
