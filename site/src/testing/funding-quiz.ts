/** The funding quiz's fixtures for the site's tests (issue #15): answers, a small directory, and its results as the API ranks them. */
import { rankInvestors, type MatchableInvestor } from '@nordlys/sdk/funding-quiz';
import * as v from 'valibot';
import { FundingQuizResultsSchema, type FundingQuizAnswers, type FundingQuizResults, type InvestorSummary } from '@nordlys/sdk/schemas';

export const quizAnswers: FundingQuizAnswers = { stage: 'seed', industry: 'saas', amount: '100k-1m', countries: ['DK', 'SE'], impact: true };

const investor = (key: string, name: string, more: Partial<InvestorSummary & MatchableInvestor> = {}): InvestorSummary & MatchableInvestor => ({
  id: key.length,
  key,
  name,
  category: 'VENTURE_CAPITAL',
  logoImage: null,
  intro: `<p>${name} backs Nordic founders.</p>`,
  countryCodes: [],
  industries: [],
  markets: [],
  investmentRanges: [],
  typeKeywords: [],
  ...more,
});

/** A small directory: the sdk rule ranks it, as the server does. */
export const directory = [
  investor('boreal-partners', 'Boreal Partners', { industries: ['fintech'], countryCodes: ['FI'] }),
  investor('fjord-ventures', 'Fjord Ventures', { industries: ['saas', 'impact'], countryCodes: ['DK', 'NO'], investmentRanges: ['100k-1m'] }),
  investor('aurora-capital', 'Aurora Capital', { industries: ['saas'], countryCodes: ['SE'] }),
  investor('hafid-seafood', 'Hafið Seafood Ventures', { category: 'CORPORATE_VC', industries: ['foodtech'], countryCodes: ['IS'] }),
];

export function resultsFor(answers: FundingQuizAnswers): FundingQuizResults {
  const ranked = rankInvestors(answers, directory);
  // Held to the answer's schema, as the server's answers are.
  return v.parse(FundingQuizResultsSchema, {
    answers,
    // The API answers the directory's summary of each investor, without the facts the rule read.
    matches: ranked.map(({ investor: { id, key, name, category, logoImage, intro, countryCodes, industries }, ...match }) => ({
      investor: { id, key, name, category, logoImage, intro, countryCodes, industries },
      ...match,
    })),
    matched: ranked.length,
    investors: directory.length,
  });
}
