/**
 * Issue #15, the funding quiz: the public investors with what the ranking rule reads (sdk
 * funding-quiz.ts ranks them in memory: the directory is a few hundred profiles, not a job board),
 * and a startup's kept answers.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { MatchableInvestor } from '@nordlys/sdk/funding-quiz';
import type { FundingQuizAnswers, InvestorSummary } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { fundingQuizAnswers, images, investors } from '../db/schema';
import { toImage } from '../images';
import { investorIsPublic } from './visibility';

/** A public investor as the results list it, with the facts the rule reads. */
export type QuizInvestor = InvestorSummary & MatchableInvestor;

/** Every public investor (spec 4: ACTIVE and listed on this platform), by name as the directory sorts. */
export async function listQuizInvestors(db: Db): Promise<QuizInvestor[]> {
  const rows = await db
    .select({
      id: investors.id,
      key: investors.key,
      name: investors.name,
      category: investors.category,
      logo: images.path,
      intro: investors.intro,
      countryCodes: investors.countryCodes,
      industries: investors.industries,
      markets: investors.markets,
      investmentRanges: investors.investmentRanges,
      typeKeywords: investors.typeKeywords,
    })
    .from(investors)
    .leftJoin(images, eq(images.id, investors.logoImageId))
    .where(investorIsPublic())
    .orderBy(sql`lower(${investors.name}) collate "C"`, asc(investors.id));
  return rows.map(({ logo, ...row }) => ({ ...row, logoImage: toImage(logo) }));
}

/** A startup's kept answers and when they were saved, or null before its first quiz. */
export async function getQuizAnswers(db: Db, companyId: number): Promise<{ answers: FundingQuizAnswers; updatedAt: Date } | null> {
  const [row] = await db
    .select({ answers: fundingQuizAnswers.answers, updatedAt: fundingQuizAnswers.updatedAt })
    .from(fundingQuizAnswers)
    .where(eq(fundingQuizAnswers.companyId, companyId));
  return row ?? null;
}

/** Keeps a startup's answers (one set per startup: a new quiz replaces the last), and who gave them. */
export async function saveQuizAnswers(db: Db, { companyId, userId, answers, now }: { companyId: number; userId: number; answers: FundingQuizAnswers; now: Date }): Promise<void> {
  await db
    .insert(fundingQuizAnswers)
    .values({ companyId, userId, answers, updatedAt: now })
    .onConflictDoUpdate({ target: fundingQuizAnswers.companyId, set: { answers, userId, updatedAt: now } });
}
