/**
 * Custom domains with proof (issue #33) on both databases, through the app and the queue, against DNS
 * records the test writes: a claimed domain is not served until its TXT record (or a CNAME to the
 * startup's own target) proves it; "Check now" answers only for the caller's own claims; a verified
 * domain answers 409 to anyone else's claim; the daily re-check lapses a domain whose record is gone
 * (no longer served, its members mailed), after which another profile that proves control takes it.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { DOMAIN_STATES, isDomainServed } from '@nordlys/sdk/domains';
import { CompanySchema, DomainCheckSchema, ManagedFeedSchema } from '@nordlys/sdk/schemas';
import { createApp } from '../app';
import { readConfig } from '../config';
import type { Database } from '../db/client';
import { companies, companyMembers, users, whiteLabelFeeds } from '../db/schema';
import { TestResolver } from '../dns/test-resolver';
import { QUEUES, startQueue, type JobQueue } from '../queue/queue';
import { queueTasks, TASKS } from '../queue/tasks';
import { RecordingMailer } from '../testing/auth-parts';
import { signInDemo } from '../testing/app';
import { backends, openTestDatabase } from '../testing/database';
import { NOT_CLAIMED_MESSAGE } from './company-settings';

const SITE_HOST = 'nordlys.example';
const DOMAIN = 'jobs.northwind.example';

describe.each(backends)('custom domains with proof on %s', (backend) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let queue: JobQueue;
  let multiKey: string;
  const mailer = new RecordingMailer();
  const resolver = new TestResolver({ [SITE_HOST]: { a: ['192.0.2.10'] } });
  const config = { ...readConfig({ PUBLIC_URL: `https://${SITE_HOST}` }), isProduction: true, mainHosts: [SITE_HOST, 'localhost'], trustProxy: true };
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    app = createApp({ db: database.db, config, hostPages, resolver });
    queue = await startQueue(database, { mailer, supervise: false, ...queueTasks(database.db, { config, resolver, log: () => {} }) });
    for (const who of ['founder', 'admin', 'draft', 'multi', 'talent']) cookies[who] = await signInDemo((p, i) => app.request(p, i), `${who}@nordlys.test`);
    const [multi] = await database.db
      .select({ key: companies.key })
      .from(companies)
      .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(users.email, 'multi@nordlys.test'), eq(companies.status, 'ACTIVE')));
    multiKey = multi!.key;
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  async function call(method: string, path: string, who: string | null, body?: unknown) {
    const res = await app.request(path, {
      method,
      headers: { ...(who ? { cookie: cookies[who]! } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const claimCareers = async (key: string, who: string, domain: string | null) => {
    const res = await call('PUT', `/api/companies/${key}/settings`, who, { careersDomain: domain });
    return { ...res, claim: res.status === 200 ? v.parse(CompanySchema, res.body).manage!.careersDomainClaim : null };
  };
  const check = (domain: string, who: string | null) => call('POST', '/api/domain-check', who, { domain });
  const hostStatus = async (host: string) => (await app.request(`http://${host}/`, { headers: { Host: host } })).status;
  /** The daily re-check, run through the queue now, then the mail it queued. */
  async function dailyRecheck() {
    await queue.boss.send(TASKS.domainRecheck, {});
    expect(await queue.runPending([TASKS.domainRecheck])).toEqual({ completed: 1, failed: 0 });
    await queue.runPending([QUEUES.mail]);
  }

  it('a claimed domain is not served; the TXT record with its own token verifies it, and then it is served', async () => {
    const { status, claim } = await claimCareers('northwind-labs', 'founder', DOMAIN);
    expect(status).toBe(200);
    expect(claim).toMatchObject({ domain: DOMAIN, state: 'claimed', records: { txt: { name: `_nordlys.${DOMAIN}` }, cname: { name: DOMAIN, value: `northwind-labs.${SITE_HOST}` } } });
    const token = claim!.records.txt.value;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // Routed here already (a CNAME to the shared host), but not proven: not served.
    resolver.records[DOMAIN] = { cname: SITE_HOST };
    expect(await hostStatus(DOMAIN)).toBe(404);
    const unproven = await check(DOMAIN, 'founder');
    expect(unproven.status).toBe(200);
    expect(v.parse(DomainCheckSchema, unproven.body)).toMatchObject({ state: 'claimed', proof: null, pointsHere: true });
    // Someone else's token proves nothing.
    resolver.records[`_nordlys.${DOMAIN}`] = { txt: ['not-the-token'] };
    expect((await check(DOMAIN, 'founder')).body).toMatchObject({ state: 'claimed', proof: null });
    resolver.records[`_nordlys.${DOMAIN}`] = { txt: ['v=spf1 -all', token] };
    const proven = await check(DOMAIN, 'founder');
    expect(proven.body).toMatchObject({ domain: DOMAIN, state: 'verified', proof: 'TXT', verifiedAt: expect.any(String) });
    expect(await hostStatus(DOMAIN)).toBe(200);
    // Saving the same domain again keeps its state and token.
    const again = await claimCareers('northwind-labs', 'founder', DOMAIN);
    expect(again.claim).toMatchObject({ state: 'verified', records: { txt: { value: token } } });
  });

  it("a CNAME to the startup's own target proves a feed's domain; a CNAME to the site's shared host does not", async () => {
    const feedDomain = 'feed.partner.example';
    const created = await call('POST', '/api/companies/northwind-labs/white-label-feeds', 'founder', { name: 'Partner', domain: feedDomain, filters: {} });
    expect(created.status).toBe(201);
    expect(v.parse(ManagedFeedSchema, created.body).domainClaim.state).toBe('claimed');
    resolver.records[feedDomain] = { cname: SITE_HOST };
    expect((await check(feedDomain, 'founder')).body).toMatchObject({ state: 'claimed', proof: null });
    expect(await hostStatus(feedDomain)).toBe(404);
    resolver.records[feedDomain] = { cname: `northwind-labs.${SITE_HOST}` };
    expect((await check(feedDomain, 'founder')).body).toMatchObject({ state: 'verified', proof: 'CNAME' });
    expect(await hostStatus(feedDomain)).toBe(200);
    // Another startup's target is not Northwind's.
    const otherDomain = 'other.partner.example';
    expect((await call('POST', '/api/companies/northwind-labs/white-label-feeds', 'founder', { name: 'Other', domain: otherDomain, filters: {} })).status).toBe(201);
    resolver.records[otherDomain] = { cname: `${multiKey}.${SITE_HOST}` };
    expect((await check(otherDomain, 'founder')).body).toMatchObject({ state: 'claimed', proof: null });
  });

  it('the domain check answers only for the caller\'s own claimed domains (an admin: any claim), asking DNS nothing otherwise', async () => {
    resolver.records['jobs.acme.test'] = { cname: SITE_HOST };
    const asked = resolver.asked.length;
    const foreign = await check('jobs.acme.test', 'founder');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'E_NOT_FOUND', errors: { domain: [NOT_CLAIMED_MESSAGE] } });
    // Another startup's claim is no claim of the caller's.
    expect((await claimCareers('draft-startup', 'draft', 'careers.draft.example')).status).toBe(200);
    expect((await check('careers.draft.example', 'founder')).status).toBe(404);
    expect((await check('careers.draft.example', 'talent')).status).toBe(404);
    expect(resolver.asked.length).toBe(asked);
    // spec 6: an admin bypasses the membership; the owner may check too.
    expect((await check('careers.draft.example', 'admin')).body).toMatchObject({ domain: 'careers.draft.example', state: 'claimed' });
    expect((await check('careers.draft.example', 'draft')).status).toBe(200);
    expect((await check('careers.draft.example', null)).status).toBe(401);
    expect((await check('-bad-.test', 'founder')).body.errors.domain).toBeDefined();
  });

  it('a domain verified by one profile answers 409 to another\'s claim, with a field message; pending claims of one domain may be several', async () => {
    const careers = await claimCareers('draft-startup', 'draft', DOMAIN.toUpperCase());
    expect(careers.status).toBe(409);
    expect(careers.body).toMatchObject({ code: 'E_CONFLICT', errors: { careersDomain: [expect.stringContaining('whose owner proved it in DNS')] } });
    const feed = await call('POST', `/api/companies/${multiKey}/white-label-feeds`, 'multi', { name: 'Squat', domain: DOMAIN, filters: {} });
    expect(feed.status).toBe(409);
    expect(feed.body.errors.domain).toBeDefined();
    // Nobody proved this one: both may claim it, and wait.
    expect((await claimCareers('draft-startup', 'draft', 'pending.shared.example')).status).toBe(200);
    expect((await claimCareers(multiKey, 'multi', 'pending.shared.example')).status).toBe(200);
  });

  it('takeover: when the owner\'s record is removed, the daily re-check lapses the domain (not served, members mailed), and another profile that proves control takes it', async () => {
    // The verified owner's proof stays: the re-check keeps it, mails nobody.
    const sent = mailer.sent.length;
    await dailyRecheck();
    expect(await hostStatus(DOMAIN)).toBe(200);
    expect(mailer.sent.length).toBe(sent);

    // The owner's records are removed (the domain still routes here through the shared host).
    delete resolver.records[`_nordlys.${DOMAIN}`];
    await dailyRecheck();
    expect(await hostStatus(DOMAIN)).toBe(404);
    const [row] = await database.db.select({ state: companies.careersDomainState }).from(companies).where(eq(companies.key, 'northwind-labs'));
    expect(row!.state).toBe('lapsed');
    const mails = mailer.sent.slice(sent).filter((m) => m.subject.includes(DOMAIN));
    expect(mails.map((m) => m.to)).toContain('founder@nordlys.test');
    expect(mails[0]!.text).toContain(`_nordlys.${DOMAIN}`);
    expect(mails[0]!.text).toContain(`https://${SITE_HOST}/client/startups/northwind-labs/settings`);
    // A second round mails nobody again: it is already lapsed.
    const after = mailer.sent.length;
    await dailyRecheck();
    expect(mailer.sent.length).toBe(after);

    // Another profile may now claim it, and proves control with its own token.
    const taker = await claimCareers(multiKey, 'multi', DOMAIN);
    expect(taker.status).toBe(200);
    resolver.records[`_nordlys.${DOMAIN}`] = { txt: [taker.claim!.records.txt.value] };
    expect((await check(DOMAIN, 'multi')).body).toMatchObject({ state: 'verified', proof: 'TXT' });
    const served = await app.request(`http://${DOMAIN}/`, { headers: { Host: DOMAIN } });
    expect(served.status).toBe(200);
    expect(await served.text()).not.toContain('Northwind Labs');
    // The former owner's proof coming back does not take it back: 409, and it stays lapsed.
    const founderToken = (await claimCareers('northwind-labs', 'founder', DOMAIN)).status;
    expect(founderToken).toBe(409);
  });

  it('a DNS lookup that fails during the re-check changes nothing', async () => {
    resolver.records[`_nordlys.${DOMAIN}`] = { fail: true };
    const sent = mailer.sent.length;
    await dailyRecheck();
    expect(await hostStatus(DOMAIN)).toBe(200);
    expect(mailer.sent.length).toBe(sent);
    const res = await check(DOMAIN, 'multi');
    expect(res.status).toBe(503);
  });

  it('host routing serves a feed domain exactly in the states the sdk rule isDomainServed names (the SQL twin agrees)', async () => {
    const [feed] = await database.db.select({ id: whiteLabelFeeds.id }).from(whiteLabelFeeds).where(eq(whiteLabelFeeds.domain, 'feed.partner.example'));
    for (const state of DOMAIN_STATES) {
      await database.db.update(whiteLabelFeeds).set({ domainState: state }).where(eq(whiteLabelFeeds.id, feed!.id));
      const res = await app.request('/api/companies/white-label-feed-domain/feed.partner.example');
      expect(res.status, state).toBe(isDomainServed(state) ? 200 : 404);
    }
  });
});
