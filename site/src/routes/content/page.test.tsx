// @vitest-environment happy-dom
/** A content page in the browser (issue #15): its links within the site navigate in the app; other clicks stay the browser's. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonAnswer, renderPage } from '../../modals/test-helpers';
import * as page from './page';

const terms = {
  id: 'terms',
  title: 'Terms of service',
  description: 'The terms.',
  html: '<p>Read our <a href="/privacy-policy">privacy policy</a>, <a href="#law">the law</a> or <a href="https://www.retsinformation.dk" rel="noopener">the Danish laws</a>.</p><h2 id="law">Law</h2><p>Danish law.</p>',
  updatedAt: '2026-11-24',
};

describe('a content page in the browser', () => {
  afterEach(cleanup);

  it('loads its text and follows a link within the site without reloading the page', async () => {
    const { where } = renderPage(page, '/terms', '/terms', { 'GET pages/content/terms': () => jsonAnswer(terms) });
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(screen.getByRole('region', { name: 'Law' })).toBeTruthy();

    // A modified click (a new tab) and a link out are left to the browser.
    fireEvent.click(screen.getByRole('link', { name: 'privacy policy' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'the Danish laws' }));
    fireEvent.click(screen.getByRole('link', { name: 'the law' }));
    expect(where()).toBe('/terms');

    fireEvent.click(screen.getByRole('link', { name: 'privacy policy' }));
    await waitFor(() => expect(where()).toBe('/privacy-policy'));
  });
});
