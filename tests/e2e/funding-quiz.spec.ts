/**
 * The funding quiz of issue #15 in a real browser: answered with JavaScript off (plain GET forms, one
 * page load per question) and on (react-router, no reload), it ranks the directory the same way. A
 * signed-in startup's answers are kept, and its funding page shows the same best match with the
 * contact action of that investor's preference.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoHydrated, noAxeViolations, signedInPage } from './session';

/** The answers, as the labels read: a seed-stage SaaS startup in Denmark and Sweden that cares about impact. */
const ANSWERS = ['Seed', 'SaaS', '€100k–1M', ['Denmark', 'Sweden'], 'Yes, we want investors who back impact'] as const;

/** Answers each question by its labels and goes on; the last button goes to the results. */
async function answerQuiz(page: Page) {
  for (const [index, answer] of ANSWERS.entries()) {
    await expect(page.getByText(`Step ${index + 1} of ${ANSWERS.length}`)).toBeVisible();
    const question = page.locator('fieldset.quiz__question');
    for (const label of typeof answer === 'string' ? [answer] : answer) await question.getByLabel(label, { exact: true }).check();
    await page.getByRole('button', { name: index === ANSWERS.length - 1 ? 'See my matches' : 'Next question' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Your investor matches' })).toBeVisible();
}

/** The investors of the results page, best first. */
const ranking = (page: Page) => page.locator('ol.match-list h3').allTextContents();

async function rankingWith(browser: Browser, javaScriptEnabled: boolean): Promise<string[]> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  try {
    if (javaScriptEnabled) {
      await gotoHydrated(page, '/funding/quiz');
      // A full page load would lose this.
      await page.evaluate(() => ((window as unknown as { quizMarker: boolean }).quizMarker = true));
      // A question left empty says so, and the visitor stays on it.
      await page.getByRole('button', { name: 'Next question' }).click();
      await expect(page.getByText('Please choose your stage')).toBeVisible();
      await expect(page).toHaveURL(/\/funding\/quiz$/);
      await noAxeViolations(page, 'a quiz question with its message');
    } else {
      const response = await page.goto('/funding/quiz');
      expect(response?.status()).toBe(200);
    }
    await answerQuiz(page);
    await expect(page).toHaveURL(/\/funding\/quiz\/results\?stage=seed&industry=saas&amount=100k-1m&countries=DK&countries=SE&impact=yes$/);
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as unknown as { quizMarker?: boolean }).quizMarker)).toBe(true);
      await noAxeViolations(page, 'the quiz results');
    }
    return await ranking(page);
  } finally {
    await context.close();
  }
}

test('the quiz gives the same ranking with JavaScript off and on', async ({ browser }) => {
  // Several pages, each loaded and checked in full (two browser contexts or seven pages with axe): 20 s alone, more on a loaded CI machine.
  test.setTimeout(60_000);
  const [off, on] = await Promise.all([rankingWith(browser, false), rankingWith(browser, true)]);
  expect(off.length).toBeGreaterThan(3);
  expect(on).toEqual(off);
  console.log(`[funding-quiz] ${off.length} matches, best: ${off.slice(0, 3).join(', ')}`);
});

test("a startup's answers are kept, and its funding page offers the best match with its contact action", async ({ browser }) => {
  const page = await signedInPage(browser, 'founder@nordlys.test');
  try {
    // From the last question, the answers POST to the results, which keep them for the startup.
    await gotoHydrated(page, '/funding/quiz?stage=seed&industry=saas&amount=100k-1m&countries=DK&countries=SE&step=5');
    await expect(page.getByText('Your answers are kept for Northwind Labs')).toBeVisible();
    await page.locator('fieldset.quiz__question').getByLabel('Yes, we want investors who back impact').check();
    await page.getByRole('button', { name: 'See my matches' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved to Northwind Labs.' })).toBeVisible();
    const best = (await ranking(page))[0]!;

    await page.getByRole('link', { name: 'See the matches on the funding page of Northwind Labs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Funding' })).toBeVisible();
    await expect(page.locator('ol.match-list h3').first()).toHaveText(best);
    await noAxeViolations(page, "the startup's funding page");
    await page.locator('ol.match-list').getByRole('link', { name: best }).click();
    await expect(page.getByRole('heading', { level: 1, name: best })).toBeVisible();
    // Every demo investor can be reached: by e-mail naming the startup, or on its website.
    const contact = page.getByRole('region', { name: `Contact ${best}` }).getByRole('link').first();
    await expect(contact).toHaveAttribute('href', /^(mailto:[^?]+\?subject=Northwind%20Labs%20is%20raising|https?:\/\/)/);
    await noAxeViolations(page, "an investor on the startup's funding page");
  } finally {
    await page.context().close();
  }
});
