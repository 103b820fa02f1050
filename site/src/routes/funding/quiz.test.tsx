// @vitest-environment happy-dom
/**
 * The funding quiz (issue #15) in the browser: the server's page hydrated, then the same GET forms go
 * step by step through react-router without a reload; a step left empty says so at once and keeps the
 * visitor there, the next question takes the focus, Back keeps the answers, and the last step lands on
 * the results in the order the API ranked them. Server rendering: quiz.server.test.tsx.
 */
import { quizQuery } from '@nordlys/sdk/funding-quiz';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHydratedSessionStore, hydrate } from '../../client';
import { render } from '../../entry-server';
import { installHydrationData } from '../../hydration-data';
import { accountApi, jsonAnswer } from '../../modals/test-helpers';
import { quizAnswers, resultsFor } from '../../testing/funding-quiz';
import { clearCookies, until } from '../../testing/site';

let unmount: (() => Promise<void>) | null = null;
let errors: unknown[] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // Two renderers in one process (the server's and the browser's) is a test artefact, never a browser's.
    if (!String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) errors.push(args);
  });
});
afterEach(async () => {
  await unmount?.();
  unmount = null;
  vi.restoreAllMocks();
  // No hydration mismatch, no React warning.
  expect(errors).toEqual([]);
});

/** Server-renders `path` for a visitor and hydrates it as the browser entry does; the fake /api ranks the small directory. */
async function mountQuiz(path: string) {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  clearCookies();
  window.history.replaceState(null, '', path);
  const fake = accountApi({
    'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401),
    'GET funding/quiz/results': () => jsonAnswer(resultsFor(quizAnswers)),
  });
  const response = await render(new Request(`${window.location.origin}${path}`), { api: () => fake.api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  const html = await response.text();
  document.body.innerHTML = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
  installHydrationData();
  const container = document.getElementById('root')!;
  let app!: Awaited<ReturnType<typeof hydrate>>;
  await act(async () => {
    app = await hydrate({ api: fake.api, container, session: createHydratedSessionStore(), runtime: { expiredRedirectMs: 100 } });
  });
  unmount = async () => {
    await act(async () => {
      app.root.unmount();
      app.router.dispose();
    });
    document.body.innerHTML = '';
    delete (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData;
  };
  const here = () => `${app.router.state.location.pathname}${app.router.state.location.search}`;
  return { ...fake, router: app.router, here };
}

const question = () => document.querySelector<HTMLFieldSetElement>('fieldset.quiz__question')!;
const legend = () => question().querySelector('legend')!.textContent;
const progress = () => screen.getByRole('progressbar');
const next = async (name = 'Next question') => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const choose = async (label: string) => act(async () => fireEvent.click(within(question()).getByLabelText(label)));

describe('/funding/quiz with JavaScript', () => {
  it('goes through the five questions without a reload and lands on the ranked results', async () => {
    const { here, calls } = await mountQuiz('/funding/quiz');
    // A marker on the document: a full reload would lose it.
    (document as unknown as { quizMarker: boolean }).quizMarker = true;
    expect(legend()).toBe('Which round are you raising?');
    expect(document.getElementById(progress().getAttribute('aria-labelledby')!)!.textContent).toBe('Step 1 of 5');

    // Left empty: the message shows, the first option takes the focus, and the visitor stays.
    await next();
    expect(within(question()).getByText('Please choose your stage')).toBeTruthy();
    expect(question().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(question()).getByLabelText('Pre-seed'));
    expect(here()).toBe('/funding/quiz');
    // Choosing clears the message.
    await choose('Seed');
    expect(within(question()).queryByText('Please choose your stage')).toBeNull();

    await next();
    await until(() => here() === '/funding/quiz?stage=seed&step=2', 'step 2');
    expect(legend()).toBe('Which industry is your startup in?');
    expect(progress().getAttribute('aria-valuenow')).toBe('2');
    // The new question has the focus, so a screen reader reads it.
    expect(document.activeElement).toBe(question());

    // Back keeps what was chosen.
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back' })));
    await until(() => here() === '/funding/quiz?stage=seed', 'back to step 1');
    expect((within(question()).getByLabelText('Seed') as HTMLInputElement).checked).toBe(true);
    await next();
    await until(() => here().endsWith('step=2'), 'step 2 again');

    await choose('SaaS');
    await next();
    await until(() => here().endsWith('step=3'), 'step 3');
    await choose('€100k–1M');
    await next();
    await until(() => here().endsWith('step=4'), 'step 4');
    await choose('Denmark');
    await choose('Sweden');
    await next();
    await until(() => here().endsWith('step=5'), 'step 5');
    expect(progress().getAttribute('aria-valuetext')).toBe('Step 5 of 5');
    await choose('Yes, we want investors who back impact');
    await next('See my matches');

    await until(() => here() === `/funding/quiz/results?${quizQuery(quizAnswers)}`, 'the results');
    await until(() => screen.queryByRole('heading', { level: 1, name: 'Your investor matches' }) !== null, 'the results page');
    const ranked = [...document.querySelectorAll('.match-list h3')].map((h) => h.textContent);
    expect(ranked).toEqual(['Fjord Ventures', 'Aurora Capital', 'Boreal Partners']);
    expect(calls.filter((c) => c.path === '/api/funding/quiz/results')).toHaveLength(1);
    expect((document as unknown as { quizMarker?: boolean }).quizMarker).toBe(true);
  });
});
