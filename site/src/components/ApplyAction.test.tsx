// @vitest-environment happy-dom
import type { Job } from '@nordlys/sdk/schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { demoUsers, frontendJob } from '../testing/fixtures';
import { applyingApi, jsonAnswer, renderPage, sentApplication, talentProfile } from '../testing/applying';
import { ApplyAction, applyTarget, HowToApply, surfaceOf } from './ApplyAction';

afterEach(cleanup);

const withApply = (apply: Job['apply'], more: Partial<Job> = {}): Job => ({ ...frontendJob, apply, ...more });
const nordlysJob = withApply({ method: 'nordlys', url: null, email: null }, { screeningQuestions: ['Why Aurora Labs?'] });

/** Clicks without letting happy-dom follow the link. */
function clickWithoutLeaving(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault(), { once: true });
  fireEvent.click(link);
}

const clicks = (sent: (key: string) => unknown[], job: Job = nordlysJob) => sent(`POST jobs/${job.id}/apply-click`);
const applyDialog = () => screen.queryByRole('dialog', { name: /^Apply for / });

/** The job page's two apply parts, as /jobs/{id} renders them. */
const page = (job: Job) => (
  <>
    <ApplyAction job={job} />
    <HowToApply job={job} productName="Nordlys" />
  </>
);

function talentApi(more: Parameters<typeof applyingApi>[0] = {}) {
  return applyingApi({
    'POST jobs/1/apply-click': () => new Response(null, { status: 204 }),
    'GET applicant': () => jsonAnswer(talentProfile()),
    ...more,
  });
}

describe('ApplyAction: apply at a URL or by e-mail (counted links)', () => {
  it('links an apply-by-URL job to its page in a new tab and counts the click on the page surface', async () => {
    const job = withApply({ method: 'url', url: 'https://jobs.auroralabs.example/apply/42', email: null });
    const { api, sent } = talentApi();
    renderPage(<ApplyAction job={job} />, { user: null, api, path: '/jobs/1?surface=careers' });
    const link = screen.getByRole('link', { name: 'Apply for this job (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://jobs.auroralabs.example/apply/42');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    clickWithoutLeaving(link);
    await waitFor(() => expect(clicks(sent, job)).toEqual([{ surface: 'careers' }]));
  });

  it('opens an e-mail with the subject filled in, counts the click, and a middle click too', async () => {
    const job = withApply({ method: 'email', url: null, email: 'jobs@auroralabs.example' });
    const { api, sent } = talentApi();
    renderPage(<ApplyAction job={job} />, { user: null, api });
    const link = screen.getByRole('link', { name: 'Apply for this job (opens your e-mail app)' });
    expect(link.getAttribute('href')).toBe(`mailto:jobs@auroralabs.example?subject=${encodeURIComponent(`Application: ${job.title}`)}`);
    expect(link.getAttribute('target')).toBeNull();
    clickWithoutLeaving(link);
    link.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(clicks(sent, job)).toEqual([{ surface: 'site' }, { surface: 'site' }]));
  });

  it('still follows the link when counting fails', () => {
    const job = withApply({ method: 'url', url: 'https://jobs.auroralabs.example/apply', email: null });
    const { api } = applyingApi({ 'POST jobs/1/apply-click': () => Promise.reject(new TypeError('offline')) });
    renderPage(<ApplyAction job={job} />, { user: null, api });
    const link = screen.getByRole('link', { name: /Apply for this job/ });
    let followed = false;
    link.addEventListener('click', (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    });
    fireEvent.click(link);
    expect(followed).toBe(true);
  });

  it('explains each way in the How to apply box, with its own counted link', () => {
    const { api } = talentApi();
    renderPage(<HowToApply job={withApply({ method: 'url', url: 'www.auroralabs.example/careers', email: null })} productName="Nordlys" />, { user: null, api });
    expect(screen.getByText('Apply on auroralabs.example and mention you found the job on Nordlys.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply on their site (opens in a new tab)' }).getAttribute('href')).toBe('http://www.auroralabs.example/careers');
    cleanup();
    renderPage(<HowToApply job={withApply({ method: 'email', url: null, email: 'jobs@auroralabs.example' })} productName="Nordlys" />, { user: null, api });
    expect(screen.getByText('jobs@auroralabs.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply by e-mail (opens your e-mail app)' }).getAttribute('href')).toMatch(/^mailto:jobs@auroralabs\.example\?subject=/);
  });
});

describe('ApplyAction: quick apply on Nordlys', () => {
  it('takes applications on Nordlys when the job says so, and jobs without the setting too', () => {
    expect(applyTarget(nordlysJob)).toEqual({ kind: 'nordlys' });
    expect(applyTarget(withApply(undefined))).toEqual({ kind: 'nordlys' });
  });

  it('reads the surface of ?surface= when the server counts it, else the site', () => {
    expect(surfaceOf('?surface=widget')).toBe('widget');
    expect(surfaceOf('?apply=1&surface=careers')).toBe('careers');
    expect(surfaceOf('?surface=feed%3A12')).toBe('feed:12');
    for (const search of ['', '?surface=', '?surface=evil', '?surface=feed:0', '?surface=feed:x', '?ref=evil', '?ref=feed:3']) expect(surfaceOf(search), search).toBe('site');
    // The widget's links say ?ref=widget (the page's view is the widget's): so are its apply clicks and applications.
    expect(surfaceOf('?ref=widget')).toBe('widget');
    expect(surfaceOf('?ref=widget&surface=careers')).toBe('careers');
  });

  it('opens the dialog for a signed-in candidate, counts the click, and replaces the "opens soon" placeholder with the real action', async () => {
    const { api, sent } = talentApi();
    renderPage(page(nordlysJob), { user: demoUsers.talent, api });
    expect(screen.queryByText(/opens soon/)).toBeNull();
    expect(screen.getByText(/Apply on Nordlys in a minute/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Apply for this job' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    button.focus();
    await act(async () => fireEvent.click(button));
    const dialog = await waitFor(() => applyDialog()!);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(within(dialog).getByText('Sofie Kjær')).toBeTruthy());
    expect(within(dialog).getByText('Frontend engineer who loves design systems')).toBeTruthy();
    expect(clicks(sent)).toEqual([{ surface: 'site' }]);

    // Escape closes it, and focus returns to the button that opened it.
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(applyDialog()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('after sending: "Application sent" in the dialog, and the page\'s buttons become "Applied <date>" to the application', async () => {
    const { api, sent } = talentApi({ 'POST jobs/1/apply': () => jsonAnswer(sentApplication(41), 201) });
    const view = renderPage(page(nordlysJob), { user: demoUsers.talent, api });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply for this job' })));
    const dialog = await waitFor(() => applyDialog()!);
    await waitFor(() => within(dialog).getByLabelText(/Why Aurora Labs\?/));
    fireEvent.change(within(dialog).getByLabelText(/Why Aurora Labs\?/), { target: { value: 'I love weather maps.' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' })));

    const done = await waitFor(() => screen.getByRole('dialog', { name: 'Application sent' }));
    expect(sent('POST jobs/1/apply')).toEqual([{ cvPath: 'cv/storedcv0001.pdf', message: null, answers: ['I love weather maps.'], surface: 'site', saveCvToProfile: false }]);
    expect(within(done).getByRole('link', { name: 'See it in My jobs' }).getAttribute('href')).toBe('/client/my-jobs?tab=applied#application-41');
    // Both of the page's apply buttons follow (the flags say so); the one that opened the dialog has the date.
    const applied = screen.getAllByRole('link', { name: /^Applied/ });
    expect(applied).toHaveLength(2);
    expect(applied.map((a) => a.getAttribute('href'))).toEqual(['/client/my-jobs?tab=applied#application-41', '/client/my-jobs?tab=applied#application-41']);
    expect(applied[0]!.textContent).toBe('Applied 12 May 2026 – see your application in My jobs');
    expect(screen.queryByRole('button', { name: 'Apply for this job' })).toBeNull();

    await act(async () => fireEvent.click(within(done).getByRole('button', { name: 'Back to the job' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(applied[0]));
    expect(view.where()).toBe('/jobs/1');
  });

  it('shows "Applied" instead of the button when the viewer applied before', () => {
    const { api } = talentApi();
    renderPage(<ApplyAction job={nordlysJob} />, { user: demoUsers.talent, api, applied: { 1: 7 } });
    expect(screen.queryByRole('button', { name: 'Apply for this job' })).toBeNull();
    expect(screen.getByRole('link', { name: /^Applied/ }).getAttribute('href')).toBe('/client/my-jobs?tab=applied#application-7');
  });

  it('asks a visitor to sign in first, with `to` coming back to this page with the apply intent; after sign-in the dialog is open', async () => {
    const { api, sent } = talentApi();
    const view = renderPage(page(nordlysJob), { user: null, api, path: '/jobs/1?surface=widget', signsIn: demoUsers.talent });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply for this job' })));
    const logIn = await waitFor(() => screen.getByRole('dialog', { name: 'Log in' }));
    expect(view.auth.opened).toEqual([{ step: 'signin', title: undefined }]);
    expect(applyDialog()).toBeNull();
    expect(clicks(sent)).toEqual([{ surface: 'widget' }]);

    await act(async () => fireEvent.click(within(logIn).getByRole('button', { name: 'Log in' })));
    // The page came back to itself with ?do=apply:1, opened the dialog once, and dropped the intent.
    const dialog = await waitFor(() => applyDialog()!);
    await waitFor(() => expect(view.where()).toBe('/jobs/1?surface=widget'));
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    // Reopening after sign-in is no second click.
    expect(clicks(sent)).toHaveLength(1);
  });

  it('?apply=1 opens the dialog on load, counts the click on its surface, applies on it, and leaves the URL', async () => {
    const { api, sent } = talentApi({ 'POST jobs/1/apply': () => jsonAnswer(sentApplication(42), 201) });
    const view = renderPage(page(nordlysJob), { user: demoUsers.talent, api, path: '/jobs/1?apply=1&surface=careers' });
    const dialog = await waitFor(() => applyDialog()!);
    await waitFor(() => expect(view.where()).toBe('/jobs/1?surface=careers'));
    expect(clicks(sent)).toEqual([{ surface: 'careers' }]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await waitFor(() => within(dialog).getByLabelText(/Why Aurora Labs\?/));
    fireEvent.change(within(dialog).getByLabelText(/Why Aurora Labs\?/), { target: { value: 'Maps!' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' })));
    await waitFor(() => screen.getByRole('dialog', { name: 'Application sent' }));
    expect(sent('POST jobs/1/apply')).toEqual([expect.objectContaining({ surface: 'careers' })]);
  });

  it('?apply=1 for a visitor: the sign-in first, then the dialog', async () => {
    const { api } = talentApi();
    const view = renderPage(page(nordlysJob), { user: null, api, path: '/jobs/1?apply=1&surface=feed%3A3', signsIn: demoUsers.talent });
    const logIn = await waitFor(() => screen.getByRole('dialog', { name: 'Log in' }));
    await act(async () => fireEvent.click(within(logIn).getByRole('button', { name: 'Log in' })));
    await waitFor(() => applyDialog()!);
    await waitFor(() => expect(view.where()).toBe('/jobs/1?surface=feed%3A3'));
  });

  it('?apply=1 from a viewer who applied before opens no dialog: "Applied" takes the focus', async () => {
    const { api } = talentApi();
    const view = renderPage(page(nordlysJob), { user: demoUsers.talent, api, path: '/jobs/1?apply=1', applied: { 1: 7 } });
    await waitFor(() => expect(view.where()).toBe('/jobs/1'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('link', { name: /^Applied/ })[0]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
