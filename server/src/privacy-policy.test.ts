/**
 * Issue #15: the privacy policy says what the product stores, for the periods the code sets. Each
 * figure is taken from the code that applies it, so a change of period fails here until the policy
 * says the new one.
 */
import { describe, expect, it } from 'vitest';
import { APPLICATION_RETENTION_MONTHS, COOKIES, CV_UPLOAD_LIMITS, DIGEST_CONFIRM_DAYS, INVITATION_DAYS, LIMITS } from '@nordlys/sdk/constants';
import { contentSections, htmlText } from '@nordlys/sdk/content-pages';
import { SELLER } from '@nordlys/sdk/pricing';
import { profileCookieHeader } from '../../site/src/session/cookie';
import { preferredCountryCookie } from '../../site/src/lib/preferredCountry';
import { ACCOUNT_LIMITS, type Limit } from './accounts/rate-limit';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './accounts/sessions';
import { TOKEN_LIFETIME_MS } from './accounts/tokens';
import { CONTACT_LIMITS_PER_HOUR } from './api/contact';
import { COUNT_BULK_LIMIT } from './api/searches';
import { DIGEST_SUBSCRIBE_LIMITS } from './api/digest';
import { DOMAIN_CHECK_LIMIT } from './api/company-settings';
import { ENGAGEMENT_LOG_LIMIT } from './api/engagement';
import { RESEND_APPLICANTS_LIMIT } from './api/job-admin';
import { APPLY_CLICK_LIMIT } from './api/job-stats';
import { INVITATION_LIMIT } from './api/team';
import { UPLOAD_LIMIT } from './api/upload';
import { createAltchaCaptcha } from './captcha/altcha';
import { contentPages } from './content-pages';
import { providerRoutes } from './oidc/provider-routes';
import type { OidcSignIn } from './oidc/oidc-sign-in';
import { AUTHORIZE_PATH } from './auth-parts';
import { VIEW_MARK_DAYS } from './queries/job-stats';
import { UNUSED_CV_GRACE_MS } from './queue/tasks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A period as the policy words it: '30 days', '1 hour', '10 minutes', '1 year'; only whole units. */
function period(ms: number): string {
  const units: [string, number][] = [
    ['year', 365 * DAY],
    ['day', DAY],
    ['hour', HOUR],
    ['minute', MINUTE],
  ];
  for (const [unit, size] of units) {
    if (ms >= size && ms % size === 0) return `${ms / size} ${unit}${ms === size ? '' : 's'}`;
  }
  throw new Error(`${ms} ms is not a whole number of minutes`);
}

/** A Set-Cookie header's lifetime. */
const maxAgeMs = (setCookie: string) => Number(/Max-Age=(\d+)/i.exec(setCookie)![1]) * 1000;

/** The body rows of the tables in some HTML, by the text of their first cell. */
const tableRows = (html: string) =>
  new Map([...html.matchAll(/<tr>\s*<td>([\s\S]*?)<\/td>([\s\S]*?)<\/tr>/g)].map(([, head, rest]) => [htmlText(head!), [...rest!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => htmlText(m[1]!))]));

const policy = (await contentPages({ productName: 'Nordlys', teamEmail: 'privacy@nordlys.example' }).get('privacy-policy'))!;
const text = htmlText(policy.html);
const rows = tableRows(policy.html);
const cookieTable = tableRows(contentSections(policy.html).sections.find((s) => s.id === 'cookies-and-local-storage')!.html);
const lastCell = (key: string) => {
  const row = rows.get(key);
  if (!row) throw new Error(`The privacy policy has no row '${key}'`);
  return row.at(-1)!;
};

describe('the privacy policy', () => {
  it('names each cookie the product sets, with the lifetime the code gives it', async () => {
    const lifetime = (cookie: string) => cookieTable.get(cookie)?.at(-1);
    expect(lifetime(SESSION_COOKIE)).toMatch(new RegExp(`^${period(SESSION_LIFETIME_MS)} after your last visit`));
    expect(lifetime(COOKIES.userProfile)).toBe(period(maxAgeMs(profileCookieHeader('applicant:me'))));
    expect(lifetime(COOKIES.preferredCountryCode)).toBe(period(maxAgeMs(preferredCountryCookie('DK'))));

    // The professional-network sign-in's own cookie, as its route sets it.
    const signIn = {
      name: 'LinkedIn',
      issuer: 'https://idp.example',
      startAuthorization: async (redirectUri: string) => ({ state: 's', nonce: 'n', codeVerifier: 'v', redirectUri, url: new URL('https://idp.example/authorize') }),
    } as unknown as OidcSignIn;
    const res = await providerRoutes(signIn).request(`http://nordlys.test${AUTHORIZE_PATH}`);
    const flowCookie = res.headers.getSetCookie()[0]!;
    const flowName = flowCookie.split('=')[0]!;
    expect(lifetime(flowName)).toBe(period(maxAgeMs(flowCookie)));

    // Those four and no others: the table is the whole list.
    expect([...cookieTable.keys()]).toEqual([SESSION_COOKIE, COOKIES.userProfile, COOKIES.preferredCountryCode, flowName]);
  });

  it('gives the retention period the code sets for each kind of data', async () => {
    expect(lastCell('Sessions')).toMatch(new RegExp(`^${period(SESSION_LIFETIME_MS)} after your last visit`));
    expect(lastCell('Password reset links')).toBe(`They work for ${period(TOKEN_LIFETIME_MS.reset)}`);
    expect(lastCell('E-mail confirmation links')).toBe(`They work for ${period(TOKEN_LIFETIME_MS.verify)}`);
    expect(lastCell('Team invitations')).toBe(`They work for ${period(INVITATION_DAYS * DAY)}`);
    expect(lastCell('Applications, with their CV, ratings, notes and history')).toMatch(new RegExp(`^${APPLICATION_RETENTION_MONTHS} months after the last activity`));
    expect(lastCell('A CV that no profile or application uses')).toBe(`${UNUSED_CV_GRACE_MS / HOUR} hours after it was uploaded`);
    expect(lastCell('Job alerts not yet confirmed')).toBe(period(DIGEST_CONFIRM_DAYS * DAY));
    expect(lastCell('Recent searches in your browser')).toBe(period(LIMITS.searchHistorySeconds * 1000));
    expect(lastCell('Job view marks')).toBe(period(VIEW_MARK_DAYS * DAY));

    // Every rate limit of the code, and the longest window is the one the policy names.
    const limits: Limit[] = [
      ...Object.values(ACCOUNT_LIMITS),
      ...Object.values(DIGEST_SUBSCRIBE_LIMITS),
      ...Object.values(CONTACT_LIMITS_PER_HOUR),
      COUNT_BULK_LIMIT,
      DOMAIN_CHECK_LIMIT,
      ENGAGEMENT_LOG_LIMIT,
      RESEND_APPLICANTS_LIMIT,
      APPLY_CLICK_LIMIT,
      INVITATION_LIMIT,
      UPLOAD_LIMIT,
    ];
    expect(lastCell('Rate limit counts')).toBe(`Until their window ends, at most ${period(Math.max(...limits.map((l) => l.windowMs)))}`);

    // A solved captcha is remembered until its challenge expires.
    const captcha = createAltchaCaptcha({ hmacKey: 'k'.repeat(32), usedAnswers: { claim: async () => true }, maxNumber: 2, cost: 1 });
    const before = Date.now();
    const challenge = await captcha.challenge();
    const expiresInMs = Number(challenge.parameters.expiresAt) * 1000 - before;
    expect(Math.round(expiresInMs / MINUTE) * MINUTE).toBe(10 * MINUTE);
    expect(lastCell('Solved captcha puzzles')).toBe(period(Math.round(expiresInMs / MINUTE) * MINUTE));
  });

  it('says the same figures in its text', () => {
    expect(text).toContain(`a PDF of at most ${CV_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`);
    expect(text).toContain(`we delete it after ${period(VIEW_MARK_DAYS * DAY)}`);
    expect(text).toContain(`at most ${period(HOUR)} later`);
    expect(text).toContain(`in its local storage for ${period(LIMITS.searchHistorySeconds * 1000)}`);
    expect(text).toContain('ratings from 1 to 5');
  });

  it('names the controller, the contact address, the processors, the rights and the Danish authority', () => {
    expect(text).toContain(`The controller of your personal data is ${SELLER.name}, ${SELLER.address}, ${SELLER.postalCode} ${SELLER.city}, Denmark, CVR ${SELLER.cvr}.`);
    expect(policy.html).toContain('<a href="mailto:privacy@nordlys.example" rel="noopener">privacy@nordlys.example</a>');
    expect(policy.html).toContain('<a href="/contact">contact form</a>');
    for (const processor of ['hosting provider', 'e-mail provider', 'Stripe', 'LinkedIn', 'Google']) expect(text).toContain(processor);
    for (const right of ['see', 'correct', 'delete', 'restrict', 'take your data with you', 'object', 'withdraw your consent']) {
      expect(policy.html).toContain(`<strong>${right}</strong>`);
    }
    expect(text).toContain('Danish Data Protection Agency (Datatilsynet)');
    expect(policy.html).toContain('<a href="https://www.datatilsynet.dk" rel="noopener">');
  });
});
