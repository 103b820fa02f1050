/**
 * Issue #15, the funding quiz (spec 2.1 /funding/quiz; the rule is sdk funding-quiz.ts):
 *
 *   GET /funding/quiz/results?{answers}        anyone: the public investors that match, best first
 *                                              (400 with a message per question left out or wrong)
 *   GET /companies/{key}/funding-quiz          members and admins: the kept answers and their matches
 *                                              (answers null before the first quiz)
 *   PUT /companies/{key}/funding-quiz          members and admins: keeps the answers, answers as GET
 *   GET /companies/{key}/funding/{investor}    members and admins: one public investor with its match
 *
 * A stranger gets 403 and a visitor 401 before the body is read; an unknown or deleted startup 404.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { FUNDING_QUIZ_RESULTS_MAX, matchInvestor, rankInvestors } from '@nordlys/sdk/funding-quiz';
import {
  CompanyFundingInvestorSchema,
  CompanyFundingQuizSchema,
  CompanyKeySchema,
  FundingQuizAnswersSchema,
  FundingQuizQuerySchema,
  FundingQuizResultsSchema,
  InvestorKeySchema,
  type CompanyFundingQuiz,
  type FundingQuizAnswers,
  type FundingQuizResults,
  type InvestorMatch,
} from '@nordlys/sdk/schemas';
import { isInvestorPublic } from '@nordlys/sdk/visibility';
import { currentViewer, requireUser } from '../accounts/guards';
import { now } from '../clock';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { privateNoStore, publicRead } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getQuizAnswers, listQuizInvestors, saveQuizAnswers, type QuizInvestor } from '../queries/funding-quiz';
import { getInvestor } from '../queries/investors';
import { findLiveProfile } from '../queries/profile-kind';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const KeyParam = v.object({ key: CompanyKeySchema });
const InvestorParam = v.object({ key: CompanyKeySchema, investor: InvestorKeySchema });

/** The directory ranked for the answers: the best FUNDING_QUIZ_RESULTS_MAX, how many match at all, and how many there are. */
async function rankDirectory(db: Db, answers: FundingQuizAnswers): Promise<Omit<FundingQuizResults, 'answers'>> {
  const directory = await listQuizInvestors(db);
  const ranked = rankInvestors(answers, directory);
  return { matches: ranked.slice(0, FUNDING_QUIZ_RESULTS_MAX).map(toMatch), matched: ranked.length, investors: directory.length };
}

/** The answer's shape: the investor as the directory lists it (the facts the rule read stay inside). */
function toMatch({ investor, score, level, reasons }: ReturnType<typeof rankInvestors<QuizInvestor>>[number]): InvestorMatch {
  const { id, key, name, category, logoImage, intro, countryCodes, industries } = investor;
  return { investor: { id, key, name, category, logoImage, intro, countryCodes, industries }, score, level, reasons };
}

/** The startup's kept answers, when they still pass today's schema (a vocabulary change may retire a value: then the quiz is taken again). */
async function keptAnswers(db: Db, companyId: number): Promise<{ answers: FundingQuizAnswers; updatedAt: Date } | null> {
  const kept = await getQuizAnswers(db, companyId);
  const valid = kept && v.safeParse(FundingQuizAnswersSchema, kept.answers);
  return kept && valid && valid.success ? { answers: valid.output, updatedAt: kept.updatedAt } : null;
}

async function companyQuiz(db: Db, companyId: number): Promise<CompanyFundingQuiz> {
  const kept = await keptAnswers(db, companyId);
  if (!kept) return { answers: null, updatedAt: null, matches: [], matched: 0, investors: 0 };
  return { answers: kept.answers, updatedAt: kept.updatedAt.toISOString(), ...(await rankDirectory(db, kept.answers)) };
}

export function fundingQuizRouter({ db }: RouterDeps) {
  return new Hono<AppEnv>()
    .get(
      '/funding/quiz/results',
      operation({ summary: "The public investors that match the funding quiz's answers, best first", access: 'public', response: FundingQuizResultsSchema }),
      publicRead(),
      validate('query', FundingQuizQuerySchema),
      async (c) => {
        const answers = c.req.valid('query');
        return c.json({ answers, ...(await rankDirectory(db, answers)) } satisfies FundingQuizResults);
      },
    )
    .get(
      '/companies/:key/funding-quiz',
      operation({ summary: "The startup's kept funding quiz answers and their matches", access: 'company', response: CompanyFundingQuizSchema, errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      managesProfile(db, 'company'),
      async (c) => {
        const company = await findLiveProfile(db, 'company', c.req.valid('param').key);
        return c.json(await companyQuiz(db, company.id));
      },
    )
    .put(
      '/companies/:key/funding-quiz',
      operation({ summary: "Save the startup's funding quiz answers and rank the investors for them", access: 'company', response: CompanyFundingQuizSchema, errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      managesProfile(db, 'company'),
      validate('json', FundingQuizAnswersSchema),
      async (c) => {
        const company = await findLiveProfile(db, 'company', c.req.valid('param').key);
        await saveQuizAnswers(db, { companyId: company.id, userId: currentViewer(c).userId, answers: c.req.valid('json'), now: now() });
        return c.json(await companyQuiz(db, company.id));
      },
    )
    .get(
      '/companies/:key/funding/:investor',
      operation({ summary: "A public investor with its match to the startup's kept answers", access: 'company', response: CompanyFundingInvestorSchema, errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', InvestorParam),
      managesProfile(db, 'company'),
      async (c) => {
        const params = c.req.valid('param');
        const company = await findLiveProfile(db, 'company', params.key);
        const investor = await getInvestor(db, params.investor);
        // Only the directory's investors (spec 4): a hidden one is not found, as on its public page.
        if (!investor || !isInvestorPublic(investor)) throw notFound('Investor');
        const kept = await keptAnswers(db, company.id);
        return c.json({ investor, answers: kept?.answers ?? null, match: kept ? matchInvestor(kept.answers, investor) : null });
      },
    );
}
