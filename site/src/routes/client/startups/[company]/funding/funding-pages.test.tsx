/**
 * A startup's funding pages (issue #15) as the server renders them: the kept quiz answers with the
 * matched investors ("Take the quiz" before), and one investor with its reasons and the contact action
 * of its contact preference (spec 3). Members and admins only, as the startup layout guards.
 */
import { quizQuery } from '@nordlys/sdk/funding-quiz';
import type { CompanyFundingInvestor, CompanyFundingQuiz, Investor, User } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { render as renderServer } from '../../../../../entry-server';
import { accountApi, jsonAnswer, type Handlers } from '../../../../../modals/test-helpers';
import { demoUsers } from '../../../../../testing/accounts';
import { quizAnswers, resultsFor } from '../../../../../testing/funding-quiz';

const fjord: Investor = {
  id: 1,
  key: 'fjord-ventures',
  name: 'Fjord Ventures',
  category: 'VENTURE_CAPITAL',
  logoImage: null,
  intro: '<p>Fjord Ventures backs <strong>Nordic</strong> founders.</p>',
  countryCodes: ['DK', 'NO'],
  industries: ['saas', 'impact'],
  status: 'ACTIVE',
  investmentRanges: ['100k-1m'],
  markets: ['nordics'],
  typeKeywords: ['VENTURES'],
  contactEmail: 'hello@fjord.example',
  smallImage: null,
  coverImage: null,
  keyPeople: [],
  investments: [],
  website: 'fjord.example',
  contactPreference: 'EMAIL',
  views: 10,
  platform: { nordlys: true },
};

const kept = (answers: CompanyFundingQuiz['answers']): CompanyFundingQuiz =>
  answers ? { ...resultsFor(answers), answers, updatedAt: '2026-01-05T10:00:00.000Z' } : { answers: null, updatedAt: null, matches: [], matched: 0, investors: 0 };

async function renderAs(user: User | null, path: string, handlers: Handlers = {}) {
  const fake = accountApi({
    'GET users/me': () => (user ? jsonAnswer(user) : jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401)),
    ...handlers,
  });
  const response = await renderServer(new Request(`http://nordlys.test${path}`), { api: () => fake.api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  return { response, html: await response.text(), ...fake };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('/client/startups/{company}/funding', () => {
  const path = '/client/startups/northwind-labs/funding';

  it('invites a startup without answers to take the quiz', async () => {
    const { response, html } = await renderAs(demoUsers.founder, path, { 'GET companies/northwind-labs/funding-quiz': () => jsonAnswer(kept(null)) });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Funding · Northwind Labs | Nordlys</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<h1>Funding</h1>');
    expect(text(html)).toContain('Find investors who fit Northwind Labs');
    expect(html).toMatch(/<a class="button button--primary" href="\/funding\/quiz"[^>]*>Take the quiz<\/a>/);
  });

  it('shows the kept answers and the matches, each opening its page in the startup area', async () => {
    const { html } = await renderAs(demoUsers.founder, path, { 'GET companies/northwind-labs/funding-quiz': () => jsonAnswer(kept(quizAnswers)) });
    const page = text(html);
    expect(page).toContain('Your answers Saved 5 January 2026 Round Seed Industry SaaS Raising €100k–1M Countries Denmark and Sweden Impact matters Yes');
    expect(html).toMatch(new RegExp(`href="/funding/quiz\\?${quizQuery(quizAnswers).replace(/&/g, '&amp;')}"[^>]*>Change answers</a>`));
    expect(page).toContain('3 matching investors');
    const links = [...html.matchAll(/<a class="match-card__link" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      '/client/startups/northwind-labs/funding/fjord-ventures',
      '/client/startups/northwind-labs/funding/aurora-capital',
      '/client/startups/northwind-labs/funding/boreal-partners',
    ]);
    expect(page).toContain('Fjord Ventures Venture capital Strong match 100% fit Invests in SaaS');
  });

  it('is for members: a visitor signs in first, another user is turned away', async () => {
    const visitor = await renderAs(null, path);
    expect(visitor.response.status).toBe(302);
    expect(visitor.response.headers.get('location')).toBe(`/?to=${encodeURIComponent(path)}`);
    const talent = await renderAs(demoUsers.talent, path);
    expect(talent.response.status).toBe(302);
    expect(talent.calls.some((c) => c.path.includes('funding-quiz'))).toBe(false);
  });
});

describe('/client/startups/{company}/funding/{id}', () => {
  const path = '/client/startups/northwind-labs/funding/fjord-ventures';
  const answer = (investor: Investor, withAnswers = true): CompanyFundingInvestor => ({
    investor,
    answers: withAnswers ? quizAnswers : null,
    match: withAnswers ? resultsFor(quizAnswers).matches.find((m) => m.investor.key === investor.key)! : null,
  });

  it('shows how the investor matches and writes to it by e-mail, naming the startup in the subject', async () => {
    const { response, html } = await renderAs(demoUsers.founder, path, { 'GET companies/northwind-labs/funding/fjord-ventures': () => jsonAnswer(answer(fjord)) });
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Fjord Ventures · Funding · Northwind Labs | Nordlys</title>');
    expect(html).toContain('<h1>Fjord Ventures</h1>');
    const page = text(html);
    expect(page).toContain('How Fjord Ventures matches Northwind Labs Strong match 100% fit Invests in SaaS Backs seed-stage startups');
    expect(html).toContain(
      '<a class="button button--primary" href="mailto:hello@fjord.example?subject=Northwind%20Labs%20is%20raising%20%E2%80%93%20introduction%20via%20Nordlys">',
    );
    expect(page).toContain('E-mail Fjord Ventures');
    expect(page).toContain('Ticket size €100k–1M Invests in Nordics, Denmark, Norway Industries SaaS, Impact');
    expect(html).toContain('<strong>Nordic</strong>');
    expect(html).toMatch(/<a href="\/funding\/fjord-ventures"[^>]*>The public profile of Fjord Ventures<\/a>/);
    expect(html).toMatch(/<p class="back-link"><a href="\/client\/startups\/northwind-labs\/funding"/);
  });

  it('opens the website of an investor that prefers it, and invites a startup without answers to the quiz', async () => {
    const website = { ...fjord, contactPreference: 'WEBSITE' as const };
    const { html } = await renderAs(demoUsers.founder, path, { 'GET companies/northwind-labs/funding/fjord-ventures': () => jsonAnswer(answer(website, false)) });
    expect(html).toContain('<a class="button button--primary" href="http://fjord.example" target="_blank" rel="noopener noreferrer">');
    const page = text(html);
    expect(page).toContain('Visit the website of Fjord Ventures (opens in a new tab)');
    expect(page).toContain('Take the funding quiz to see how well Fjord Ventures fits Northwind Labs.');
    expect(page).not.toContain('% fit');
  });

  it('is the not-found page for an investor the API does not offer', async () => {
    const { response, html } = await renderAs(demoUsers.founder, '/client/startups/northwind-labs/funding/hidden-fund', {
      'GET companies/northwind-labs/funding/hidden-fund': () => jsonAnswer({ message: 'Investor not found', code: 'E_NOT_FOUND' }, 404),
    });
    expect(response.status).toBe(404);
    expect(text(html)).toContain('Page not found');
  });
});
