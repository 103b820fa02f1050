// @vitest-environment happy-dom
/**
 * The job form of issue #12 in the browser, against a mocked sdk api: field messages from the sdk
 * schema and from the server's 400, autosave of drafts (and only drafts), the first save turning
 * /jobs/new into the job's /edit without losing the form, "Continue" to /monetise, the review note,
 * the expired job's repost, the unsaved-changes prompt and the live preview.
 */
import type { Api } from '@nordlys/sdk/api';
import { ApiError } from '@nordlys/sdk/api';
import { paths } from '@nordlys/sdk/routes';
import { defaultExpirationDay, isoDay, type Company, type JobInput, type ManagedJob } from '@nordlys/sdk/schemas';
import { auroraLabs } from '@nordlys/sdk/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Link } from '../../lib/Link';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiProvider } from '../../modals/useApi';
import { managedJobFixture } from './fixtures';
import { AUTOSAVE_DELAY_MS, JobForm } from './JobForm';
import { JobFormPage, type JobFormData } from './JobFormPage';

declare global {
  // eslint-disable-next-line no-var
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const KEY = 'aurora-labs';
const company: Company = {
  ...auroraLabs,
  addresses: [
    { countryCode: 'DK', address: 'Njalsgade 21, 2300 København S' },
    { countryCode: 'SE', address: 'Drottninggatan 5, 111 51 Stockholm' },
  ],
  perks: ['coffee', 'gym'],
};
const now = new Date();
const today = isoDay(now);
const defaultExpiration = defaultExpirationDay(now);
const managed = (overrides: Partial<ManagedJob> = {}, form: Partial<ManagedJob['manage']['form']> = {}, manage: Partial<ManagedJob['manage']> = {}) =>
  managedJobFixture(company, defaultExpiration, overrides, form, manage);

interface Mounted {
  router: ReturnType<typeof createMemoryRouter>;
  jobAdmin: { create: Mock; update: Mock; get: Mock; fire: Mock };
}

/** The form on /jobs/new or a job's /edit (one component for both, as the site's routes have it), with a mocked api. */
function mount(job: ManagedJob | null, { page = false }: { page?: boolean } = {}): Mounted {
  const jobAdmin = {
    create: vi.fn(async (_key: string, body: JobInput) => managed({ title: body.title }, { title: body.title })),
    update: vi.fn(async (_key: string, id: number, body: JobInput) => managed({ id, title: body.title, status: job?.status ?? 'DRAFT' }, { title: body.title })),
    get: vi.fn(async () => managed()),
    fire: vi.fn(async () => ({ id: 41, status: 'DRAFT', approvedAt: null, expirationDate: null, allowedEvents: ['publish'] })),
  };
  const api = { jobAdmin } as unknown as Api;
  const data: JobFormData = { owner: { key: KEY, name: company.name, status: 'ACTIVE', member: true }, company, job, today, defaultExpiration };
  const Form = page ? JobFormPage : () => <JobForm companyKey={KEY} company={company} job={job} today={today} defaultExpiration={defaultExpiration} productName="Nordlys" />;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <>
            <nav>
              <Link to="/elsewhere">Elsewhere</Link>
            </nav>
            <OutletHost />
          </>
        ),
        children: [
          { path: 'client/startups/:company/jobs/new', loader: () => data, Component: Form },
          { path: 'client/startups/:company/jobs/:job/edit', loader: () => data, Component: Form },
          { path: 'client/startups/:company/jobs/:job/monetise', Component: () => <h1>Plans</h1> },
          { path: 'elsewhere', Component: () => <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: [job ? paths.companyJob(KEY, job.id, 'edit') : paths.companyNewJob(KEY)] },
  );
  render(
    <ApiProvider api={api}>
      <RouterProvider router={router} />
    </ApiProvider>,
  );
  return { router, jobAdmin };
}

function OutletHost() {
  return <Outlet />;
}

/** Lets React, the router and the promises settle (the fake clock moves only when told). */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function pauseTyping() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
  });
  await settle();
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const status = () => screen.getByText((_, el) => el?.classList.contains('form-actions__status') ?? false);
const preview = () => screen.getByRole('complementary', { name: 'Preview' });

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(now);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the job form on /jobs/new', () => {
  it("starts from the startup: its first address, its perks, its currency, and the 60-day expiration date", async () => {
    mount(null);
    await settle();
    expect(screen.getByRole('textbox', { name: 'Job title (required)' })).toBeTruthy();
    const where = screen.getByRole('group', { name: /Where is the job\?/ });
    expect((within(where).getByRole('radio', { name: 'One of our addresses' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Address') as HTMLSelectElement).value).toBe('0');
    const perks = screen.getByRole('group', { name: 'Perks' });
    expect((within(perks).getByRole('checkbox', { name: 'Great coffee' }) as HTMLInputElement).checked).toBe(true);
    expect((within(perks).getByRole('checkbox', { name: 'Gym membership' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Listed until/) as HTMLInputElement).value).toBe(defaultExpiration);
    fireEvent.click(screen.getByRole('radio', { name: 'A range' }));
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('DKK');
    // The categories come in the spec's selection groups.
    const categories = screen.getByRole('group', { name: /^Categories/ });
    for (const group of ['Development', 'Mobile development', 'Design', 'Sales', 'Other']) expect(within(categories).getByRole('group', { name: group })).toBeTruthy();
  });

  it('shows the schema\'s message under the title on "Save draft", focuses it, and sends nothing', async () => {
    const { jobAdmin } = mount(null);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await settle();
    const title = screen.getByRole('textbox', { name: 'Job title (required)' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('job-title-error')?.textContent).toBe('Please enter the job title');
    expect(document.activeElement).toBe(title);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Please enter the job title' })).toBeTruthy();
    expect(jobAdmin.create).not.toHaveBeenCalled();
  });

  it('autosaves a draft once typing pauses: the first save creates it and the address becomes its /edit, the form as typed', async () => {
    const { router, jobAdmin } = mount(null);
    await settle();
    type(/^Job title/, 'Backend Engine');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 500);
    });
    type(/^Job title/, 'Backend Engineer');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 500);
    });
    // Still typing: nothing sent yet.
    expect(jobAdmin.create).not.toHaveBeenCalled();
    await pauseTyping();
    expect(jobAdmin.create).toHaveBeenCalledTimes(1);
    const [key, body] = jobAdmin.create.mock.calls[0]!;
    expect(key).toBe(KEY);
    expect(body).toMatchObject({ title: 'Backend Engineer', location: { kind: 'address', addressIndex: 0 }, perks: ['coffee', 'gym'], salary: { type: 'competitive' } });
    expect(body.expirationDate).toBe(`${defaultExpiration}T23:59:59.999Z`);
    expect(status().textContent).toMatch(/^Saved \d{1,2}:\d{2}/);
    expect(router.state.location.pathname).toBe(paths.companyJob(KEY, 41, 'edit'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The same form: what was typed is still there, and the next change updates the job it created.
    expect((screen.getByLabelText(/^Job title/) as HTMLInputElement).value).toBe('Backend Engineer');
    type(/^Job title/, 'Senior Backend Engineer');
    await pauseTyping();
    expect(jobAdmin.create).toHaveBeenCalledTimes(1);
    expect(jobAdmin.update).toHaveBeenCalledWith(KEY, 41, expect.objectContaining({ title: 'Senior Backend Engineer' }));
  });

  it('does not autosave values the schema refuses, and says why under the field', async () => {
    const { jobAdmin } = mount(null);
    await settle();
    type(/^Job title/, 'Backend Engineer');
    fireEvent.click(screen.getByRole('radio', { name: 'A range' }));
    type(/^From/, '60000');
    type(/^To \*/, '50000');
    await pauseTyping();
    expect(jobAdmin.create).not.toHaveBeenCalled();
    expect(status().textContent).toBe('Not saved: correct the marked fields.');
    expect(document.getElementById('job-salary-max-error')?.textContent).toBe('The highest salary must be at least the lowest');
    type(/^To \*/, '70000');
    await pauseTyping();
    expect(jobAdmin.create).toHaveBeenCalledWith(KEY, expect.objectContaining({ salary: { type: 'range', min: 60000, max: 70000, currency: 'DKK', period: 'year' } }));
  });

  it('refuses a fourth category with the schema\'s message', async () => {
    mount(null);
    await settle();
    const categories = screen.getByRole('group', { name: /^Categories/ });
    for (const name of ['Backend', 'Frontend', 'Design']) fireEvent.click(within(categories).getByRole('checkbox', { name }));
    fireEvent.click(within(categories).getByRole('checkbox', { name: 'Sales' }));
    expect((within(categories).getByRole('checkbox', { name: 'Sales' }) as HTMLInputElement).checked).toBe(false);
    expect(document.getElementById('job-categories-error')?.textContent).toBe('Choose at most 3 categories');
    expect(within(categories).getByText(/3 of 3 chosen/)).toBeTruthy();
  });

  it('"Continue" asks for what publishing needs, then saves and goes to the plans', async () => {
    const { router, jobAdmin } = mount(null);
    await settle();
    type(/^Job title/, 'Backend Engineer');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    expect(document.getElementById('job-description-error')?.textContent).toBe('Please describe the job');
    expect(document.getElementById('job-categories-error')?.textContent).toBe('Please choose at least one category');
    expect(document.activeElement?.id).toBe('job-description');
    expect(jobAdmin.create).not.toHaveBeenCalled();

    const editor = screen.getByRole('textbox', { name: 'Description (required)' });
    editor.innerHTML = '<p>Build our forecast engine.</p>';
    fireEvent.input(editor);
    fireEvent.click(within(screen.getByRole('group', { name: 'Development' })).getByRole('checkbox', { name: 'Backend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    await settle();
    expect(jobAdmin.create).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe(paths.companyJob(KEY, 41, 'monetise'));
    expect(screen.getByRole('heading', { name: 'Plans' })).toBeTruthy();
    // /new was replaced by the job's /edit on the way: Back comes to the job.
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.pathname).toBe(paths.companyJob(KEY, 41, 'edit'));
  });
});

describe('the job form of a stored job', () => {
  it('keeps what was typed through a 400 and shows the server\'s messages under the fields', async () => {
    const { jobAdmin } = mount(managed());
    await settle();
    jobAdmin.update.mockRejectedValueOnce(
      new ApiError('Invalid input. location: Please choose one of your addresses', {
        status: 400,
        body: { message: 'Invalid input', code: 'E_VALIDATION', errors: { location: ['Please choose one of your addresses'] } },
      }),
    );
    type(/^Job title/, 'Data Engineer');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await settle();
    expect(document.getElementById('job-location-error')?.textContent).toBe('Please choose one of your addresses');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'One of our addresses' }));
    expect((screen.getByLabelText(/^Job title/) as HTMLInputElement).value).toBe('Data Engineer');
  });

  it('offers Retry when the server cannot be reached, and the retry saves', async () => {
    const { jobAdmin } = mount(managed());
    await settle();
    jobAdmin.update.mockRejectedValueOnce(new ApiError('The server could not be reached.', { status: 0 }));
    type(/^Job title/, 'Data Engineer');
    await pauseTyping();
    expect(status().textContent).toBe('Not saved: The server could not be reached. Check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(jobAdmin.update).toHaveBeenCalledTimes(2);
    expect(status().textContent).toMatch(/^Saved /);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('never autosaves a live job: its changes wait for "Save changes"', async () => {
    const { jobAdmin } = mount(managed({ status: 'ACTIVE', approvedAt: now.toISOString() }, {}, { allowedEvents: ['pause', 'edit'] }));
    await settle();
    expect(screen.getByRole('heading', { name: /Status: Live/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    type(/^Job title/, 'Lead Backend Engineer');
    await pauseTyping();
    await pauseTyping();
    expect(jobAdmin.update).not.toHaveBeenCalled();
    expect(status().textContent).toBe('You have unsaved changes.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(jobAdmin.update).toHaveBeenCalledWith(KEY, 41, expect.objectContaining({ title: 'Lead Backend Engineer' }));
    expect(status().textContent).toMatch(/^Your changes are saved/);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = mount(managed({ status: 'ACTIVE', approvedAt: now.toISOString() }));
    await settle();
    type(/^Job title/, 'Lead Backend Engineer');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    await settle();
    expect(router.state.location.pathname).toBe(paths.companyJob(KEY, 41, 'edit'));
    expect((screen.getByLabelText(/^Job title/) as HTMLInputElement).value).toBe('Lead Backend Engineer');
  });

  it("shows an admin's review note at the top of a job sent back", async () => {
    mount(managed({}, {}, { reviewNote: 'Please name the salary range.' }));
    await settle();
    const panel = screen.getByRole('region', { name: 'Sent back by an admin' });
    expect(within(panel).getByText('Please name the salary range.')).toBeTruthy();
  });

  it('previews the job page and the job card as typed, the description sanitized with the one policy', async () => {
    mount(managed());
    await settle();
    type(/^Job title/, 'Platform Engineer');
    const editor = screen.getByRole('textbox', { name: 'Description (required)' });
    editor.innerHTML = '<p onclick="steal()">Ship <b>fast</b><script>steal()</script></p>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('radio', { name: 'Remote' }));
    // The sanitizer is a chunk of its own: wait for it to arrive.
    await vi.waitFor(async () => {
      await settle();
      expect(preview().querySelector('.job-preview__frame--page .prose')?.innerHTML).toBe('<p>Ship <b>fast</b></p>');
    });
    const card = preview().querySelector('.job-card')!;
    expect(card.querySelector('.job-card__title')?.textContent).toBe('Platform Engineer');
    expect(card.textContent).toContain('Remote');
    const page = preview().querySelector('.job-preview__frame--page')!;
    expect(page.querySelector('h4')?.textContent).toBe('Platform Engineer');
    expect(page.hasAttribute('inert')).toBe(true);
  });
});

describe('an expired job', () => {
  it('shows "Repost job" first, then the form of the reposted draft', async () => {
    const expired = managed({ status: 'EXPIRED', approvedAt: now.toISOString() }, {}, { allowedEvents: ['repost'] });
    const { jobAdmin } = mount(expired, { page: true });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit job' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Job' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Repost job' }));
    await settle();
    expect(jobAdmin.fire).toHaveBeenCalledWith(KEY, 41, 'repost');
    expect(jobAdmin.get).toHaveBeenCalledWith(KEY, 41);
    expect(screen.getByRole('form', { name: 'Job' })).toBeTruthy();
    expect(screen.getByText(/^The job is a draft again, with a new expiration date/).getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { level: 1, name: 'Post a job' })).toBeTruthy();
  });
});
