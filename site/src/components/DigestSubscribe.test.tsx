// @vitest-environment happy-dom
/** "Get these jobs by e-mail" (issue #14): visitors with double opt-in, signed-in users merged into their digest. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyingApi, jsonAnswer, renderPage } from '../testing/applying';
import { demoUsers } from '../testing/fixtures';
import { DigestSubscribe, digestScope, type DigestSubscribeProps } from './DigestSubscribe';

afterEach(cleanup);

function mount(props: DigestSubscribeProps, handlers: Parameters<typeof applyingApi>[0] = {}, user: typeof demoUsers.talent | null = null) {
  const client = applyingApi(handlers);
  const view = renderPage(<DigestSubscribe {...props} />, { user, api: client.api, path: '/jobs', route: '/jobs' });
  return { ...client, ...view };
}

const box = () => within(screen.getByRole('region', { name: 'Get these jobs by e-mail' }));
const subscribe = () => act(async () => fireEvent.click(box().getByRole('button', { name: 'Subscribe' })));
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('digestScope', () => {
  it('says what the e-mails hold', () => {
    expect(digestScope([], [])).toBe('New startup jobs');
    expect(digestScope(['DK'], ['frontend'])).toBe('New Frontend jobs in Denmark');
    expect(digestScope(['REMOTE'], [])).toBe('New remote startup jobs');
    expect(digestScope(['SE', 'REMOTE'], ['backend', 'qa', 'design'])).toBe('New Backend, QA or Design jobs in Sweden or remote');
  });
});

describe('DigestSubscribe', () => {
  it('subscribes a visitor to the search’s country and categories, Remote sent as includeRemoteJobs (spec 5), and asks them to confirm', async () => {
    const { sent } = mount({ countryCodes: ['REMOTE'], categories: ['frontend'] }, { 'POST digest': () => jsonAnswer({ status: 'pending' }, 202) });
    expect(box().getByText('New remote Frontend jobs, in one e-mail a day or a week. Unsubscribe with one click.')).toBeTruthy();
    fireEvent.change(box().getByRole('textbox', { name: 'Email' }), { target: { value: ' ann@example.test ' } });
    fireEvent.change(box().getByRole('combobox', { name: 'How often' }), { target: { value: 'weekly' } });
    await subscribe();
    await waitFor(() => expect(box().getByRole('status').textContent).toBe('Check your inbox to confirm. We sent a link to ann@example.test. Your job alerts start once you open it.'));
    expect(sent('POST digest')).toEqual([{ email: 'ann@example.test', locations: [], includeRemoteJobs: true, categories: ['frontend'], frequency: 'weekly', timeZone: browserZone }]);
    expect(box().queryByRole('form')).toBeNull();
  });

  it('asks for the address before calling, and shows the server’s 400 at the field', async () => {
    const { sent } = mount({ countryCodes: ['DK'] }, { 'POST digest': () => jsonAnswer({ message: 'Please enter your email address', code: 'E_VALIDATION', errors: { email: ['Please enter your email address'] } }, 400) });
    const email = box().getByRole('textbox', { name: 'Email' });
    await subscribe();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(box().getByText('Please enter your email address')).toBeTruthy();
    expect(sent('POST digest')).toEqual([]);

    // The schema's check, then the server's: the same words at the field.
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    await subscribe();
    expect(box().getByText('Please enter your email address')).toBeTruthy();
    expect(sent('POST digest')).toEqual([]);
    fireEvent.change(email, { target: { value: 'ann@example.test' } });
    await subscribe();
    await waitFor(() => expect(sent('POST digest')).toHaveLength(1));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect((email as HTMLInputElement).value).toBe('ann@example.test');
  });

  it('shows a failure that is not about the field above the form, and keeps the form', async () => {
    mount({}, { 'POST digest': () => jsonAnswer({ message: 'Too many requests, try again in an hour', code: 'E_RATE_LIMITED' }, 429) });
    fireEvent.change(box().getByRole('textbox', { name: 'Email' }), { target: { value: 'ann@example.test' } });
    await subscribe();
    await waitFor(() => expect(box().getByRole('alert').textContent).toBe('Too many requests, try again in an hour'));
    expect(box().getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('uses a signed-in user’s own address, merges into their digest, and says it is on when their address is verified', async () => {
    const { sent } = mount({ countryCodes: ['SE'], categories: ['design'] }, { 'POST digest': () => jsonAnswer({ status: 'active', settingsKey: 'dg_7f3c9a1e5b2d48c6a0e4f19b' }) }, demoUsers.talent);
    expect(box().queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(box().getByText(`To ${demoUsers.talent.email}`)).toBeTruthy();
    await subscribe();
    await waitFor(() => expect(box().getByRole('status').textContent).toContain('You are subscribed.'));
    expect(box().getByRole('link', { name: 'Change your job alerts' }).getAttribute('href')).toBe('/client/applicant/settings');
    expect(sent('POST digest')).toEqual([
      { email: demoUsers.talent.email, locations: [{ countryCode: 'SE' }], includeRemoteJobs: false, categories: ['design'], frequency: 'daily', timeZone: browserZone, mergeData: true },
    ]);
  });

  it('offers a country on the home page, where there is no search', async () => {
    const client = applyingApi({ 'POST digest': () => jsonAnswer({ status: 'pending' }, 202) });
    renderPage(<DigestSubscribe chooseCountry title="Get new jobs by e-mail" />, { user: null, api: client.api, path: '/', route: '/' });
    const home = within(screen.getByRole('region', { name: 'Get new jobs by e-mail' }));
    fireEvent.change(home.getByRole('combobox', { name: 'Country' }), { target: { value: 'NO' } });
    expect(home.getByText(/^New startup jobs in Norway, in one e-mail/)).toBeTruthy();
    fireEvent.change(home.getByRole('textbox', { name: 'Email' }), { target: { value: 'ola@example.test' } });
    await act(async () => fireEvent.click(home.getByRole('button', { name: 'Subscribe' })));
    await waitFor(() => expect(client.sent('POST digest')).toHaveLength(1));
    expect(client.sent('POST digest')[0]).toMatchObject({ locations: [{ countryCode: 'NO' }], includeRemoteJobs: false, categories: [] });
  });
});
