// @vitest-environment happy-dom
/** The job digest's settings form and the preview of its next e-mail (issue #14). */
import type { DigestPreview, DigestProfile } from '@nordlys/sdk/schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { frontendJob, remoteJob } from '../../../sdk/src/testing/fixtures';
import { applyingApi, jsonAnswer, renderPage } from '../testing/applying';
import { demoUsers } from '../testing/fixtures';
import { DigestSettings } from './DigestSettings';

afterEach(cleanup);

const KEY = 'dg_7f3c9a1e5b2d48c6a0e4f19b';
const PATH = '/client/applicant/settings';

const profile = (more: Partial<DigestProfile> = {}): DigestProfile => ({
  settingsKey: KEY,
  email: 'talent@nordlys.test',
  frequency: 'weekly',
  locations: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
  includeRemoteJobs: true,
  categories: ['fullstack', 'frontend'],
  hourOfDay: 8,
  timeZone: 'Europe/Copenhagen',
  paused: false,
  status: 'active',
  nextDueAt: '2026-05-04T06:00:00.000Z',
  lastSentAt: null,
  ...more,
});

const preview = (jobs = [frontendJob, remoteJob], total = jobs.length): DigestPreview => ({ jobs, total, since: '2026-04-27T06:00:00.000Z' });

/** The stored profile the server answers to a PUT: the old one with what was sent. */
const echo = (body: unknown) => jsonAnswer(profile(body as Partial<DigestProfile>));

function mount(loaded: DigestProfile | null, handlers: Parameters<typeof applyingApi>[0] = {}, initial: DigestPreview | null = preview()) {
  const client = applyingApi(handlers);
  const view = renderPage(<DigestSettings email="talent@nordlys.test" profile={loaded} preview={initial} />, { user: demoUsers.talent, api: client.api, path: PATH, route: PATH });
  const form = within(screen.getByRole('form', { name: 'Job alert settings' }));
  return { ...client, ...view, form };
}

const save = (form: ReturnType<typeof within>, name = 'Save job alerts') => act(async () => fireEvent.click(form.getByRole('button', { name })));
const group = (form: ReturnType<typeof within>, name: string) => within(form.getByRole('group', { name }));

describe('DigestSettingsForm', () => {
  it('shows the stored digest, Remote among the countries (spec 5), and saves the changes with PUT digest/{settingsKey}', async () => {
    const { form, sent } = mount(profile(), { [`PUT digest/${KEY}`]: (call) => echo(call.json) });
    const countries = group(form, 'Countries');
    expect((countries.getByRole('checkbox', { name: 'Denmark' }) as HTMLInputElement).checked).toBe(true);
    expect((countries.getByRole('checkbox', { name: 'Remote' }) as HTMLInputElement).checked).toBe(true);
    expect((group(form, 'Development').getByRole('checkbox', { name: 'Frontend' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('radio', { name: 'Weekly, on Mondays' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole('combobox', { name: 'At' }) as HTMLSelectElement).value).toBe('8');
    // The time zone list is the browser's, once hydrated; the stored zone is chosen.
    await waitFor(() => expect((form.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).options.length).toBeGreaterThan(50));
    expect((form.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe('Europe/Copenhagen');

    await act(async () => fireEvent.click(countries.getByRole('checkbox', { name: 'Sweden' })));
    await act(async () => fireEvent.click(form.getByRole('radio', { name: 'Daily' })));
    fireEvent.change(form.getByRole('combobox', { name: 'At' }), { target: { value: '18' } });
    fireEvent.change(form.getByRole('combobox', { name: 'Time zone' }), { target: { value: 'Europe/Oslo' } });
    await act(async () => fireEvent.click(form.getByRole('checkbox', { name: 'Pause job alerts' })));
    expect(form.getByRole('status').textContent).toBe('You have unsaved changes.');

    await save(form);
    expect(sent(`PUT digest/${KEY}`)).toEqual([
      {
        locations: [{ countryCode: 'DK' }],
        includeRemoteJobs: true,
        categories: ['frontend', 'fullstack'],
        frequency: 'daily',
        hourOfDay: 18,
        timeZone: 'Europe/Oslo',
        paused: true,
      },
    ]);
    await waitFor(() => expect(form.getByRole('status').textContent).toBe('Saved. Your job alerts are paused.'));
  });

  it('shows the server’s 400 at its field and keeps what was typed: the error comes back as a value (spec 8)', async () => {
    const { form } = mount(profile(), {
      [`PUT digest/${KEY}`]: () => jsonAnswer({ message: 'Choose a time zone from the list', code: 'E_VALIDATION', errors: { timeZone: ['Choose a time zone from the list'] } }, 400),
    });
    await act(async () => fireEvent.click(form.getByRole('radio', { name: 'Daily' })));
    await save(form);
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('digest-timezone-error')?.textContent).toBe('Choose a time zone from the list');
    expect(document.activeElement).toBe(zone);
    expect((form.getByRole('radio', { name: 'Daily' }) as HTMLInputElement).checked).toBe(true);
    expect(form.getByRole('status').textContent).toBe('You have unsaved changes.');
  });

  it('says so when the server cannot be reached, and sends nothing twice while saving', async () => {
    let calls = 0;
    const { form } = mount(profile(), {
      [`PUT digest/${KEY}`]: () => {
        calls++;
        throw new TypeError('fetch failed');
      },
    });
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Save job alerts' }));
      fireEvent.click(form.getByRole('button', { name: /Sav/ }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The server could not be reached'));
    expect(calls).toBe(1);
  });

  it('subscribes the account on the first save (POST digest), in the browser’s time zone, then reads its profile', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const created = profile({ frequency: 'daily', locations: [{ countryCode: 'FI' }], includeRemoteJobs: false, categories: [], timeZone: browserZone, nextDueAt: '2026-05-05T05:00:00.000Z' });
    const { form, sent } = mount(
      null,
      {
        'POST digest': () => jsonAnswer({ status: 'active', settingsKey: KEY }),
        'GET digest/mail/talent%40nordlys.test': () => jsonAnswer(created),
        [`GET digest/${KEY}/preview`]: () => jsonAnswer(preview([], 0)),
      },
      null,
    );
    expect(screen.queryByRole('region', { name: 'Preview of your next e-mail' })).toBeNull();
    await waitFor(() => expect((form.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe(browserZone));
    // The browser's zone is a default, not a change: nothing is unsaved yet.
    expect(form.getByRole('status').textContent).toBe('');
    await act(async () => fireEvent.click(group(form, 'Countries').getByRole('checkbox', { name: 'Finland' })));
    await save(form, 'Start job alerts');
    expect(sent('POST digest')).toEqual([{ locations: [{ countryCode: 'FI' }], includeRemoteJobs: false, categories: [], frequency: 'daily', hourOfDay: 8, timeZone: browserZone, paused: false }]);
    await waitFor(() => expect(form.getByRole('status').textContent).toMatch(/^Saved\. The next e-mail goes \w+day \d+ May at \d\d:00 \(.+\), if new jobs match\.$/));
    expect(form.getByRole('button', { name: 'Save job alerts' })).toBeTruthy();
    // Now there is a digest: its preview, empty while nothing new matches.
    const region = await screen.findByRole('region', { name: 'Preview of your next e-mail' });
    expect(await within(region).findByText('No new jobs match yet')).toBeTruthy();
  });
});

describe('DigestPreview', () => {
  it('lists the jobs as the mail shows them: title linking to the job, startup, place and salary', () => {
    mount(profile(), {}, preview([frontendJob, remoteJob], 25));
    const region = within(screen.getByRole('region', { name: 'Preview of your next e-mail' }));
    expect(region.getByText(/^2 new jobs for you/)).toBeTruthy();
    const items = region.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: frontendJob.title }).getAttribute('href')).toBe(`/jobs/${frontendJob.id}`);
    expect(items[0]!.textContent).toContain(`${frontendJob.company.name} · Copenhagen, Denmark · DKK`);
    expect(items[1]!.textContent).toContain(`${remoteJob.company.name} · Remote`);
    expect(region.getByText(/^23 more matching jobs wait on the site/)).toBeTruthy();
  });

  it('is built again after a save, and offers a retry when it fails', async () => {
    let answers = 0;
    const { form } = mount(profile(), {
      [`PUT digest/${KEY}`]: (call) => echo(call.json),
      // A GET is tried twice (the sdk's retry): both tries of the first build fail.
      [`GET digest/${KEY}/preview`]: () => (++answers <= 2 ? jsonAnswer({ message: 'Database is down' }, 503) : jsonAnswer(preview([remoteJob]))),
    });
    await save(form);
    const region = within(screen.getByRole('region', { name: 'Preview of your next e-mail' }));
    expect(await region.findByText('The preview could not be built')).toBeTruthy();
    await act(async () => fireEvent.click(region.getByRole('button', { name: 'Try again' })));
    expect(await region.findByRole('link', { name: remoteJob.title })).toBeTruthy();
    expect(answers).toBe(3);
  });

  it('says when nothing goes out: a pending address, or paused e-mails', () => {
    mount(profile({ status: 'pending', paused: true }));
    const region = within(screen.getByRole('region', { name: 'Preview of your next e-mail' }));
    expect(region.getByText(/^Confirm your address first: open the link we sent to talent@nordlys.test/)).toBeTruthy();
    expect(region.getByText(/^Your job alerts are paused/)).toBeTruthy();
  });
});
