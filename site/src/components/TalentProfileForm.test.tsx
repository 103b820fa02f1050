// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '../modals/test-helpers';
import { applyingApi, jsonAnswer, pdfFile, renderPage, talentProfile } from '../testing/applying';
import { demoUsers } from '../testing/fixtures';
import { DeleteTalentProfile, TalentProfileForm } from './TalentProfileForm';
import type { TalentProfile, User } from '@nordlys/sdk/schemas';

afterEach(cleanup);

const user = demoUsers.talent;
const PATH = '/client/applicant';

function mount(profile: TalentProfile | null, handlers: Parameters<typeof applyingApi>[0] = {}, account: User = user) {
  const client = applyingApi({ 'GET users/me': () => jsonAnswer(account), ...handlers });
  const view = renderPage(
    <>
      <TalentProfileForm profile={profile} user={account} />
      <DeleteTalentProfile />
    </>,
    { user: account, api: client.api, path: PATH, route: PATH },
  );
  const form = within(screen.getByRole('form', { name: 'Talent profile' }));
  return { ...client, ...view, form };
}

/** The stored profile the server answers to a PUT: what was sent, as the schema's output. */
const echo = (body: unknown): TalentProfile => {
  const sent = body as { name: { first: string; last: string }; headline: string | null; cvPath: string | null; categories: string[]; preferredCountryCode: string | null; linkedinUrl: string | null; discoverable: boolean };
  return talentProfile({
    name: sent.name,
    headline: sent.headline,
    cv: sent.cvPath ? { path: sent.cvPath, fileName: 'new-cv.pdf', sizeBytes: 2057, uploadedAt: '2026-05-12T10:00:00.000Z' } : null,
    categories: sent.categories,
    preferredCountryCode: sent.preferredCountryCode,
    linkedinUrl: sent.linkedinUrl,
    discoverable: sent.discoverable,
  });
};

const submit = (form: ReturnType<typeof within>) => act(async () => fireEvent.click(form.getByRole('button', { name: 'Save talent profile' })));

describe('TalentProfileForm', () => {
  it("starts from the account without a profile, and saves what the schema makes of it (REMOTE is no country, links get http://)", async () => {
    const { form, sent, calls } = mount(null, { 'PUT applicant': (call) => jsonAnswer(echo(call.json)) }, { ...user, applicantProfile: null });
    expect((form.getByLabelText(/First name/) as HTMLInputElement).value).toBe(user.name.first);
    expect((form.getByLabelText(/Last name/) as HTMLInputElement).value).toBe(user.name.last);
    expect((form.getByLabelText('Headline') as HTMLInputElement).value).toBe('');

    fireEvent.change(form.getByLabelText('Headline'), { target: { value: ' Product designer ' } });
    // The categories come in the spec's selection groups.
    const design = within(form.getByRole('group', { name: 'Design' }));
    await act(async () => fireEvent.click(design.getByRole('checkbox', { name: 'UX/UI designer' })));
    await act(async () => fireEvent.click(within(form.getByRole('group', { name: 'Development' })).getByRole('checkbox', { name: 'Frontend' })));
    const country = form.getByLabelText('Preferred country') as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toContain('REMOTE');
    fireEvent.change(country, { target: { value: 'REMOTE' } });
    fireEvent.change(form.getByLabelText('LinkedIn URL'), { target: { value: 'linkedin.com/in/sofie' } });
    await act(async () => fireEvent.click(form.getByRole('checkbox', { name: 'Let startups find my profile' })));
    expect(form.getByRole('status').textContent).toBe('You have unsaved changes.');

    await submit(form);
    await waitFor(() => expect(form.getByRole('status').textContent).toBe('Your talent profile is saved.'));
    expect(sent('PUT applicant')).toEqual([
      {
        name: { first: user.name.first, last: user.name.last },
        imagePath: null,
        headline: 'Product designer',
        cvPath: null,
        categories: ['ux-ui-designer', 'frontend'],
        preferredCountryCode: null,
        linkedinUrl: 'http://linkedin.com/in/sofie',
        discoverable: true,
      },
    ]);
    // The session (the header's name) is read again.
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/users/me')).toHaveLength(1);
    expect((form.getByLabelText('LinkedIn URL') as HTMLInputElement).value).toBe('http://linkedin.com/in/sofie');
  });

  it("without a stored profile, takes what the account knows of it (headline, categories, country, LinkedIn)", () => {
    const { form } = mount(null);
    expect((form.getByLabelText('Headline') as HTMLInputElement).value).toBe(user.applicantProfile!.headline);
    expect((form.getByLabelText('Preferred country') as HTMLSelectElement).value).toBe(user.applicantProfile!.preferredCountryCode);
    const checked = form.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked && c.getAttribute('name')?.startsWith('talent-categories'));
    expect(checked.map((c) => (c as HTMLInputElement).value).sort()).toEqual([...user.applicantProfile!.categories].sort());
  });

  it('shows the stored CV with a View link; a new upload replaces it, Remove clears it', async () => {
    const { form, sent } = mount(talentProfile(), {
      'POST upload/cv': () => jsonAnswer({ path: 'cv/newupload0001.pdf', name: 'new-cv.pdf', size: 2057 }, 201),
      'PUT applicant': (call) => jsonAnswer(echo(call.json)),
    });
    expect(form.getByText('sofie-kjaer-cv.pdf')).toBeTruthy();
    expect(form.getByRole('link', { name: 'View sofie-kjaer-cv.pdf (opens in a new tab)' }).getAttribute('href')).toBe('/api/applicant/cv');

    const input = form.getByLabelText('CV');
    Object.defineProperty(input, 'files', { value: [pdfFile()], configurable: true });
    await act(async () => fireEvent.change(input));
    await waitFor(() => form.getByText('new-cv.pdf'));
    // Not stored yet: nothing to view until it is saved.
    expect(form.queryByRole('link', { name: /^View/ })).toBeNull();
    await submit(form);
    await waitFor(() => expect(sent('PUT applicant')).toHaveLength(1));
    expect(sent('PUT applicant')[0]).toMatchObject({ cvPath: 'cv/newupload0001.pdf' });
    await waitFor(() => form.getByRole('link', { name: 'View new-cv.pdf (opens in a new tab)' }));

    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Remove CV' })));
    expect(form.queryByText('new-cv.pdf')).toBeNull();
    await submit(form);
    await waitFor(() => expect(sent('PUT applicant')).toHaveLength(2));
    expect(sent('PUT applicant')[1]).toMatchObject({ cvPath: null });
  });

  it('checks before sending: the message at the field, focused, listed above, and nothing sent', async () => {
    const { form, sent } = mount(talentProfile());
    fireEvent.change(form.getByLabelText(/First name/), { target: { value: '  ' } });
    fireEvent.change(form.getByLabelText('LinkedIn URL'), { target: { value: 'not a link' } });
    await submit(form);
    const first = form.getByLabelText(/First name/);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('talent-first-error')?.textContent).toBe('Please enter first name');
    expect(document.getElementById('talent-linkedin-error')?.textContent).toBe('LinkedIn URL must be a web address, like northwind.dk');
    expect(document.activeElement).toBe(first);
    expect(form.getAllByRole('alert')[0]!.textContent).toContain('Please enter first name');
    expect(sent('PUT applicant')).toEqual([]);
  });

  it("shows a 400's messages at their fields and keeps what was typed", async () => {
    const { form } = mount(talentProfile(), {
      'PUT applicant': () =>
        jsonAnswer({ message: 'Invalid input. name: Please enter last name', code: 'E_VALIDATION', errors: { name: ['Please enter last name'], imagePath: ['Please upload the photo again'] } }, 400),
    });
    fireEvent.change(form.getByLabelText('Headline'), { target: { value: 'Typed before the failure' } });
    await submit(form);
    await waitFor(() => expect(document.getElementById('talent-first-error')?.textContent).toBe('Please enter last name'));
    expect(document.getElementById('talent-photo-error')?.textContent).toBe('Please upload the photo again');
    expect((form.getByLabelText('Headline') as HTMLInputElement).value).toBe('Typed before the failure');
    expect(document.activeElement).toBe(form.getByLabelText(/First name/));
  });

  it('ignores a second submit while saving', async () => {
    const answer = deferred<Response>();
    const { form, sent } = mount(talentProfile(), { 'PUT applicant': () => answer.promise });
    await submit(form);
    await act(async () => fireEvent.click(form.getByRole('button', { name: /Saving/ })));
    expect(form.getByRole('button', { name: /Saving/ }).getAttribute('aria-busy')).toBe('true');
    await act(async () => answer.resolve(jsonAnswer(talentProfile())));
    await waitFor(() => expect(form.getByRole('status').textContent).toBe('Your talent profile is saved.'));
    expect(sent('PUT applicant')).toHaveLength(1);
  });
});

describe('DeleteTalentProfile', () => {
  it('explains what goes, asks for DELETE typed, then deletes, reads the session again and leaves the area', async () => {
    const { calls, where } = mount(talentProfile(), { 'DELETE applicant': () => jsonAnswer({ applications: 2, files: 3 }) });
    const zone = within(screen.getByRole('region', { name: 'Delete talent profile' }));
    expect(zone.getByText(/your CVs/)).toBeTruthy();
    expect(zone.getByText(/your applications/)).toBeTruthy();
    expect(zone.getByText(/your saved jobs/)).toBeTruthy();
    expect(zone.getByText(/Your account stays/)).toBeTruthy();

    const confirm = zone.getByLabelText('Type DELETE to confirm');
    fireEvent.change(confirm, { target: { value: 'delete' } });
    await act(async () => fireEvent.click(zone.getByRole('button', { name: 'Delete my talent profile' })));
    expect(zone.getByText('Type DELETE in capitals to delete your talent profile.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.change(confirm, { target: { value: 'DELETE' } });
    await act(async () => fireEvent.click(zone.getByRole('button', { name: 'Delete my talent profile' })));
    await waitFor(() => expect(where()).toBe('/client/'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/applicant', 'GET /api/users/me']);
  });
});
