/**
 * The funding quiz (issue #15) as the server renders it, which is what a browser without JavaScript
 * gets: one question per screen as a GET form carrying the other answers, the results ranked with
 * their reasons, incomplete answers sent back to the quiz, and a startup's answers kept by a POST.
 */
import { quizQuery } from '@nordlys/sdk/funding-quiz';
import type { CompanyFundingQuiz, FundingQuizAnswers, User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render as renderServer } from '../../entry-server';
import { accountApi, jsonAnswer, type Handlers } from '../../modals/test-helpers';
import { demoUsers } from '../../testing/accounts';
import { quizAnswers, resultsFor } from '../../testing/funding-quiz';

const loggedOut: Handlers = { 'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401) };
const signedIn = (user: User, more: Handlers = {}): Handlers => ({ 'GET users/me': () => jsonAnswer(user), ...more });

async function serverRender(path: string, handlers: Handlers = loggedOut, init: RequestInit = {}) {
  const fake = accountApi({
    'GET funding/quiz/results': () => jsonAnswer(resultsFor(quizAnswers)),
    ...handlers,
  });
  const response = await renderServer(new Request(`http://nordlys.test${path}`, init), {
    api: () => fake.api,
    productName: 'Nordlys',
    origin: 'http://nordlys.test',
    assets: { scripts: [], styles: [] },
  });
  return { response, html: await response.text(), ...fake };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** The hidden inputs of the page, as name=value pairs in order. */
/** The quiz's form tag: its method and action (attribute order aside). */
const quizForm = (html: string) => {
  const tag = html.match(/<form class="quiz__form"[^>]*>/)?.[0] ?? '';
  return `${tag.match(/method="(\w+)"/)?.[1]} ${tag.match(/action="([^"]+)"/)?.[1]}`;
};

const hidden = (html: string) => [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(([, name, value]) => `${name}=${value}`);

describe('/funding/quiz without JavaScript', () => {
  it('starts with the first question: title, description, progress, a fieldset with its legend, a GET form to the next step', async () => {
    const { response, html } = await serverRender('/funding/quiz');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Funding quiz: find investors for your startup | Nordlys</title>');
    expect(html).toMatch(/<meta name="description" content="Answer five quick questions about your round, industry, ticket size, countries and impact/);
    expect(html).toContain('<link rel="canonical" href="http://nordlys.test/funding/quiz">');
    expect(html).toContain('<h1>Find investors who fit your startup</h1>');
    expect(html).toContain('<p class="quiz__count" id="quiz-progress">Step 1 of 5</p>');
    expect(html).toMatch(/role="progressbar" aria-labelledby="quiz-progress" aria-valuemin="1" aria-valuemax="5" aria-valuenow="1" aria-valuetext="Step 1 of 5"/);
    expect(quizForm(html)).toBe('get /funding/quiz');
    expect(html).toMatch(/<fieldset class="quiz__question" tabindex="-1" aria-describedby="quiz-stage-hint"><legend class="quiz__legend">Which round are you raising\?<\/legend>/);
    expect([...html.matchAll(/<input type="radio" name="stage" value="([^"]+)"/g)].map((m) => m[1])).toEqual(['pre-seed', 'seed', 'series-a', 'series-b', 'growth']);
    expect(hidden(html)).toEqual(['step=2']);
    expect(text(html)).not.toContain('Back');
    expect(html).toContain('>Next question</button>');
    expect(html).toMatch(/<a href="\/funding"[^>]*>Browse all investors instead<\/a>/);
  });

  it('carries the other answers in hidden inputs, keeps this one checked, and goes back by a link', async () => {
    const { html } = await serverRender(`/funding/quiz?${quizQuery(quizAnswers)}&step=4`);
    expect(html).toContain('Step 4 of 5');
    expect(html).toContain('<legend class="quiz__legend">Where does your startup operate?</legend>');
    expect(hidden(html)).toEqual(['stage=seed', 'industry=saas', 'amount=100k-1m', 'impact=yes', 'step=5']);
    const checked = [...html.matchAll(/<input type="checkbox" name="countries"( checked="")? value="([A-Z]{2})"/g)].filter((m) => m[1]).map((m) => m[2]);
    expect(checked).toEqual(['DK', 'SE']);
    expect(html).toContain('<a class="button button--ghost" href="/funding/quiz?stage=seed&amp;industry=saas&amp;amount=100k-1m&amp;countries=DK&amp;countries=SE&amp;impact=yes&amp;step=3">Back</a>');
  });

  it('shows a step left empty again, with its message, when the visitor went on without it', async () => {
    const { response, html } = await serverRender('/funding/quiz?stage=seed&step=3');
    expect(response.status).toBe(200);
    expect(html).toContain('Step 2 of 5');
    expect(html).toMatch(/<fieldset class="quiz__question" tabindex="-1" aria-describedby="quiz-industry-hint quiz-industry-error" aria-invalid="true">/);
    expect(html).toContain('<p id="quiz-industry-error" class="form-field__error">Please choose your industry</p>');
    // Impact has its own question.
    expect(html).not.toContain('name="industry" value="impact"');
  });

  it('sends the last step to the results by GET for a visitor', async () => {
    const { html } = await serverRender(`/funding/quiz?${quizQuery({ ...quizAnswers, impact: undefined })}&step=5`);
    expect(quizForm(html)).toBe('get /funding/quiz/results');
    expect(hidden(html)).toEqual(['stage=seed', 'industry=saas', 'amount=100k-1m', 'countries=DK', 'countries=SE']);
    expect(html).toContain('>See my matches</button>');
    expect(html).not.toContain('name="company"');
  });

  it('keeps the answers of a signed-in startup: its last step POSTs to the results, naming the startup', async () => {
    const { html } = await serverRender(`/funding/quiz?${quizQuery(quizAnswers)}&step=5`, signedIn(demoUsers.founder));
    expect(quizForm(html)).toBe('post /funding/quiz/results');
    expect(hidden(html)).toContain('company=northwind-labs');
    expect(text(html)).toContain('Your answers are kept for Northwind Labs');
    // An applicant, or a startup still in draft, only sees results.
    for (const user of [demoUsers.talent, demoUsers.draft]) {
      const other = await serverRender(`/funding/quiz?${quizQuery(quizAnswers)}&step=5`, signedIn(user));
      expect(quizForm(other.html)).toBe('get /funding/quiz/results');
    }
  });

  it('goes to the results when every answer is there and the quiz is past its last step', async () => {
    const { response } = await serverRender(`/funding/quiz?${quizQuery(quizAnswers)}&step=6`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/funding/quiz/results?${quizQuery(quizAnswers)}`);
  });
});

describe('/funding/quiz/results', () => {
  it('ranks the investors with the score and the reasons, links each to its page, and is not indexed', async () => {
    const { response, html, calls } = await serverRender(`/funding/quiz/results?${quizQuery(quizAnswers)}`);
    expect(response.status).toBe(200);
    expect(calls.find((c) => c.path === '/api/funding/quiz/results')?.query).toMatchObject({ stage: 'seed', industry: 'saas', amount: '100k-1m', impact: 'yes' });
    expect(html).toContain('<title>Your investor matches | Nordlys</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    const names = [...html.matchAll(/<a class="match-card__link" href="\/funding\/([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(names).toEqual([
      ['fjord-ventures', 'Fjord Ventures'],
      ['aurora-capital', 'Aurora Capital'],
      ['boreal-partners', 'Boreal Partners'],
    ]);
    const page = text(html);
    expect(page).toContain('3 investors of 4 in the directory match at least one of your answers.');
    expect(page).toContain('Fjord Ventures Venture capital Strong match 100% fit');
    expect(page).toContain('Invests in SaaS Backs seed-stage startups Writes tickets of €100k–1M Active in Denmark Impact investor');
    expect(page).toContain('Aurora Capital Venture capital Strong match 70% fit');
    expect(html).toContain('<ul class="match-reasons" aria-label="Why Fjord Ventures matches">');
    expect(page).toMatch(/Round Seed Industry SaaS Raising €100k–1M Countries Denmark and Sweden Impact matters Yes/);
    expect(html).toContain(`<a class="button button--ghost" href="/funding/quiz?${quizQuery(quizAnswers).replace(/&/g, '&amp;')}">Change answers</a>`);
    // A visitor is offered nothing to save.
    expect(html).not.toContain('Save to');
  });

  it('sends missing or wrong answers back to the quiz, at the first question to answer', async () => {
    const { response } = await serverRender('/funding/quiz/results?stage=seed&industry=knitting&countries=DK');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/funding/quiz?stage=seed&countries=DK&step=6');
    const quiz = await serverRender(response.headers.get('location')!);
    expect(quiz.html).toContain('<p id="quiz-industry-error" class="form-field__error">Please choose your industry</p>');
    expect((await serverRender('/funding/quiz/results')).response.headers.get('location')).toBe('/funding/quiz?step=6');
  });

  it("offers a signed-in startup to keep the answers, and says so once they are its kept ones", async () => {
    const kept = (answers: FundingQuizAnswers | null): CompanyFundingQuiz => ({ answers, updatedAt: answers ? '2026-01-05T10:00:00.000Z' : null, matches: [], matched: 0, investors: 4 });
    const unsaved = await serverRender(`/funding/quiz/results?${quizQuery(quizAnswers)}`, signedIn(demoUsers.founder, { 'GET companies/northwind-labs/funding-quiz': () => jsonAnswer(kept(null)) }));
    expect(unsaved.html).toMatch(/<form class="quiz-save"[^>]* action="\/funding\/quiz\/results\?stage=seed[^"]*" method="post">/);
    expect(hidden(unsaved.html)).toEqual(['stage=seed', 'industry=saas', 'amount=100k-1m', 'countries=DK', 'countries=SE', 'impact=yes', 'company=northwind-labs']);
    expect(unsaved.html).toContain('>Save to Northwind Labs</button>');

    const saved = await serverRender(`/funding/quiz/results?${quizQuery(quizAnswers)}`, signedIn(demoUsers.founder, { 'GET companies/northwind-labs/funding-quiz': () => jsonAnswer(kept(quizAnswers)) }));
    expect(text(saved.html)).toContain('Saved to Northwind Labs. See the matches on the funding page of Northwind Labs');
    expect(saved.html).toContain('href="/client/startups/northwind-labs/funding"');
    expect(saved.html).not.toContain('Save to Northwind Labs</button>');
  });

  it('keeps the posted answers for the startup, then shows the results (a GET never writes)', async () => {
    const body = new URLSearchParams(`${quizQuery(quizAnswers)}&company=northwind-labs`);
    const post = (handlers: Handlers, form = body) =>
      serverRender('/funding/quiz/results', signedIn(demoUsers.founder, handlers), {
        method: 'POST',
        body: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });

    const ok = await post({ 'PUT companies/northwind-labs/funding-quiz': () => jsonAnswer({ answers: quizAnswers, updatedAt: '2026-01-05T10:00:00.000Z', matches: [], matched: 0, investors: 4 }) });
    expect(ok.response.status).toBe(302);
    expect(ok.response.headers.get('location')).toBe(`/funding/quiz/results?${quizQuery(quizAnswers)}`);
    expect(ok.sent('PUT companies/northwind-labs/funding-quiz')).toEqual([quizAnswers]);

    // Refused (say, no longer a member): the results still show, with a message and the button again.
    const refused = await post({ 'PUT companies/northwind-labs/funding-quiz': () => jsonAnswer({ message: 'Only members', code: 'E_FORBIDDEN' }, 403) });
    expect(refused.response.headers.get('location')).toBe(`/funding/quiz/results?${quizQuery(quizAnswers)}&saved=no`);
    const shown = await serverRender(refused.response.headers.get('location')!, signedIn(demoUsers.founder, { 'GET companies/northwind-labs/funding-quiz': () => jsonAnswer({ answers: null, updatedAt: null, matches: [], matched: 0, investors: 4 }) }));
    expect(text(shown.html)).toContain('Your answers could not be saved to Northwind Labs. Please try again.');

    // Incomplete answers go back to the quiz, and nothing is saved.
    const incomplete = await post({}, new URLSearchParams('stage=seed&company=northwind-labs'));
    expect(incomplete.response.headers.get('location')).toBe('/funding/quiz?stage=seed&step=6');
    expect(incomplete.sent('PUT companies/northwind-labs/funding-quiz')).toEqual([]);
  });
});
