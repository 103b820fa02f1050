/**
 * Issue #15: the funding quiz's one rule (spec 2.1 /funding/quiz): its five questions, the answers
 * to and from a query string, and how well each investor of the directory matches them, and why.
 * The API, the results page and the startup's funding pages all use it.
 */
import * as v from 'valibot';
import { countryName, NORDIC_COUNTRY_CODES } from './constants';
import {
  FUNDING_QUIZ_COUNTRIES,
  FUNDING_QUIZ_INDUSTRIES,
  FUNDING_QUIZ_MESSAGES,
  FundingQuizQuerySchema,
  type FundingMatch,
  type FundingQuizAnswers,
  type MatchLevel,
  type MatchReason,
  type MatchReasonKind,
} from './schemas/funding-quiz';
import { withScheme } from './with-scheme';
import { FUNDING_STAGES, INDUSTRIES, type FundingStage } from './company-vocabulary';
import { INVESTMENT_RANGES } from './investor-vocabulary';
import { termText, type Term } from './terms';

export { FUNDING_QUIZ_COUNTRIES, FUNDING_QUIZ_INDUSTRIES, FUNDING_QUIZ_MESSAGES } from './schemas/funding-quiz';

/** The name of a question, which is also its query parameter and its field of FundingQuizAnswers. */
export type QuizStepName = keyof FundingQuizAnswers;

/** One question of the quiz, one per screen. */
export interface QuizStep {
  name: QuizStepName;
  /** The question, as the fieldset's legend. */
  question: string;
  hint: string;
  /** Several options may be chosen (checkboxes) or one (radio buttons). */
  multiple: boolean;
  options: readonly Term[];
  /** The message when the step is left empty. */
  required: string;
}

/** The impact question's options, as the query string says them. */
export const IMPACT_OPTIONS = [
  { value: 'yes', text: 'Yes, we want investors who back impact' },
  { value: 'no', text: 'No, it does not decide it for us' },
] as const satisfies readonly Term[];

/** The five questions in their order (the issue: stage, industry, amount sought, countries, impact). */
export const QUIZ_STEPS: readonly QuizStep[] = [
  {
    name: 'stage',
    question: 'Which round are you raising?',
    hint: 'Choose the round you are raising now, not the last one you closed.',
    multiple: false,
    options: FUNDING_STAGES,
    required: FUNDING_QUIZ_MESSAGES.stage,
  },
  {
    name: 'industry',
    question: 'Which industry is your startup in?',
    hint: 'Choose the one that describes your product best.',
    multiple: false,
    options: FUNDING_QUIZ_INDUSTRIES,
    required: FUNDING_QUIZ_MESSAGES.industry,
  },
  {
    name: 'amount',
    question: 'How much are you raising in this round?',
    hint: 'The total of the round, in euros.',
    multiple: false,
    options: INVESTMENT_RANGES,
    required: FUNDING_QUIZ_MESSAGES.amount,
  },
  {
    name: 'countries',
    question: 'Where does your startup operate?',
    hint: 'Choose every country where you have a team or customers.',
    multiple: true,
    options: FUNDING_QUIZ_COUNTRIES,
    required: FUNDING_QUIZ_MESSAGES.countries,
  },
  {
    name: 'impact',
    question: 'Does impact matter to you?',
    hint: 'Impact investors back startups with a measurable social or environmental goal.',
    multiple: false,
    options: IMPACT_OPTIONS,
    required: FUNDING_QUIZ_MESSAGES.impact,
  },
];

/** The answers given so far: only values the questions offer. */
export type QuizDraft = Partial<FundingQuizAnswers>;

const offers = (step: QuizStep, value: string) => step.options.some((o) => o.value === value);
const stepOf = (name: QuizStepName) => QUIZ_STEPS.find((s) => s.name === name)!;

/**
 * The answers a query string holds, each only when the question offers it; anything else is left out,
 * as if not answered. Countries may be repeated or comma-separated.
 * @example readQuizDraft(new URLSearchParams('stage=seed&countries=dk,SE&impact=maybe')) // { stage: 'seed', countries: ['DK', 'SE'] }
 */
export function readQuizDraft(params: URLSearchParams): QuizDraft {
  const draft: QuizDraft = {};
  const one = (name: 'stage' | 'industry' | 'amount') => {
    const value = params.get(name)?.trim().toLowerCase();
    return value && offers(stepOf(name), value) ? value : undefined;
  };
  const stage = one('stage');
  if (stage) draft.stage = stage as FundingQuizAnswers['stage'];
  const industry = one('industry');
  if (industry) draft.industry = industry as FundingQuizAnswers['industry'];
  const amount = one('amount');
  if (amount) draft.amount = amount as FundingQuizAnswers['amount'];
  const codes = new Set(params.getAll('countries').flatMap((part) => part.split(',').map((c) => c.trim().toUpperCase())));
  const countries = FUNDING_QUIZ_COUNTRIES.map((c) => c.value).filter((code) => codes.has(code));
  if (countries.length) draft.countries = countries;
  const impact = params.get('impact')?.trim().toLowerCase();
  if (impact === 'yes' || impact === 'no') draft.impact = impact === 'yes';
  return draft;
}

/** Whether a step of the draft is answered. */
export function isAnswered(draft: QuizDraft, name: QuizStepName): boolean {
  const value = draft[name];
  return Array.isArray(value) ? value.length > 0 : value !== undefined;
}

/** The first question not yet answered, or null when all are. */
export function firstUnanswered(draft: QuizDraft): QuizStepName | null {
  return QUIZ_STEPS.find((step) => !isAnswered(draft, step.name))?.name ?? null;
}

/** A step's answer as the form's inputs carry it: its values (one, several for countries, none when unanswered). */
export function draftValues(draft: QuizDraft, name: QuizStepName): string[] {
  const value = draft[name];
  if (value === undefined) return [];
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  return [value];
}

/**
 * The answers (all or some) as a query string, without '?': the questions' order, countries repeated
 * in the list's order, impact as yes or no. The results page's URL is paths.fundingQuizResults(quizQuery(answers)).
 * @example quizQuery({ stage: 'seed', countries: ['SE', 'DK'], impact: true }) // 'stage=seed&countries=DK&countries=SE&impact=yes'
 */
export function quizQuery(draft: QuizDraft): string {
  const params = new URLSearchParams();
  for (const step of QUIZ_STEPS) {
    const values = draftValues(draft, step.name);
    const ordered = step.multiple ? step.options.map((o) => o.value).filter((value) => values.includes(value)) : values;
    for (const value of ordered) params.append(step.name, value);
  }
  return params.toString();
}

export type QuizParse =
  | { success: true; answers: FundingQuizAnswers }
  | { success: false; draft: QuizDraft; first: QuizStepName; errors: Partial<Record<QuizStepName, string>> };

/**
 * The complete answers of a query string (the results page, GET funding/quiz/results), or what is
 * missing or wrong: the draft that can be kept, the first question to go back to, and each message.
 */
export function parseQuizAnswers(params: URLSearchParams): QuizParse {
  const input: Record<string, string | string[] | undefined> = {
    stage: params.get('stage') ?? undefined,
    industry: params.get('industry') ?? undefined,
    amount: params.get('amount') ?? undefined,
    countries: params.getAll('countries'),
    impact: params.get('impact') ?? undefined,
  };
  const result = v.safeParse(FundingQuizQuerySchema, input);
  if (result.success) return { success: true, answers: result.output };
  const errors: Partial<Record<QuizStepName, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && QUIZ_STEPS.some((s) => s.name === key)) errors[key as QuizStepName] ??= issue.message;
  }
  const first = QUIZ_STEPS.find((s) => errors[s.name])?.name ?? 'stage';
  return { success: false, draft: readQuizDraft(params), first, errors };
}

// ---------- Matching ----------

/** What the rule reads of an investor: its public profile's facts (spec 3). */
export interface MatchableInvestor {
  key: string;
  name: string;
  /** ANGEL, VENTURE_CAPITAL, ACCELERATOR, CORPORATE_VC, FAMILY_OFFICE (or a code the list does not know). */
  category: string;
  industries: readonly string[];
  countryCodes: readonly string[];
  /** nordics, europe, global. */
  markets: readonly string[];
  investmentRanges: readonly string[];
  /** spec 9: ANGEL, ANGELS, VENTURES. */
  typeKeywords: readonly string[];
}

/**
 * What each answer is worth. Industry weighs most: an investor outside a startup's field rarely
 * invests, whatever else fits. The impact weight counts only when impact matters.
 */
export const MATCH_WEIGHTS: Record<MatchReasonKind, number> = {
  industry: 30,
  stage: 25,
  amount: 20,
  countries: 15,
  impact: 10,
};

/** A market that covers the startup's countries earns this much of the countries weight. */
const MARKET_POINTS = 10;

/** The level's words, from the score (0–100): at least `min`. */
export const MATCH_LEVELS: readonly { level: MatchLevel; min: number; text: string }[] = [
  { level: 'strong', min: 70, text: 'Strong match' },
  { level: 'good', min: 40, text: 'Good match' },
  { level: 'partial', min: 0, text: 'Partial match' },
];

/** The words of a level. @example matchLevelText('strong') // 'Strong match' */
export function matchLevelText(level: MatchLevel): string {
  return MATCH_LEVELS.find((l) => l.level === level)!.text;
}

/** How many matches the results show at most. */
export const FUNDING_QUIZ_RESULTS_MAX = 30;

const ALL_STAGES = FUNDING_STAGES.map((s) => s.value);
const stagesFrom = (first: FundingStage, last: FundingStage) => ALL_STAGES.slice(ALL_STAGES.indexOf(first), ALL_STAGES.indexOf(last) + 1);

/** The rounds each kind of investor typically backs (spec 3 investor categories). */
const CATEGORY_STAGES: Record<string, readonly FundingStage[]> = {
  ANGEL: stagesFrom('pre-seed', 'seed'),
  ACCELERATOR: stagesFrom('pre-seed', 'seed'),
  VENTURE_CAPITAL: stagesFrom('seed', 'series-b'),
  CORPORATE_VC: stagesFrom('series-a', 'growth'),
  FAMILY_OFFICE: stagesFrom('series-a', 'growth'),
};

/** spec 9's type keywords say it too: angels back the first rounds, ventures the early ones. */
const KEYWORD_STAGES: Record<string, readonly FundingStage[]> = {
  ANGEL: stagesFrom('pre-seed', 'seed'),
  ANGELS: stagesFrom('pre-seed', 'seed'),
  VENTURES: stagesFrom('seed', 'series-a'),
};

/** A ticket size says which rounds it fits. */
const RANGE_STAGES: Record<string, readonly FundingStage[]> = {
  '0-100k': stagesFrom('pre-seed', 'seed'),
  '100k-1m': stagesFrom('seed', 'series-a'),
  '1m-5m': stagesFrom('series-a', 'series-b'),
  '5m+': stagesFrom('series-b', 'growth'),
};

/**
 * The rounds an investor backs, derived from what its profile says: its category, its type keywords
 * and its ticket sizes (profiles name no stages).
 * @example investorStages({ category: 'ANGEL', typeKeywords: [], investmentRanges: [] }) // ['pre-seed', 'seed']
 */
export function investorStages(investor: Pick<MatchableInvestor, 'category' | 'typeKeywords' | 'investmentRanges'>): FundingStage[] {
  const stages = new Set<FundingStage>([
    ...(CATEGORY_STAGES[investor.category] ?? []),
    ...investor.typeKeywords.flatMap((k) => KEYWORD_STAGES[k.toUpperCase()] ?? []),
    ...investor.investmentRanges.flatMap((r) => RANGE_STAGES[r] ?? []),
  ]);
  return ALL_STAGES.filter((s) => stages.has(s));
}

const STAGE_WORDS: Record<FundingStage, string> = {
  'pre-seed': 'pre-seed startups',
  seed: 'seed-stage startups',
  'series-a': 'startups raising a Series A',
  'series-b': 'startups raising a Series B',
  growth: 'growth-stage startups',
};

/** "Denmark", "Denmark and Sweden", "Denmark, Sweden and Norway". */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "€100k–1M", "up to €100k". */
function rangeWords(range: string): string {
  const text = termText(INVESTMENT_RANGES, range);
  return text.startsWith('Up to') ? `up${text.slice(2)}` : text;
}

function countryReason(answers: FundingQuizAnswers, investor: MatchableInvestor): { points: number; text: string } | null {
  const active = answers.countries.filter((code) => investor.countryCodes.includes(code));
  if (active.length) return { points: MATCH_WEIGHTS.countries, text: `Active in ${listWords(active.map((code) => countryName(code)))}` };
  // Every country the quiz offers is in Europe; the Nordic ones also in the Nordics.
  if (investor.markets.includes('global')) return { points: MARKET_POINTS, text: 'Invests globally' };
  if (investor.markets.includes('europe')) return { points: MARKET_POINTS, text: 'Invests across Europe' };
  const nordic = answers.countries.some((code) => (NORDIC_COUNTRY_CODES as readonly string[]).includes(code));
  if (nordic && investor.markets.includes('nordics')) return { points: MARKET_POINTS, text: 'Invests across the Nordics' };
  return null;
}

/** The points (not yet out of 100) and reasons of one investor; the ranking orders by points. */
function assess(answers: FundingQuizAnswers, investor: MatchableInvestor): { points: number; reasons: MatchReason[] } {
  const found: { kind: MatchReasonKind; points: number; text: string }[] = [];
  if (investor.industries.includes(answers.industry)) {
    found.push({ kind: 'industry', points: MATCH_WEIGHTS.industry, text: `Invests in ${termText(INDUSTRIES, answers.industry)}` });
  }
  if (investorStages(investor).includes(answers.stage)) {
    found.push({ kind: 'stage', points: MATCH_WEIGHTS.stage, text: `Backs ${STAGE_WORDS[answers.stage]}` });
  }
  if (investor.investmentRanges.includes(answers.amount)) {
    found.push({ kind: 'amount', points: MATCH_WEIGHTS.amount, text: `Writes tickets of ${rangeWords(answers.amount)}` });
  }
  const countries = countryReason(answers, investor);
  if (countries) found.push({ kind: 'countries', ...countries });
  if (answers.impact && investor.industries.includes('impact')) {
    found.push({ kind: 'impact', points: MATCH_WEIGHTS.impact, text: 'Impact investor' });
  }
  // Strongest reason first; equal weights keep the questions' order (the sort is stable).
  found.sort((a, b) => b.points - a.points);
  return { points: found.reduce((sum, r) => sum + r.points, 0), reasons: found.map(({ kind, text }) => ({ kind, text })) };
}

/** The most points the answers allow: impact counts only when it matters. */
function maxPoints(answers: FundingQuizAnswers): number {
  return Object.values(MATCH_WEIGHTS).reduce((sum, w) => sum + w, 0) - (answers.impact ? 0 : MATCH_WEIGHTS.impact);
}

/**
 * How well one investor matches the answers: a score out of 100, its level and the reasons (an
 * investor that matches nothing scores 0 with no reasons).
 * @example matchInvestor(answers, fjord) // { score: 78, level: 'strong', reasons: [{ kind: 'industry', text: 'Invests in SaaS' }, …] }
 */
export function matchInvestor(answers: FundingQuizAnswers, investor: MatchableInvestor): FundingMatch {
  const { points, reasons } = assess(answers, investor);
  return scored(points, maxPoints(answers), reasons);
}

/** Points out of the most the answers allow, as a score out of 100 with its level. */
function scored(points: number, max: number, reasons: MatchReason[]): FundingMatch {
  const score = Math.round((points * 100) / max);
  return { score, level: MATCH_LEVELS.find((l) => score >= l.min)!.level, reasons };
}

/** Code-point order of the lower-cased name, as the directory sorts (the same everywhere, Æ Ø Å after Z). */
const byName = (a: MatchableInvestor, b: MatchableInvestor) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
};

/**
 * The investors that match at least one answer, best first: by points, then by name and key, so the
 * order never depends on the order they came in. Each keeps the object it was given.
 * @example rankInvestors(answers, directory).map((m) => m.investor.name) // ['Fjord Ventures', 'Aurora Capital', …]
 */
export function rankInvestors<T extends MatchableInvestor>(answers: FundingQuizAnswers, investors: readonly T[]): (FundingMatch & { investor: T })[] {
  const max = maxPoints(answers);
  return investors
    .map((investor) => ({ investor, ...assess(answers, investor) }))
    .filter((m) => m.points > 0)
    .sort((a, b) => b.points - a.points || byName(a.investor, b.investor))
    .map(({ investor, points, reasons }) => ({ investor, ...scored(points, max, reasons) }));
}

/** The answers in words, for a summary: each question's short label and what was chosen. */
export function describeAnswers(answers: FundingQuizAnswers): { label: string; value: string }[] {
  return [
    { label: 'Round', value: termText(FUNDING_STAGES, answers.stage) },
    { label: 'Industry', value: termText(INDUSTRIES, answers.industry) },
    { label: 'Raising', value: termText(INVESTMENT_RANGES, answers.amount) },
    { label: 'Countries', value: listWords(answers.countries.map((code) => countryName(code))) },
    { label: 'Impact matters', value: answers.impact ? 'Yes' : 'No' },
  ];
}

/**
 * The contact action of an investor's match page (spec 3 contactPreference): EMAIL writes to its
 * contact address with a subject naming the startup; WEBSITE opens its site. Without the preferred
 * one, the other if there is one; null without either.
 * @example fundingContact({ contactPreference: 'EMAIL', contactEmail: 'hi@fjord.vc', website: null, name: 'Fjord' }, 'Northwind Labs')
 * // { kind: 'email', href: 'mailto:hi@fjord.vc?subject=Northwind%20Labs%20is%20raising%20%E2%80%93%20introduction%20via%20Nordlys', label: 'E-mail Fjord' }
 */
export function fundingContact(
  investor: { name: string; contactPreference: 'EMAIL' | 'WEBSITE'; contactEmail: string | null; website: string | null },
  startupName: string,
  productName = 'Nordlys',
): { kind: 'email' | 'website'; href: string; label: string } | null {
  const subject = `${startupName} is raising – introduction via ${productName}`;
  const email = investor.contactEmail
    ? { kind: 'email' as const, href: `mailto:${investor.contactEmail}?subject=${encodeURIComponent(subject)}`, label: `E-mail ${investor.name}` }
    : null;
  const website = investor.website
    ? { kind: 'website' as const, href: withScheme(investor.website), label: `Visit the website of ${investor.name}` }
    : null;
  return investor.contactPreference === 'EMAIL' ? (email ?? website) : (website ?? email);
}
