/**
 * Issue #15, the funding quiz's API on both databases: the public results rank the directory with the
 * sdk rule (hidden investors never appear), and a startup's kept answers, its matches and one investor's
 * match are for its members and admins only.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { quizQuery, rankInvestors, type MatchableInvestor } from '@nordlys/sdk/funding-quiz';
import {
  CompanyFundingInvestorSchema,
  CompanyFundingQuizSchema,
  FundingQuizResultsSchema,
  type FundingQuizAnswers,
} from '@nordlys/sdk/schemas';
import { isInvestorPublic } from '@nordlys/sdk/visibility';
import { companies, fundingQuizAnswers, investors, users } from '../db/schema';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const NORTHWIND = 'northwind-labs';
const answers: FundingQuizAnswers = { stage: 'seed', industry: 'saas', amount: '100k-1m', countries: ['DK', 'SE'], impact: false };

describe.each(backends)('the funding quiz on %s', (backend) => {
  const t = useTestApp(backend);
  const cookies = new Map<string, string>();
  const as = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return { cookie: cookies.get(email)! };
  };
  const get = async (path: string, who?: string) => t.get(path, who ? await as(who) : {});
  const put = async (path: string, body: unknown, who?: string) => t.send(path, body, { method: 'PUT', headers: who ? await as(who) : {} });

  /** What the sdk rule makes of the whole directory, read straight from the table. */
  async function expectedRanking(given: FundingQuizAnswers) {
    const rows = await t.db.select().from(investors);
    const directory: MatchableInvestor[] = rows.filter((row) => isInvestorPublic({ status: row.status, platform: Object.fromEntries(row.platforms.map((p) => [p, true])) }));
    return { ranked: rankInvestors(given, directory), size: directory.length };
  }

  beforeAll(async () => {
    // A hidden investor that would match everything: it must never be offered.
    await t.db.insert(investors).values({
      key: `hidden-saas-fund-${backend}`,
      name: 'Aaa Hidden SaaS Fund',
      status: 'DRAFT',
      category: 'VENTURE_CAPITAL',
      industries: ['saas', 'impact'],
      countryCodes: ['DK', 'SE'],
      investmentRanges: ['100k-1m'],
    });
  });

  describe('GET funding/quiz/results', () => {
    it('ranks the public directory with the sdk rule, best first with reasons, cacheable by anyone', async () => {
      const res = await get(`/api/funding/quiz/results?${quizQuery(answers)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/^public, /);
      expect(res.headers.get('etag')).toBeTruthy();
      const results = v.parse(FundingQuizResultsSchema, res.body);
      const { ranked, size } = await expectedRanking(answers);
      expect(results.answers).toEqual(answers);
      expect(results.investors).toBe(size);
      expect(results.matched).toBe(ranked.length);
      expect(results.matches.length).toBe(Math.min(30, ranked.length));
      expect(results.matches.map((m) => [m.investor.key, m.score, m.level, m.reasons])).toEqual(
        ranked.slice(0, 30).map((m) => [m.investor.key, m.score, m.level, m.reasons]),
      );
      expect(results.matches.map((m) => m.investor.key)).not.toContain(`hidden-saas-fund-${backend}`);
      // The demo has investors in SaaS at seed that write such tickets: the best is a strong match that says so.
      const best = results.matches[0]!;
      expect(best.level).toBe('strong');
      expect(best.reasons.map((r) => r.text)).toEqual(expect.arrayContaining(['Invests in SaaS', 'Backs seed-stage startups']));
      // The answer carries the directory's summary, not the facts the rule read.
      expect(Object.keys(best.investor).sort()).toEqual(['category', 'countryCodes', 'id', 'industries', 'intro', 'key', 'logoImage', 'name']);
    });

    it('reads countries repeated or comma-separated and impact as yes or no', async () => {
      const comma = await get('/api/funding/quiz/results?stage=seed&industry=saas&amount=100k-1m&countries=se,dk&impact=no');
      expect(comma.status).toBe(200);
      expect(comma.body.answers).toEqual(answers);
      const impact = await get(`/api/funding/quiz/results?${quizQuery({ ...answers, impact: true, industry: 'cleantech' })}`);
      const { ranked } = await expectedRanking({ ...answers, impact: true, industry: 'cleantech' });
      expect(impact.body.matches.map((m: { investor: { key: string } }) => m.investor.key)).toEqual(ranked.slice(0, 30).map((m) => m.investor.key));
    });

    it('answers 400 naming each question left out or wrong', async () => {
      const res = await get('/api/funding/quiz/results?stage=seed&industry=impact&countries=XX');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('E_VALIDATION');
      expect(res.body.errors).toEqual({
        industry: ['Please choose your industry'],
        amount: ['Please choose how much you are raising'],
        countries: ['Please choose countries from the list'],
        impact: ['Please choose whether impact matters to you'],
      });
      expect((await get('/api/funding/quiz/results')).body.errors.stage).toEqual(['Please choose your stage']);
    });
  });

  describe("a startup's answers", () => {
    const path = `/api/companies/${NORTHWIND}/funding-quiz`;

    it('are for its members and admins: 401 for visitors, 403 for others, 404 for an unknown startup', async () => {
      expect((await get(path)).status).toBe(401);
      expect((await put(path, answers)).status).toBe(401);
      for (const who of ['talent@nordlys.test', 'investor@nordlys.test', 'draft@nordlys.test']) {
        const read = await get(path, who);
        expect(read.status, who).toBe(403);
        expect(read.headers.get('cache-control')).toBe('private, no-store');
        // Refused before the body is read: a stranger learns nothing from a 400.
        expect((await put(path, { stage: 'nope' }, who)).status, who).toBe(403);
        expect((await get(`/api/companies/${NORTHWIND}/funding/fjord-ventures`, who)).status, who).toBe(403);
      }
      expect((await get('/api/companies/no-such-startup/funding-quiz', 'admin@nordlys.test')).status).toBe(404);
    });

    it('are none before the quiz, then kept with their matches; a new quiz replaces them', async () => {
      const before = await get(path, 'founder@nordlys.test');
      expect(before.status).toBe(200);
      expect(v.parse(CompanyFundingQuizSchema, before.body)).toEqual({ answers: null, updatedAt: null, matches: [], matched: 0, investors: 0 });

      const bad = await put(path, { ...answers, countries: [], amount: 'lots' }, 'founder@nordlys.test');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ amount: ['Please choose how much you are raising'], countries: ['Please choose at least one country'] });

      const saved = await put(path, answers, 'founder@nordlys.test');
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.headers.get('cache-control')).toBe('private, no-store');
      const kept = v.parse(CompanyFundingQuizSchema, saved.body);
      const { ranked } = await expectedRanking(answers);
      expect(kept.answers).toEqual(answers);
      expect(kept.updatedAt).toBeTruthy();
      expect(kept.matches.map((m) => m.investor.key)).toEqual(ranked.slice(0, 30).map((m) => m.investor.key));
      expect((await get(path, 'founder@nordlys.test')).body).toEqual(saved.body);

      const [northwind] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, NORTHWIND));
      const [founder] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'founder@nordlys.test'));
      const rows = await t.db.select().from(fundingQuizAnswers).where(eq(fundingQuizAnswers.companyId, northwind!.id));
      expect(rows).toEqual([expect.objectContaining({ answers, userId: founder!.id })]);

      // An admin may take it for any startup (spec 6); one row per startup, the newest answers.
      const again = await put(path, { ...answers, stage: 'series-a' }, 'admin@nordlys.test');
      expect(again.status).toBe(200);
      expect(again.body.answers.stage).toBe('series-a');
      const after = await t.db.select().from(fundingQuizAnswers).where(eq(fundingQuizAnswers.companyId, northwind!.id));
      expect(after).toHaveLength(1);
      expect(after[0]!.answers.stage).toBe('series-a');
    });

    it('give one investor with its match; a hidden or unknown investor is not found', async () => {
      await put(path, answers, 'founder@nordlys.test');
      const res = await get(`/api/companies/${NORTHWIND}/funding/fjord-ventures`, 'founder@nordlys.test');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const one = v.parse(CompanyFundingInvestorSchema, res.body);
      expect(one.investor.key).toBe('fjord-ventures');
      expect(one.answers).toEqual(answers);
      const { ranked } = await expectedRanking(answers);
      const listed = ranked.find((m) => m.investor.key === 'fjord-ventures')!;
      expect(one.match).toEqual({ score: listed.score, level: listed.level, reasons: listed.reasons });
      expect(one.match!.reasons.map((r) => r.text)).toContain('Invests in SaaS');

      expect((await get(`/api/companies/${NORTHWIND}/funding/hidden-saas-fund-${backend}`, 'founder@nordlys.test')).status).toBe(404);
      expect((await get(`/api/companies/${NORTHWIND}/funding/no-such-fund`, 'admin@nordlys.test')).status).toBe(404);
    });

    it("shows an investor without a match before the startup's first quiz", async () => {
      // multi@'s startup has never taken it.
      const me = await get('/api/users/me', 'multi@nordlys.test');
      const key = (me.body.companies as { key: string }[])[0]!.key;
      const res = await get(`/api/companies/${key}/funding/fjord-ventures`, 'multi@nordlys.test');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ answers: null, match: null, investor: { key: 'fjord-ventures' } });
      // Northwind's answers are Northwind's own.
      expect((await get(`/api/companies/${key}/funding-quiz`, 'multi@nordlys.test')).body.answers).toBeNull();
    });
  });
});
