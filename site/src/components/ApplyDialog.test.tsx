// @vitest-environment happy-dom
import type { Job, MyApplication } from '@nordlys/sdk/schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../modals/test-helpers';
import { applyingApi, jsonAnswer, pdfFile, renderPage, sentApplication, talentProfile } from '../testing/applying';
import { demoUsers, frontendJob } from '../testing/fixtures';
import { ApplyDialog } from './ApplyDialog';

afterEach(cleanup);

const job: Job = { ...frontendJob, apply: { method: 'nordlys', url: null, email: null }, screeningQuestions: ['Why Aurora Labs?', 'When could you start?'] };

function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

async function openDialog(handlers: Parameters<typeof applyingApi>[0], options: Parameters<typeof applyingApi>[1] = {}) {
  const client = applyingApi(handlers, options);
  const onApplied = vi.fn<(application: MyApplication) => void>();
  const onClose = vi.fn();
  renderPage(<ApplyDialog job={job} surface="site" onClose={onClose} onApplied={onApplied} />, { user: demoUsers.talent, api: client.api });
  const dialog = screen.getByRole('dialog', { name: `Apply for ${job.title}` });
  await waitFor(() => within(dialog).getByRole('button', { name: 'Send application' }));
  return { ...client, dialog: within(dialog), element: dialog, onApplied, onClose };
}

const answerAll = (dialog: ReturnType<typeof within>) => {
  fireEvent.change(dialog.getByLabelText(/Why Aurora Labs\?/), { target: { value: 'Your forecasts.' } });
  fireEvent.change(dialog.getByLabelText(/When could you start\?/), { target: { value: 'In June' } });
};

describe('ApplyDialog', () => {
  it('offers the stored CV with a View link, or a new upload with progress and cancel, kept on the profile when asked', async () => {
    const { dialog, sent, uploads, release, onApplied } = await openDialog(
      {
        'GET applicant': () => jsonAnswer(talentProfile()),
        'POST upload/cv': () => jsonAnswer({ path: 'cv/newupload0001.pdf', name: 'new-cv.pdf', size: 2057 }, 201),
        'POST jobs/1/apply': () => jsonAnswer(sentApplication(43), 201),
      },
      { holdUploads: true },
    );
    const stored = dialog.getByRole('radio', { name: 'Use my saved CV: sofie-kjaer-cv.pdf (240 KB)' });
    expect((stored as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByRole('link', { name: 'View sofie-kjaer-cv.pdf (opens in a new tab)' }).getAttribute('href')).toBe('/api/applicant/cv');

    await act(async () => fireEvent.click(dialog.getByRole('radio', { name: 'Upload a new CV' })));
    const input = dialog.getByLabelText(/New CV/);
    // With a stored CV, the new one stays off the profile unless asked.
    const keep = dialog.getByRole('checkbox', { name: 'Also save to my profile' }) as HTMLInputElement;
    expect(keep.checked).toBe(false);

    await act(async () => chooseFile(input, pdfFile()));
    const bar = await waitFor(() => dialog.getByRole('progressbar', { name: 'Uploading new-cv.pdf' }));
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('50%'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Cancel upload' })));
    await waitFor(() => expect(dialog.queryByRole('progressbar')).toBeNull());
    expect(dialog.getByText('Upload cancelled.')).toBeTruthy();
    expect(dialog.queryByText('new-cv.pdf')).toBeNull();

    await act(async () => chooseFile(input, pdfFile()));
    await waitFor(() => dialog.getByRole('progressbar'));
    await act(async () => release());
    await waitFor(() => expect(dialog.getByText('new-cv.pdf')).toBeTruthy());
    expect(uploads.map((u) => [u.path, (u.form!.get('file_upload') as File).name])).toEqual([
      ['/api/upload/cv', 'new-cv.pdf'],
      ['/api/upload/cv', 'new-cv.pdf'],
    ]);

    await act(async () => fireEvent.click(keep));
    answerAll(dialog);
    fireEvent.change(dialog.getByLabelText(/A short note to Aurora Labs/), { target: { value: '  Hello from Aarhus.  ' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send application' })));
    await waitFor(() => screen.getByRole('dialog', { name: 'Application sent' }));
    expect(sent('POST jobs/1/apply')).toEqual([
      { cvPath: 'cv/newupload0001.pdf', message: 'Hello from Aarhus.', answers: ['Your forecasts.', 'In June'], surface: 'site', saveCvToProfile: true },
    ]);
    expect(onApplied).toHaveBeenCalledWith(expect.objectContaining({ id: 43 }));
  });

  it('refuses what is not a PDF, or too large, before sending it', async () => {
    const { dialog, uploads } = await openDialog({ 'GET applicant': () => jsonAnswer(talentProfile({ cv: null })) });
    const input = dialog.getByLabelText(/Your CV/);
    await act(async () => chooseFile(input, new File(['hello'], 'cv.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })));
    expect(dialog.getByText('"cv.docx" is not a PDF. Please upload your CV as a PDF.')).toBeTruthy();
    await act(async () => chooseFile(input, pdfFile('huge.pdf', 6 * 1024 * 1024)));
    expect(dialog.getByText('"huge.pdf" is 6.0 MB. A CV can be at most 5 MB.')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it('without a talent profile: the account name, a required CV and required answers, each message at its field', async () => {
    const { dialog, sent } = await openDialog({ 'GET applicant': () => jsonAnswer({ message: 'No talent profile', code: 'E_NOT_FOUND' }, 404) });
    expect(dialog.getByText(demoUsers.talent.fullName)).toBeTruthy();
    expect(dialog.queryByRole('radio')).toBeNull();
    // Without a stored CV, the upload is kept on the profile by default.
    expect((dialog.getByRole('checkbox', { name: 'Also save to my profile' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(dialog.getByLabelText(/When could you start\?/), { target: { value: 'Now' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send application' })));
    const cv = dialog.getByLabelText(/Your CV/);
    expect(cv.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${cv.id}-error`)?.textContent).toBe('Please upload your CV');
    expect(document.activeElement).toBe(cv);
    const why = dialog.getByLabelText(/Why Aurora Labs\?/);
    expect(why.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${why.id}-error`)?.textContent).toBe('Please answer the question');
    expect(dialog.getByLabelText(/When could you start\?/).getAttribute('aria-invalid')).toBeNull();
    expect((dialog.getByLabelText(/When could you start\?/) as HTMLTextAreaElement).value).toBe('Now');
    expect(sent('POST jobs/1/apply')).toEqual([]);
  });

  it('counts the note against its limit', async () => {
    const { dialog } = await openDialog({ 'GET applicant': () => jsonAnswer(talentProfile()) });
    const note = dialog.getByLabelText(/A short note to Aurora Labs/) as HTMLTextAreaElement;
    expect(note.maxLength).toBe(2000);
    expect(document.getElementById(`${note.id}-hint`)?.textContent).toBe('Optional. 0 of 2000 characters.');
    fireEvent.change(note, { target: { value: 'Hej!' } });
    expect(document.getElementById(`${note.id}-hint`)?.textContent).toBe('Optional. 4 of 2000 characters.');
  });

  it("shows a 400's messages at their fields and keeps what was typed", async () => {
    const { dialog } = await openDialog({
      'GET applicant': () => jsonAnswer(talentProfile()),
      'POST jobs/1/apply': () => jsonAnswer({ message: 'Invalid input. answers: Answer every question', code: 'E_VALIDATION', errors: { answers: ['Answer every question'] } }, 400),
    });
    answerAll(dialog);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send application' })));
    const why = dialog.getByLabelText(/Why Aurora Labs\?/) as HTMLTextAreaElement;
    await waitFor(() => expect(document.getElementById(`${why.id}-error`)?.textContent).toBe('Answer every question'));
    expect(why.value).toBe('Your forecasts.');
    expect(document.activeElement).toBe(why);
    expect(screen.getByRole('dialog', { name: `Apply for ${job.title}` })).toBeTruthy();
  });

  it("a second application: the server's message with the link to the first", async () => {
    const { dialog, onApplied } = await openDialog({
      'GET applicant': () => jsonAnswer(talentProfile()),
      'POST jobs/1/apply': () =>
        jsonAnswer({ message: 'You applied to this job on 12 May 2026.', code: 'E_ALREADY_APPLIED', link: '/client/my-jobs?tab=applied#application-41' }, 409),
    });
    answerAll(dialog);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send application' })));
    await waitFor(() => dialog.getByText('You applied to this job on 12 May 2026.'));
    expect(dialog.getByRole('link', { name: 'See your application' }).getAttribute('href')).toBe('/client/my-jobs?tab=applied#application-41');
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('ignores a second submit while the first is sent, and shows the button busy', async () => {
    const answer = deferred<Response>();
    const { dialog, sent } = await openDialog({ 'GET applicant': () => jsonAnswer(talentProfile()), 'POST jobs/1/apply': () => answer.promise });
    answerAll(dialog);
    const send = dialog.getByRole('button', { name: 'Send application' });
    await act(async () => fireEvent.click(send));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: /Sending/ })));
    expect(dialog.getByRole('button', { name: /Sending/ }).getAttribute('aria-busy')).toBe('true');
    await act(async () => answer.resolve(jsonAnswer(sentApplication(44), 201)));
    await waitFor(() => screen.getByRole('dialog', { name: 'Application sent' }));
    expect(sent('POST jobs/1/apply')).toHaveLength(1);
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let fail = true;
    const client = applyingApi({
      'GET applicant': () => (fail ? jsonAnswer({ message: 'The server is resting', code: 'E_INTERNAL' }, 503) : jsonAnswer(talentProfile())),
    });
    renderPage(<ApplyDialog job={job} surface="site" onClose={() => {}} onApplied={() => {}} />, { user: demoUsers.talent, api: client.api });
    const dialog = within(screen.getByRole('dialog'));
    await waitFor(() => dialog.getByText('The server is resting'));
    fail = false;
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Try again' })));
    await waitFor(() => dialog.getByRole('button', { name: 'Send application' }));
  });
});
