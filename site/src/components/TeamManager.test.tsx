// @vitest-environment happy-dom
import type { Member, Team } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi, deferred, jsonAnswer, type Handlers } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import { NowProvider } from './Now';
import { removalBlocked, TeamManager } from './TeamManager';

afterEach(cleanup);

const NOW = '2026-11-20T12:00:00.000Z';
const member = (userId: number, name: string, email: string): Member => ({
  userId,
  name,
  email,
  imageUrl: null,
  role: 'admin',
  joinedAt: '2026-01-05T09:00:00.000Z',
});
const founder = member(1, 'Freja Founder', 'founder@nordlys.test');
const colleague = member(2, 'Carl Colleague', 'carl@nordlys.test');
const invitation = { id: 9, email: 'new@example.test', createdAt: NOW, expiresAt: '2026-11-26T13:00:00.000Z' };

function open(team: Team, handlers: Handlers = {}, { kind = 'company' as 'company' | 'investor', userId = 1 } = {}) {
  const fake = accountApi(handlers);
  const onLeft = vi.fn();
  render(
    <ApiProvider api={fake.api}>
      <NowProvider initial={NOW}>
        <TeamManager owner={{ kind, key: 'northwind-labs', name: 'Northwind Labs' }} initial={team} userId={userId} onLeft={onLeft} />
      </NowProvider>
    </ApiProvider>,
  );
  return { ...fake, onLeft };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('TeamManager', () => {
  it('lists members with e-mail and join date, and open invitations with their expiry', () => {
    vi.useFakeTimers({ now: new Date(NOW), toFake: ['Date'] });
    open({ members: [founder, colleague], invitations: [invitation] });
    vi.useRealTimers();
    const members = within(region('Members')).getAllByRole('listitem');
    expect(members.map((li) => li.querySelector('.row-list__title')?.textContent)).toEqual(['Freja Founder (you)', 'Carl Colleague']);
    expect(members[0]!.textContent).toContain('founder@nordlys.test');
    expect(members[0]!.textContent).toContain('Joined 5 January 2026');
    expect(within(members[0]!).getByRole('button', { name: 'Leave Northwind Labs' })).toBeTruthy();
    expect(within(members[1]!).getByRole('button', { name: 'Remove Carl Colleague' })).toBeTruthy();
    const invited = within(region('Open invitations')).getByRole('listitem');
    expect(invited.textContent).toContain('new@example.test');
    expect(invited.textContent).toContain('Expires in 6 days');
  });

  it('disables Leave for the last admin and says why', () => {
    open({ members: [founder], invitations: [] });
    const leave = screen.getByRole('button', { name: 'Leave Northwind Labs' }) as HTMLButtonElement;
    expect(leave.disabled).toBe(true);
    const reason = document.getElementById(leave.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('You are the last admin, so you cannot leave. Invite someone to the team first.');
    expect(removalBlocked({ members: [founder], invitations: [] }, founder, false)).toBe('Freja Founder is the last admin and cannot be removed.');
    expect(removalBlocked({ members: [founder, colleague], invitations: [] }, founder, true)).toBeNull();
  });

  it('invites by e-mail: the schema message first (field keeps the text, gets focus), then the new team from the server', async () => {
    const { sent } = open(
      { members: [founder], invitations: [] },
      { 'POST companies/northwind-labs/members': () => jsonAnswer({ members: [founder], invitations: [invitation] }) },
    );
    const field = screen.getByLabelText('E-mail address') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('nope');
    expect(sent('POST companies/northwind-labs/members')).toEqual([]);

    fireEvent.change(field, { target: { value: ' New@Example.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent an invitation to New@Example.test. The link in it works for 7 days.');
    expect(sent('POST companies/northwind-labs/members')).toEqual([{ email: 'New@Example.test' }]);
    expect(within(region('Open invitations')).getByText('new@example.test')).toBeTruthy();
    expect(field.value).toBe('');
  });

  it("shows the server's 409 under the field and keeps what was typed (investor calls alike)", async () => {
    open(
      { members: [founder], invitations: [] },
      { 'POST investors/northwind-labs/members': () => jsonAnswer({ message: 'carl@nordlys.test is already a member', code: 'E_CONFLICT' }, 409) },
      { kind: 'investor' },
    );
    const field = screen.getByLabelText('E-mail address') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'carl@nordlys.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('carl@nordlys.test is already a member')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('carl@nordlys.test');
  });

  it('removes a member after a confirmation, busy while it runs', async () => {
    const answer = deferred<Response>();
    const { sent } = open(
      { members: [founder, colleague], invitations: [] },
      {
        'DELETE companies/northwind-labs/members/2': () => answer.promise,
        'GET companies/northwind-labs/members': () => jsonAnswer({ members: [founder], invitations: [] }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Carl Colleague' }));
    const confirm = screen.getByRole('group', { name: /Remove Carl Colleague from Northwind Labs\?/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(within(confirm).getByRole('button', { name: 'Working…' }).getAttribute('aria-busy')).toBe('true');
    answer.resolve(new Response(null, { status: 204 }));
    expect((await screen.findByRole('status')).textContent).toBe('Carl Colleague was removed from Northwind Labs.');
    expect(within(region('Members')).queryByText('Carl Colleague')).toBeNull();
    expect(sent('DELETE companies/northwind-labs/members/2')).toHaveLength(1);
  });

  it("shows the server's message when removing is refused (the last admin, 409)", async () => {
    open(
      { members: [founder, colleague], invitations: [] },
      { 'DELETE companies/northwind-labs/members/2': () => jsonAnswer({ message: 'The last admin cannot be removed', code: 'E_CONFLICT' }, 409) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Carl Colleague' }));
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The last admin cannot be removed');
    expect(within(region('Members')).getByText('Carl Colleague')).toBeTruthy();
  });

  it('leaving calls onLeft after the server agreed; Cancel and Escape close the confirmation', async () => {
    const { onLeft, sent } = open(
      { members: [founder, colleague], invitations: [] },
      { 'DELETE companies/northwind-labs/members/1': () => new Response(null, { status: 204 }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Leave Northwind Labs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave Northwind Labs' }));
    fireEvent.keyDown(screen.getByRole('group'), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(sent('DELETE companies/northwind-labs/members/1')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Leave Northwind Labs' }));
    const leave = within(screen.getByRole('group')).getByRole('button', { name: 'Leave' });
    expect(document.activeElement).toBe(leave);
    fireEvent.click(leave);
    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(sent('DELETE companies/northwind-labs/members/1')).toHaveLength(1);
  });

  it('withdraws an open invitation', async () => {
    const { sent } = open(
      { members: [founder], invitations: [invitation] },
      { 'DELETE companies/northwind-labs/invitations/9': () => new Response(null, { status: 204 }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to new@example.test' }));
    expect((await screen.findByRole('status')).textContent).toBe('The invitation to new@example.test was withdrawn; its link no longer works.');
    expect(within(region('Open invitations')).getByText('No invitations are waiting.')).toBeTruthy();
    expect(sent('DELETE companies/northwind-labs/invitations/9')).toHaveLength(1);
  });
});
