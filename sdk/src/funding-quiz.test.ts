import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  describeAnswers,
  firstUnanswered,
  FUNDING_QUIZ_COUNTRIES,
  FUNDING_QUIZ_INDUSTRIES,
  fundingContact,
  investorStages,
  matchInvestor,
  parseQuizAnswers,
  QUIZ_STEPS,
  quizQuery,
  rankInvestors,
  readQuizDraft,
  type MatchableInvestor,
} from './funding-quiz';
import { paths } from './routes';
import { FundingQuizAnswersSchema, FundingQuizQuerySchema, type FundingQuizAnswers } from './schemas/funding-quiz';
import { FUNDING_STAGES, INDUSTRIES, INVESTMENT_RANGES, INVESTOR_CATEGORIES, MARKETS } from './vocabulary';

const answers: FundingQuizAnswers = { stage: 'seed', industry: 'saas', amount: '100k-1m', countries: ['DK', 'SE'], impact: true };

const investor = (more: Partial<MatchableInvestor> = {}): MatchableInvestor => ({
  key: 'fjord-ventures',
  name: 'Fjord Ventures',
  category: 'VENTURE_CAPITAL',
  industries: [],
  countryCodes: [],
  markets: [],
  investmentRanges: [],
  typeKeywords: [],
  ...more,
});

describe('the questions', () => {
  it('ask for stage, industry, amount, countries and impact, one per screen, with options from the vocabulary', () => {
    expect(QUIZ_STEPS.map((s) => s.name)).toEqual(['stage', 'industry', 'amount', 'countries', 'impact']);
    expect(QUIZ_STEPS[0]!.options).toBe(FUNDING_STAGES);
    expect(QUIZ_STEPS[2]!.options).toBe(INVESTMENT_RANGES);
    // Impact is its own question, not an industry.
    expect(FUNDING_QUIZ_INDUSTRIES.map((i) => i.value)).toEqual(INDUSTRIES.map((i) => i.value).filter((i) => i !== 'impact'));
    expect(FUNDING_QUIZ_COUNTRIES.map((c) => c.value)).not.toContain('NI');
    expect(QUIZ_STEPS.filter((s) => s.multiple).map((s) => s.name)).toEqual(['countries']);
    for (const step of QUIZ_STEPS) expect(step.required).toMatch(/^Please choose/);
  });
});

describe('answers in a query string', () => {
  it('writes the questions in order, countries repeated in the list order, impact as yes/no', () => {
    expect(quizQuery({ ...answers, countries: ['SE', 'DK'] })).toBe('stage=seed&industry=saas&amount=100k-1m&countries=DK&countries=SE&impact=yes');
    expect(quizQuery({ stage: 'growth', impact: false })).toBe('stage=growth&impact=no');
    expect(paths.fundingQuizResults(quizQuery(answers))).toBe('/funding/quiz/results?stage=seed&industry=saas&amount=100k-1m&countries=DK&countries=SE&impact=yes');
  });

  it('reads back what it wrote, for any answers', () => {
    const arbitraryAnswers = fc.record({
      stage: fc.constantFrom(...FUNDING_STAGES.map((s) => s.value)),
      industry: fc.constantFrom(...FUNDING_QUIZ_INDUSTRIES.map((i) => i.value)),
      amount: fc.constantFrom(...INVESTMENT_RANGES.map((r) => r.value)),
      countries: fc.subarray(FUNDING_QUIZ_COUNTRIES.map((c) => c.value), { minLength: 1 }),
      impact: fc.boolean(),
    });
    fc.assert(
      fc.property(arbitraryAnswers, (given) => {
        const parsed = parseQuizAnswers(new URLSearchParams(quizQuery(given)));
        expect(parsed).toEqual({ success: true, answers: given });
        expect(v.parse(FundingQuizAnswersSchema, given)).toEqual(given);
      }),
    );
  });

  it('takes countries comma-separated and in any case, and drops duplicates', () => {
    const parsed = parseQuizAnswers(new URLSearchParams('stage=seed&industry=saas&amount=5m%2B&countries=se,dk&countries=DK&impact=no'));
    expect(parsed).toEqual({ success: true, answers: { stage: 'seed', industry: 'saas', amount: '5m+', countries: ['DK', 'SE'], impact: false } });
    // Hono hands a lone value as a string, and leaves out what is not there.
    expect(v.parse(FundingQuizQuerySchema, { stage: 'seed', industry: 'ai', amount: '1m-5m', countries: 'FI', impact: 'yes' }).countries).toEqual(['FI']);
    const missing = v.safeParse(FundingQuizQuerySchema, { stage: 'seed' });
    expect(missing.issues?.map((i) => i.message)).toEqual([
      'Please choose your industry',
      'Please choose how much you are raising',
      'Please choose at least one country',
      'Please choose whether impact matters to you',
    ]);
  });

  it('names what is missing or wrong, keeps the rest, and points at the first question to answer', () => {
    const parsed = parseQuizAnswers(new URLSearchParams('stage=seed&industry=impact&countries=XX&countries=DK&impact=maybe'));
    expect(parsed).toEqual({
      success: false,
      draft: { stage: 'seed', countries: ['DK'] },
      first: 'industry',
      errors: {
        industry: 'Please choose your industry',
        amount: 'Please choose how much you are raising',
        countries: 'Please choose countries from the list',
        impact: 'Please choose whether impact matters to you',
      },
    });
    const empty = parseQuizAnswers(new URLSearchParams(''));
    expect(empty.success).toBe(false);
    if (!empty.success) {
      expect(empty.first).toBe('stage');
      expect(empty.errors.countries).toBe('Please choose at least one country');
    }
  });

  it('reads a draft: only values the questions offer, the first unanswered question', () => {
    const draft = readQuizDraft(new URLSearchParams('stage=SEED&industry=knitting&countries=dk,xx&impact=no'));
    expect(draft).toEqual({ stage: 'seed', countries: ['DK'], impact: false });
    expect(firstUnanswered(draft)).toBe('industry');
    expect(firstUnanswered(answers)).toBeNull();
    expect(firstUnanswered({})).toBe('stage');
  });
});

describe('stages of an investor', () => {
  it('come from its category, its type keywords and its ticket sizes', () => {
    expect(investorStages(investor({ category: 'ANGEL' }))).toEqual(['pre-seed', 'seed']);
    expect(investorStages(investor({ category: 'VENTURE_CAPITAL' }))).toEqual(['seed', 'series-a', 'series-b']);
    expect(investorStages(investor({ category: 'FAMILY_OFFICE', typeKeywords: ['ANGELS'] }))).toEqual(FUNDING_STAGES.map((s) => s.value));
    expect(investorStages(investor({ category: 'SOMETHING', investmentRanges: ['5m+'] }))).toEqual(['series-b', 'growth']);
    expect(investorStages(investor({ category: 'SOMETHING' }))).toEqual([]);
  });
});

describe('matching one investor', () => {
  it('says why, strongest reason first, and scores out of 100', () => {
    const all = investor({ industries: ['saas', 'impact'], countryCodes: ['DK', 'SE', 'NO'], investmentRanges: ['100k-1m'] });
    expect(matchInvestor(answers, all)).toEqual({
      score: 100,
      level: 'strong',
      reasons: [
        { kind: 'industry', text: 'Invests in SaaS' },
        { kind: 'stage', text: 'Backs seed-stage startups' },
        { kind: 'amount', text: 'Writes tickets of €100k–1M' },
        { kind: 'countries', text: 'Active in Denmark and Sweden' },
        { kind: 'impact', text: 'Impact investor' },
      ],
    });
    const some = matchInvestor({ ...answers, amount: '0-100k', stage: 'pre-seed' }, investor({ category: 'ANGEL', investmentRanges: ['0-100k'], markets: ['nordics'] }));
    expect(some.reasons.map((r) => r.text)).toEqual(['Backs pre-seed startups', 'Writes tickets of up to €100k', 'Invests across the Nordics']);
    expect(some).toMatchObject({ score: 55, level: 'good' });
    expect(matchInvestor(answers, investor({ category: 'CORPORATE_VC' }))).toEqual({ score: 0, level: 'partial', reasons: [] });
  });

  it('counts impact only when it matters', () => {
    const impact = investor({ industries: ['saas', 'impact'] });
    expect(matchInvestor({ ...answers, impact: false }, impact).reasons.map((r) => r.kind)).toEqual(['industry', 'stage']);
    // Without the impact question, the same facts weigh more out of fewer points.
    expect(matchInvestor({ ...answers, impact: false }, impact).score).toBe(61);
    expect(matchInvestor(answers, impact).score).toBe(65);
  });

  it('falls back to the markets it invests in for countries', () => {
    const countries = (markets: string[], given = answers) => matchInvestor(given, investor({ category: 'X', markets })).reasons;
    expect(countries(['global'])).toEqual([{ kind: 'countries', text: 'Invests globally' }]);
    expect(countries(['europe', 'nordics'])).toEqual([{ kind: 'countries', text: 'Invests across Europe' }]);
    expect(countries(['nordics'], { ...answers, countries: ['DE'] })).toEqual([]);
    expect(matchInvestor(answers, investor({ category: 'X', countryCodes: ['SE', 'DK', 'FI'] })).reasons[0]!.text).toBe('Active in Denmark and Sweden');
    expect(matchInvestor({ ...answers, countries: ['DK', 'SE', 'NO'] }, investor({ category: 'X', countryCodes: ['SE', 'DK', 'NO'] })).reasons[0]!.text).toBe(
      'Active in Denmark, Sweden and Norway',
    );
  });
});

const arbitraryInvestor = fc.record({
  key: fc.stringMatching(/^[a-z]{1,6}$/),
  name: fc.constantFrom('Aurora', 'Boreal', 'Fjord', 'Øresund', 'aurora', 'Saga'),
  category: fc.constantFrom(...INVESTOR_CATEGORIES.map((c) => c.value), 'OTHER'),
  industries: fc.subarray(INDUSTRIES.map((i) => i.value)),
  countryCodes: fc.subarray(FUNDING_QUIZ_COUNTRIES.map((c) => c.value)),
  markets: fc.subarray(MARKETS.map((m) => m.value)),
  investmentRanges: fc.subarray(INVESTMENT_RANGES.map((r) => r.value)),
  typeKeywords: fc.subarray(['ANGEL', 'ANGELS', 'VENTURES']),
});
const arbitraryAnswers = fc.record({
  stage: fc.constantFrom(...FUNDING_STAGES.map((s) => s.value)),
  industry: fc.constantFrom(...FUNDING_QUIZ_INDUSTRIES.map((i) => i.value)),
  amount: fc.constantFrom(...INVESTMENT_RANGES.map((r) => r.value)),
  countries: fc.subarray(FUNDING_QUIZ_COUNTRIES.map((c) => c.value), { minLength: 1 }),
  impact: fc.boolean(),
});
// Keys are unique in the directory.
const arbitraryDirectory = fc.uniqueArray(arbitraryInvestor, { selector: (i) => i.key, maxLength: 25 });

describe('ranking the directory', () => {
  it('orders by score, then by name, whatever order the investors came in', () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryDirectory, fc.func(fc.integer()), (given, directory, shuffle) => {
        const ranked = rankInvestors(given, directory);
        const shuffled = [...directory].sort((a, b) => shuffle(a.key) - shuffle(b.key) || (a.key < b.key ? -1 : 1));
        expect(rankInvestors(given, shuffled)).toEqual(ranked);
        for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
        // Only investors that match something, each with its reasons and its own match.
        for (const match of ranked) {
          expect(match.reasons.length).toBeGreaterThan(0);
          expect(match).toEqual({ investor: match.investor, ...matchInvestor(given, match.investor) });
        }
        expect(ranked.length).toBe(directory.filter((i) => matchInvestor(given, i).reasons.length > 0).length);
      }),
    );
  });

  it('never ranks a better match lower: meeting one more answer only moves an investor up', () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryDirectory, fc.nat(), fc.constantFrom('industry', 'amount', 'countries', 'impact', 'stage'), (given, directory, pick, what) => {
        // Impact adds nothing when it does not matter.
        if (directory.length === 0 || (what === 'impact' && !given.impact)) return;
        const index = pick % directory.length;
        const before = directory[index]!;
        const better: MatchableInvestor = {
          ...before,
          industries: what === 'industry' ? [...before.industries, given.industry] : what === 'impact' ? [...before.industries, 'impact'] : before.industries,
          investmentRanges: what === 'amount' ? [...before.investmentRanges, given.amount] : before.investmentRanges,
          countryCodes: what === 'countries' ? [...before.countryCodes, given.countries[0]!] : before.countryCodes,
        };
        if (what === 'stage') {
          // It backs the asked round too, through a ticket size that fits it.
          const fits = { 'pre-seed': '0-100k', seed: '0-100k', 'series-a': '100k-1m', 'series-b': '1m-5m', growth: '5m+' } as const;
          better.investmentRanges = [...before.investmentRanges, fits[given.stage]];
        }
        const rank = (list: readonly MatchableInvestor[]) => rankInvestors(given, list).findIndex((m) => m.investor.key === before.key);
        const after: MatchableInvestor[] = [...directory];
        after[index] = better;
        const was = rank(directory);
        const now = rank(after);
        expect(now).toBeGreaterThanOrEqual(0);
        if (was >= 0) expect(now).toBeLessThanOrEqual(was);
        expect(matchInvestor(given, better).score).toBeGreaterThanOrEqual(matchInvestor(given, before).score);
      }),
    );
  });

  it('puts a strictly better match first, and breaks ties by name in code-point order', () => {
    const ranked = rankInvestors(answers, [
      investor({ key: 'b', name: 'Øresund', industries: ['saas'] }),
      investor({ key: 'a', name: 'Aurora', industries: ['saas'] }),
      investor({ key: 'c', name: 'Zulu', industries: ['saas', 'impact'], countryCodes: ['DK'] }),
      investor({ key: 'd', name: 'Nobody', category: 'CORPORATE_VC' }),
    ]);
    expect(ranked.map((m) => m.investor.name)).toEqual(['Zulu', 'Aurora', 'Øresund']);
    expect(ranked.map((m) => m.level)).toEqual(['strong', 'good', 'good']);
  });
});

describe('words for pages', () => {
  it('describes the answers', () => {
    expect(describeAnswers(answers)).toEqual([
      { label: 'Round', value: 'Seed' },
      { label: 'Industry', value: 'SaaS' },
      { label: 'Raising', value: '€100k–1M' },
      { label: 'Countries', value: 'Denmark and Sweden' },
      { label: 'Impact matters', value: 'Yes' },
    ]);
  });

  it('contacts an investor the way it prefers, naming the startup in an e-mail', () => {
    const fjord = { name: 'Fjord Ventures', contactPreference: 'EMAIL' as const, contactEmail: 'hello@fjord.vc', website: 'fjord.vc' };
    expect(fundingContact(fjord, 'Northwind Labs')).toEqual({
      kind: 'email',
      href: 'mailto:hello@fjord.vc?subject=Northwind%20Labs%20is%20raising%20%E2%80%93%20introduction%20via%20Nordlys',
      label: 'E-mail Fjord Ventures',
    });
    expect(fundingContact({ ...fjord, contactPreference: 'WEBSITE' }, 'Northwind Labs')).toEqual({
      kind: 'website',
      href: 'http://fjord.vc',
      label: 'Visit the website of Fjord Ventures',
    });
    expect(fundingContact({ ...fjord, contactEmail: null }, 'N')?.kind).toBe('website');
    expect(fundingContact({ ...fjord, contactPreference: 'WEBSITE', website: null }, 'N')?.kind).toBe('email');
    expect(fundingContact({ ...fjord, contactEmail: null, website: null }, 'N')).toBeNull();
  });
});
