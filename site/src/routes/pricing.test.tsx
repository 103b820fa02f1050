// @vitest-environment happy-dom
/** /pricing (issue #12) in the browser: the switcher and its cookie, and the same prices as /monetise (server rendering: pricing.server.test.tsx). */
import { planPrice } from '@nordlys/sdk/pricing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonAnswer, renderPage, type Handlers } from '../modals/test-helpers';
import { clearCookies } from '../testing/site';
import { JOB_ID, jobPageHandlers, managedJob, memberOf, STARTUP_KEY, startupIn } from '../testing/job-posting';
import * as monetisePage from './client/startups/[company]/jobs/[job]/monetise';
import * as pricingPage from './pricing';

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  clearCookies();
});

const visitor: Handlers = {
  'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401),
  'GET site/ip-country': () => jsonAnswer({ ipDetectedCountryCode: 'FI' }),
};

const openPricing = (handlers: Handlers = visitor, url = '/pricing') => renderPage(pricingPage, '/pricing', url, handlers);

/** The plan cards' prices by plan name, as read. */
async function cardPrices(): Promise<Record<string, string>> {
  const list = await screen.findByRole('list', { name: /^Plans / });
  return Object.fromEntries(
    within(list)
      .getAllByRole('heading')
      .map((h) => [h.textContent!, h.closest('li')!.querySelector('.plan-card__amount')!.textContent!.replace(/\u00a0/g, ' ')]),
  );
}

describe('/pricing in the browser', () => {
  it('switches the country at once and stores it in the cookie', async () => {
    document.cookie = 'preferred-country-code=DK; Path=/';
    openPricing();
    expect((await cardPrices()).Boost).toBe('DKK 599.00');
    // The switcher applies a choice at once once the page's script runs (its submit button then hides):
    // a choice made before that is the form's, which a browser would submit.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show prices' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Prices for'), { target: { value: 'IS' } });
    await waitFor(async () => expect((await cardPrices()).Boost).toBe('ISK 11,500'));
    expect(document.cookie).toContain('preferred-country-code=IS');
    expect(screen.getByRole('heading', { name: 'Plans in Iceland' })).toBeTruthy();

    // "Another country": the EU price, and nothing stored.
    fireEvent.change(screen.getByLabelText('Prices for'), { target: { value: '' } });
    await waitFor(async () => expect((await cardPrices()).Boost).toBe('EUR 79.00'));
    expect(document.cookie).not.toContain('preferred-country-code');
    expect(screen.queryByRole('button', { name: 'Show prices' })).toBeNull();
    // Hidden, yet still the form's submit button: a form without one fails WCAG H32 (pa11y, issue #32).
    const submit = screen.getByLabelText('Prices for').closest('form')!.querySelector('button[type="submit"]');
    expect(submit?.textContent).toBe('Show prices');
    expect((submit as HTMLButtonElement).hidden).toBe(true);
  });
});

describe('/pricing and /monetise', () => {
  // The startup's country (its first address) on /monetise; the visitor's chosen country on /pricing.
  for (const country of ['DK', 'NO', 'SE', 'FI', 'IS', 'DE']) {
    it(`show the same prices for ${country}, from one table`, async () => {
      document.cookie = `preferred-country-code=${country}; Path=/`;
      openPricing();
      const onPricing = await cardPrices();
      cleanup();

      const company = startupIn(country);
      renderPage(
        monetisePage,
        '/client/startups/:company/jobs/:job/monetise',
        `/client/startups/${STARTUP_KEY}/jobs/${JOB_ID}/monetise`,
        jobPageHandlers({ user: memberOf(company), company, job: managedJob('DRAFT') }),
      );
      const onMonetise = await cardPrices();

      expect(Object.keys(onMonetise)).toEqual(['Free', 'Boost', 'Max', 'Headhunter']);
      expect(onMonetise).toEqual(onPricing);
      expect(onMonetise.Boost).toMatch(new RegExp(`^${planPrice('boost', country).currency} `));
    });
  }
});
