import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvitationInfoSchema, TeamSchema, UserSchema, type Team } from '@nordlys/sdk/schemas';
import { INVITATION_DAYS } from '@nordlys/sdk/constants';
import { hashToken } from '../accounts/tokens';
import { companies, companyMembers, profileInvitations, users } from '../db/schema';
import { acceptInvitation, createInvitation, findProfile, invitationInfo } from '../queries/team';
import { createTestAuthParts } from '../testing/auth-parts';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { INVITATION_LIMIT } from './team';

const PUBLIC_URL = 'https://nordlys.example';
const NORTHWIND = '/api/companies/northwind-labs';
const FJORD = '/api/investors/fjord-ventures';

describe.each(backends)('teams and invitations on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL }, queue: true });
  const mailer = () => t.auth.mailer;
  const cookies: Record<string, string> = {};
  let counter = 0;
  const newAddress = (label: string) => `${label}-${++counter}-${backend}@example.test`;

  beforeAll(async () => {
    for (const who of ['founder', 'admin', 'talent', 'newbie', 'investor', 'multi', 'draft', 'sister']) {
      cookies[who] = await t.signIn(`${who}@nordlys.test`);
    }
  });

  const as = (who: string | null): Record<string, string> => (who ? { cookie: cookies[who]! } : {});
  const members = (base: string, who: string | null) => t.get(`${base}/members`, as(who));
  const post = (base: string, email: string, who: string | null) => t.send(`${base}/members`, { email }, { headers: as(who) });
  /** Invites, then runs the queue, as the server's worker would: the mail goes out. */
  const invite = async (base: string, email: string, who: string | null) => {
    const res = await post(base, email, who);
    await t.runJobs();
    return res;
  };
  const accept = (token: string, who: string | null) => t.send('/api/invitations/accept', { token }, { headers: as(who) });
  const remove = (base: string, userId: number, who: string | null) => t.send(`${base}/members/${userId}`, undefined, { method: 'DELETE', headers: as(who) });

  async function userId(email: string): Promise<number> {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  /** The token of the invitation link in the last mail to `to`, after checking that the link is a working site address. */
  function tokenFromMail(to: string): string {
    const mail = mailer().lastTo(to);
    expect(mail, `a mail to ${to}`).toBeDefined();
    const link = mail!.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe('/client/invitation');
    expect(mail!.html).toContain(link!.replace(/&/g, '&amp;'));
    return url.searchParams.get('token')!;
  }

  describe('GET members', () => {
    it('answers 401 signed out, 403 for a non-member, and the team for members and admins', async () => {
      expect((await members(NORTHWIND, null)).status).toBe(401);
      const outsider = await members(NORTHWIND, 'talent');
      expect(outsider.status).toBe(403);
      expect(outsider.body).toMatchObject({ code: 'E_FORBIDDEN' });

      const own = await members(NORTHWIND, 'founder');
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      const team = v.parse(TeamSchema, own.body);
      expect(team.members).toContainEqual(expect.objectContaining({ name: 'Mads Holm', email: 'founder@nordlys.test', role: 'admin' }));
      expect(Date.parse(team.members[0]!.joinedAt)).not.toBeNaN();

      const admin = await members(NORTHWIND, 'admin');
      expect(admin.status).toBe(200);
      expect(admin.body).toEqual(own.body);
    });

    it('works the same for investors, and answers 404 for unknown keys and 400 for malformed ones', async () => {
      const team = await members(FJORD, 'investor');
      expect(team.status).toBe(200);
      expect(v.parse(TeamSchema, team.body).members.map((m) => m.email)).toContain('investor@nordlys.test');
      expect((await members(FJORD, 'founder')).status).toBe(403);
      expect((await members('/api/companies/no-such-startup', 'admin')).status).toBe(404);
      expect((await members('/api/investors/no-such-investor', 'admin')).status).toBe(404);
      expect((await members('/api/companies/Bad_Key', 'admin')).status).toBe(400);
    });
  });

  describe('inviting', () => {
    it('refuses visitors (401), non-members (403), bad addresses (400) and members of the team (409)', async () => {
      expect((await invite(NORTHWIND, newAddress('x'), null)).status).toBe(401);
      expect((await invite(NORTHWIND, newAddress('x'), 'talent')).status).toBe(403);
      const bad = await invite(NORTHWIND, 'not-an-address', 'founder');
      expect(bad.status).toBe(400);
      expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);
      const member = await invite(NORTHWIND, 'Founder@Nordlys.test', 'founder');
      expect(member.status).toBe(409);
      expect(member.body).toMatchObject({ code: 'E_CONFLICT', errors: { email: ['This person is already a member of the team'] } });
    });

    it('mails a link that works for 7 days and lists the invitation as open (member and admin)', async () => {
      const to = newAddress('invitee');
      const before = Date.now();
      const res = await invite(NORTHWIND, to, 'founder');
      expect(res.status).toBe(201);
      const team = v.parse(TeamSchema, res.body);
      const open = team.invitations.find((i) => i.email === to);
      expect(open).toBeDefined();
      const days = (Date.parse(open!.expiresAt) - before) / 86_400_000;
      expect(days).toBeGreaterThan(INVITATION_DAYS - 0.01);
      expect(days).toBeLessThan(INVITATION_DAYS + 0.01);

      const mail = mailer().lastTo(to)!;
      expect(mail.subject).toBe('Join Northwind Labs on Nordlys');
      expect(mail.text).toContain('Mads Holm invites you');
      const token = tokenFromMail(to);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the hash is stored.
      const [row] = await t.db.select().from(profileInvitations).where(eq(profileInvitations.id, open!.id));
      expect(row!.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(row)).not.toContain(token);

      const info = await t.get(`/api/invitations/${token}`);
      expect(info.status).toBe(200);
      expect(v.parse(InvitationInfoSchema, info.body)).toEqual({
        kind: 'company',
        key: 'northwind-labs',
        name: 'Northwind Labs',
        invitedBy: 'Mads Holm',
        expiresAt: open!.expiresAt,
      });

      const byAdmin = await invite(FJORD, newAddress('investor-invitee'), 'admin');
      expect(byAdmin.status).toBe(201);
    });

    it('re-inviting an address replaces its open invitation: the old link is dead, the new one works', async () => {
      const to = newAddress('twice');
      await invite(NORTHWIND, to, 'founder');
      const first = tokenFromMail(to);
      const again = await invite(NORTHWIND, to, 'founder');
      expect(again.status).toBe(201);
      const second = tokenFromMail(to);
      expect(second).not.toBe(first);
      expect(again.body.invitations.filter((i: Team['invitations'][number]) => i.email === to)).toHaveLength(1);
      const old = await t.get(`/api/invitations/${first}`);
      expect(old.status).toBe(410);
      expect(old.body.code).toBe('E_GONE');
      expect((await t.get(`/api/invitations/${second}`)).status).toBe(200);
    });

    it('queues the mail with the invitation: the request sends nothing itself, the queue delivers it', async () => {
      const to = newAddress('queued');
      const res = await post(NORTHWIND, to, 'founder');
      expect(res.status).toBe(201);
      expect(mailer().lastTo(to)).toBeUndefined();
      expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
      expect(tokenFromMail(to)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('answers 201 while the mail server is down, and the mail is retried later, not lost', async () => {
      const to = newAddress('mail-down');
      mailer().failing = true;
      try {
        const res = await post(NORTHWIND, to, 'founder');
        expect(res.status).toBe(201);
        expect(res.body.invitations.some((i: Team['invitations'][number]) => i.email === to)).toBe(true);
        expect(await t.runJobs()).toEqual({ completed: 0, failed: 1 });
      } finally {
        mailer().failing = false;
      }
      // The failed try waits out its backoff; nothing is due yet.
      expect(await t.runJobs()).toEqual({ completed: 0, failed: 0 });
      const [waiting] = await t.queue.boss.findJobs('mail', { data: { to } });
      expect(waiting).toMatchObject({ state: 'retry', output: { message: 'SMTP connection refused (test mailer)' } });
      // Its time comes (the clock moved past the backoff).
      await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail' AND data->>'to' = ${to}`);
      expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
      expect((await t.get(`/api/invitations/${tokenFromMail(to)}`)).status).toBe(200);
    });

    it(`limits invitations per profile (${INVITATION_LIMIT.max} an hour): then 429 with Retry-After`, async () => {
      // Polaris Impact's own allowance, so no other test shares the count.
      for (let i = 0; i < INVITATION_LIMIT.max; i++) {
        const res = await invite('/api/companies/polaris-impact', newAddress('bulk'), 'sister');
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const refused = await invite('/api/companies/polaris-impact', newAddress('bulk'), 'sister');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('E_RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another profile is not affected.
      expect((await invite(NORTHWIND, newAddress('other'), 'founder')).status).toBe(201);
    });
  });

  describe('the invitation link', () => {
    it('answers 404 for an unknown token and 400 for a malformed one', async () => {
      const unknown = await t.get(`/api/invitations/${'A'.repeat(43)}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('E_NOT_FOUND');
      expect((await t.get('/api/invitations/short')).status).toBe(400);
      expect((await accept('A'.repeat(43), 'newbie')).status).toBe(404);
    });

    it('adds the signed-in user to the team once: the link is then used up for anyone else', async () => {
      await invite(NORTHWIND, 'newbie@nordlys.test', 'founder');
      const token = tokenFromMail('newbie@nordlys.test');

      expect((await accept(token, null)).status).toBe(401);
      expect((await members(NORTHWIND, 'newbie')).status).toBe(403);

      const taken = await accept(token, 'newbie');
      expect(taken.status).toBe(200);
      expect(v.parse(InvitationInfoSchema, taken.body)).toMatchObject({ kind: 'company', key: 'northwind-labs', name: 'Northwind Labs' });

      // The session sees the new membership at once: me lists the startup, the team page opens.
      const me = v.parse(UserSchema, (await t.get('/api/users/me', as('newbie'))).body);
      expect(me.companies.map((c) => c.key)).toContain('northwind-labs');
      const team = v.parse(TeamSchema, (await members(NORTHWIND, 'newbie')).body);
      expect(team.members.map((m) => m.email)).toContain('newbie@nordlys.test');
      expect(team.invitations.map((i) => i.email)).not.toContain('newbie@nordlys.test');

      // A double click answers the same; anyone else finds the link used.
      expect((await accept(token, 'newbie')).status).toBe(200);
      const reused = await accept(token, 'talent');
      expect(reused.status).toBe(410);
      expect(reused.body).toMatchObject({ code: 'E_GONE', message: expect.stringContaining('already been used') });
      expect((await members(NORTHWIND, 'talent')).status).toBe(403);
      expect((await t.get(`/api/invitations/${token}`)).status).toBe(410);
    });

    it('lets a user whose address differs from the invited one join (the link is the credential)', async () => {
      const to = newAddress('forwarded');
      await invite(FJORD, to, 'investor');
      const joined = await accept(tokenFromMail(to), 'talent');
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ kind: 'investor', key: 'fjord-ventures' });
      expect((await members(FJORD, 'talent')).status).toBe(200);
    });

    it('accepting as an existing member uses up the link and adds no second row', async () => {
      const to = newAddress('already');
      await invite(NORTHWIND, to, 'founder');
      const res = await accept(tokenFromMail(to), 'founder');
      expect(res.status).toBe(200);
      const [company] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
      const rows = await t.db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, company!.id), eq(companyMembers.userId, await userId('founder@nordlys.test'))));
      expect(rows).toHaveLength(1);
    });

    it(`expires after ${INVITATION_DAYS} days (by the clock passed in, no waiting)`, async () => {
      const profile = (await findProfile(t.db, 'company', 'northwind-labs'))!;
      const sent = new Date('2030-01-01T12:00:00Z');
      const { token } = await createInvitation(t.db, { profile, email: newAddress('clock'), invitedBy: await userId('founder@nordlys.test'), now: sent });
      const lastMoment = new Date(sent.getTime() + INVITATION_DAYS * 86_400_000 - 1);
      const expired = new Date(sent.getTime() + INVITATION_DAYS * 86_400_000);
      await expect(invitationInfo(t.db, token, lastMoment)).resolves.toMatchObject({ key: 'northwind-labs' });
      await expect(invitationInfo(t.db, token, expired)).rejects.toMatchObject({ code: 'E_GONE', status: 410 });
      await expect(acceptInvitation(t.db, token, await userId('talent@nordlys.test'), expired)).rejects.toMatchObject({ code: 'E_GONE' });
    });

    it('an expired link answers 410 over HTTP and cannot be accepted', async () => {
      const to = newAddress('late');
      await invite(NORTHWIND, to, 'founder');
      const token = tokenFromMail(to);
      await t.db.update(profileInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(profileInvitations.tokenHash, hashToken(token)));
      const info = await t.get(`/api/invitations/${token}`);
      expect(info.status).toBe(410);
      expect(info.body.message).toContain('expired');
      expect((await accept(token, 'multi')).status).toBe(410);
      expect((await members(NORTHWIND, 'multi')).status).toBe(403);
    });
  });

  describe('withdrawing an invitation', () => {
    it('member or admin; the link then answers 410; another profile or a second time 404', async () => {
      const to = newAddress('withdrawn');
      const sent = await invite(NORTHWIND, to, 'founder');
      const id = sent.body.invitations.find((i: Team['invitations'][number]) => i.email === to)!.id;
      const token = tokenFromMail(to);
      const withdraw = (base: string, who: string | null) => t.send(`${base}/invitations/${id}`, undefined, { method: 'DELETE', headers: as(who) });

      expect((await withdraw(NORTHWIND, null)).status).toBe(401);
      expect((await withdraw(NORTHWIND, 'talent')).status).toBe(403);
      expect((await withdraw('/api/companies/draft-startup', 'draft')).status).toBe(404);
      expect((await withdraw(NORTHWIND, 'founder')).status).toBe(204);
      expect((await members(NORTHWIND, 'founder')).body.invitations.map((i: Team['invitations'][number]) => i.email)).not.toContain(to);
      expect((await t.get(`/api/invitations/${token}`)).status).toBe(410);
      expect((await withdraw(NORTHWIND, 'admin')).status).toBe(404);

      // An admin withdraws another open one.
      const other = newAddress('withdrawn-by-admin');
      const otherId = (await invite(NORTHWIND, other, 'founder')).body.invitations.find((i: Team['invitations'][number]) => i.email === other)!.id;
      expect((await t.send(`${NORTHWIND}/invitations/${otherId}`, undefined, { method: 'DELETE', headers: as('admin') })).status).toBe(204);
      expect((await t.get(`/api/invitations/${tokenFromMail(other)}`)).status).toBe(410);
    });
  });

  describe('removing members and leaving', () => {
    it('the last member can neither leave nor be removed (409), for startups and investors alike', async () => {
      const draftId = await userId('draft@nordlys.test');
      const leave = await remove('/api/companies/draft-startup', draftId, 'draft');
      expect(leave.status).toBe(409);
      expect(leave.body.message).toMatch(/^A startup needs at least one admin/);
      expect((await remove('/api/companies/draft-startup', draftId, 'admin')).status).toBe(409);
      const stillThere = await members('/api/companies/draft-startup', 'draft');
      expect(stillThere.body.members.map((m: Team['members'][number]) => m.email)).toEqual(['draft@nordlys.test']);

      const sisterId = await userId('sister@nordlys.test');
      // Polaris Impact has one member: the same rule, and the investor message for investors.
      expect((await remove('/api/companies/polaris-impact', sisterId, 'sister')).status).toBe(409);
      const investorTeam = v.parse(TeamSchema, (await members(FJORD, 'investor')).body);
      for (const m of investorTeam.members.slice(1)) expect((await remove(FJORD, m.userId, 'admin')).status).toBe(204);
      const last = await remove(FJORD, investorTeam.members[0]!.userId, 'admin');
      expect(last.status).toBe(409);
      expect(last.body.message).toMatch(/^An investor needs at least one admin/);
    });

    it('a member removes another (non-members 403, unknown member 404); a member leaves; access ends at once', async () => {
      // multi joins Northwind by invitation.
      await invite(NORTHWIND, 'multi@nordlys.test', 'founder');
      expect((await accept(tokenFromMail('multi@nordlys.test'), 'multi')).status).toBe(200);
      const multiId = await userId('multi@nordlys.test');

      expect((await remove(NORTHWIND, multiId, null)).status).toBe(401);
      expect((await remove(NORTHWIND, multiId, 'draft')).status).toBe(403);
      expect((await remove(NORTHWIND, await userId('draft@nordlys.test'), 'founder')).status).toBe(404);
      expect((await remove(NORTHWIND, multiId, 'founder')).status).toBe(204);
      expect((await members(NORTHWIND, 'multi')).status).toBe(403);
      expect((await remove(NORTHWIND, multiId, 'founder')).status).toBe(404);

      // Invited again, multi leaves by itself.
      await invite(NORTHWIND, 'multi@nordlys.test', 'founder');
      expect((await accept(tokenFromMail('multi@nordlys.test'), 'multi')).status).toBe(200);
      expect((await remove(NORTHWIND, multiId, 'multi')).status).toBe(204);
      const me = v.parse(UserSchema, (await t.get('/api/users/me', as('multi'))).body);
      expect(me.companies.map((c) => c.key)).not.toContain('northwind-labs');
    });
  });
});

describe.each(backends)('invitations without a queue on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts() });

  it('sends the mail in the request: a failed send keeps nothing (503 E_MAIL_FAILED), and the earlier link keeps working', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const to = `mail-down-direct-${backend}@example.test`;
    const invite = () => t.send('/api/companies/northwind-labs/members', { email: to }, { headers: { cookie } });
    expect((await invite()).status).toBe(201);
    const earlier = new URL(t.auth.mailer.lastTo(to)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    t.auth.mailer.failing = true;
    try {
      const res = await invite();
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('E_MAIL_FAILED');
    } finally {
      t.auth.mailer.failing = false;
    }
    expect(await t.db.select().from(profileInvitations).where(eq(profileInvitations.email, to))).toHaveLength(1);
    expect((await t.get(`/api/invitations/${earlier}`)).status).toBe(200);
  });
});

describe.each(backends)('invitations without mail on %s', (backend) => {
  const t = useTestApp(backend);

  it('answers 503 E_UNAVAILABLE and keeps no invitation', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const res = await t.send('/api/companies/northwind-labs/members', { email: 'someone@example.test' }, { headers: { cookie } });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('E_UNAVAILABLE');
    expect(await t.db.select().from(profileInvitations).where(eq(profileInvitations.email, 'someone@example.test'))).toHaveLength(0);
  });
});
