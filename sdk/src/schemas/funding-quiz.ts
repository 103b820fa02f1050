/**
 * Issue #15: the funding quiz (spec 2.1 /funding/quiz): the answers a startup gives, and the investors
 * of the directory ranked by how well they match (sdk funding-quiz.ts holds the ranking rule).
 */
import * as v from 'valibot';
import { COUNTRIES } from '../constants';
import { FUNDING_STAGES, INDUSTRIES } from '../company-vocabulary';
import { INVESTMENT_RANGES } from '../investor-vocabulary';
import type { Term } from '../terms';
import { InvestorSchema, InvestorSummarySchema } from './investor';

const values = <T extends { value: string }>(terms: readonly T[]) => terms.map((t) => t.value) as [T['value'], ...T['value'][]];

/** The industries the quiz offers: the vocabulary's, without impact, which has its own question. */
export const FUNDING_QUIZ_INDUSTRIES = /* @__PURE__ */ INDUSTRIES.filter((i) => i.value !== 'impact');

/** The countries the quiz offers: the site's countries as job search lists them (spec 9: without NI). */
export const FUNDING_QUIZ_COUNTRIES: readonly Term[] = /* @__PURE__ */ COUNTRIES.filter((c) => c.value !== 'NI');

/** The most countries one answer may name: all of them. */
const COUNTRIES_MAX = 10;

export const FUNDING_QUIZ_MESSAGES = {
  stage: 'Please choose your stage',
  industry: 'Please choose your industry',
  amount: 'Please choose how much you are raising',
  countries: 'Please choose at least one country',
  countryUnknown: 'Please choose countries from the list',
  impact: 'Please choose whether impact matters to you',
} as const;

const countryCodes = /* @__PURE__ */ v.pipe(
  v.array(v.picklist(values(FUNDING_QUIZ_COUNTRIES), FUNDING_QUIZ_MESSAGES.countryUnknown)),
  v.minLength(1, FUNDING_QUIZ_MESSAGES.countries),
  v.maxLength(COUNTRIES_MAX, `Please choose at most ${COUNTRIES_MAX} countries`),
);

/**
 * The five answers: the round sought, the industry, the amount, the countries the startup works in,
 * and whether impact matters. The body of PUT companies/{key}/funding-quiz, and what is kept.
 */
export const FundingQuizAnswersSchema = /* @__PURE__ */ v.object({
  stage: v.picklist(values(FUNDING_STAGES), FUNDING_QUIZ_MESSAGES.stage),
  industry: v.picklist(values(FUNDING_QUIZ_INDUSTRIES), FUNDING_QUIZ_MESSAGES.industry),
  amount: v.picklist(values(INVESTMENT_RANGES), FUNDING_QUIZ_MESSAGES.amount),
  countries: countryCodes,
  impact: v.boolean(FUNDING_QUIZ_MESSAGES.impact),
});
export type FundingQuizAnswers = v.InferOutput<typeof FundingQuizAnswersSchema>;

/** A query value as URLSearchParams and Hono give it: absent, one value, or several. */
const queryValues = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The answers as a query string carries them (GET funding/quiz/results, the results page, the quiz's
 * forms): `countries` repeated or comma-separated, in any case, and `impact` as yes or no. Its output
 * is FundingQuizAnswers (countries upper-cased, deduplicated, in the list's order). A question left
 * out gets its own message, as a blank one does.
 */
export const FundingQuizQuerySchema = /* @__PURE__ */ v.pipe(
  v.record(v.string(), v.unknown()),
  // Every question is present from here on, so a missing one is named by its own message.
  v.transform((input) => ({ stage: input.stage, industry: input.industry, amount: input.amount, countries: input.countries, impact: input.impact })),
  v.object({
    stage: v.picklist(values(FUNDING_STAGES), FUNDING_QUIZ_MESSAGES.stage),
    industry: v.picklist(values(FUNDING_QUIZ_INDUSTRIES), FUNDING_QUIZ_MESSAGES.industry),
    amount: v.picklist(values(INVESTMENT_RANGES), FUNDING_QUIZ_MESSAGES.amount),
    countries: v.pipe(
      v.union([v.string(), v.array(v.string()), v.undefined()], FUNDING_QUIZ_MESSAGES.countries),
      v.transform((value) => {
        const codes = new Set(
          queryValues(value)
            .flatMap((part) => part.split(','))
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
        );
        const known = FUNDING_QUIZ_COUNTRIES.map((c) => c.value).filter((code) => codes.has(code));
        // Unknown codes stay (after the known ones), so the picklist names them instead of dropping them silently.
        return [...known, ...[...codes].filter((code) => !known.includes(code))];
      }),
      countryCodes,
    ),
    impact: v.pipe(
      v.picklist(['yes', 'no'], FUNDING_QUIZ_MESSAGES.impact),
      v.transform((value) => value === 'yes'),
    ),
  }),
);

/** How well an investor matches, in words (sdk funding-quiz.ts MATCH_LEVELS). */
export const MATCH_LEVEL_VALUES = ['strong', 'good', 'partial'] as const;
export type MatchLevel = (typeof MATCH_LEVEL_VALUES)[number];

/** Which answer a reason is about. */
export const MATCH_REASON_KINDS = ['industry', 'stage', 'amount', 'countries', 'impact'] as const;
export type MatchReasonKind = (typeof MATCH_REASON_KINDS)[number];

export const MatchReasonSchema = /* @__PURE__ */ v.object({
  kind: v.picklist(MATCH_REASON_KINDS),
  /** e.g. 'Invests in SaaS', 'Writes tickets of €100k–1M', 'Active in Denmark and Sweden'. */
  text: v.string(),
});
export type MatchReason = v.InferOutput<typeof MatchReasonSchema>;

/** An investor's fit with the answers: 0–100, its level, and why (strongest reason first). */
export const FundingMatchSchema = /* @__PURE__ */ v.object({
  score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  level: v.picklist(MATCH_LEVEL_VALUES),
  reasons: v.array(MatchReasonSchema),
});
export type FundingMatch = v.InferOutput<typeof FundingMatchSchema>;

/** One investor of the directory with its match. */
export const InvestorMatchSchema = /* @__PURE__ */ v.object({
  investor: InvestorSummarySchema,
  ...FundingMatchSchema.entries,
});
export type InvestorMatch = v.InferOutput<typeof InvestorMatchSchema>;

/**
 * GET funding/quiz/results: the best matches first (at most FUNDING_QUIZ_RESULTS_MAX), `matched` how
 * many public investors match at least one answer, `investors` how many the directory lists.
 */
export const FundingQuizResultsSchema = /* @__PURE__ */ v.object({
  answers: FundingQuizAnswersSchema,
  matches: v.array(InvestorMatchSchema),
  matched: v.number(),
  investors: v.number(),
});
export type FundingQuizResults = v.InferOutput<typeof FundingQuizResultsSchema>;

/** GET companies/{key}/funding-quiz: the kept answers with their matches, or null answers when the quiz was never taken. */
export const CompanyFundingQuizSchema = /* @__PURE__ */ v.object({
  answers: v.nullable(FundingQuizAnswersSchema),
  /** When the answers were last saved (ISO 8601), or null. */
  updatedAt: v.nullable(v.string()),
  matches: v.array(InvestorMatchSchema),
  matched: v.number(),
  investors: v.number(),
});
export type CompanyFundingQuiz = v.InferOutput<typeof CompanyFundingQuizSchema>;

/** GET companies/{key}/funding/{investor}: a public investor, with its match to the kept answers (null without answers). */
export const CompanyFundingInvestorSchema = /* @__PURE__ */ v.object({
  investor: InvestorSchema,
  answers: v.nullable(FundingQuizAnswersSchema),
  match: v.nullable(FundingMatchSchema),
});
export type CompanyFundingInvestor = v.InferOutput<typeof CompanyFundingInvestorSchema>;
