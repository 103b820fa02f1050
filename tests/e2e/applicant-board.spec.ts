/**
 * The applicant board in the browser (issue #13), as founder@ on Northwind Labs' demo board: a card
 * moved to a custom stage with the keyboard ("Move to…"), undone, moved again with @dnd-kit's keyboard
 * sensor and dragged to Hired with the mouse (its pointer sensor), each move announced and kept after
 * a reload; a card opened (its CV, a rating, a note) and opened again from a mail's `?open=` link;
 * axe on the board and the open card; and the phone layout.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dragCard } from './helpers';
import { gotoHydrated, noAxeViolations, signedInPage } from './session';

const BOARD = '/client/startups/northwind-labs/applicants';
/** A demo candidate in Applied, with a CV, on one job only (server/src/seed/applicants.ts). */
const NAME = 'Jonas Virtanen';

const column = (page: Page, key: string) => page.locator(`[data-column="${key}"]`);
const columnNamed = (page: Page, name: string) => page.locator('.board-column').filter({ has: page.locator('.board-column__label').getByText(name, { exact: true }) });
const cardIn = (scope: Locator, name: string) => scope.locator('.board-card').filter({ has: scope.page().getByRole('link', { name, exact: true }) });
const live = (page: Page) => page.getByTestId('board-live');


test('founder@ moves a card by keyboard and by drag and drop, undoes a move, and works on an open card', async ({ browser }) => {
  // A long loop (three reloads, axe twice) on a shared machine.
  test.slow();
  const page = await signedInPage(browser, 'founder@nordlys.test', { width: 1600, height: 1000 });
  await gotoHydrated(page, BOARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();

  // The columns in the sdk's order, Northwind's own stages in between; Rejected is locked.
  await expect(page.locator('.board-column__label')).toHaveText(['Applied', 'First interview', 'Take-home task', 'Hired', 'To be rejected', 'Rejected']);
  await expect(column(page, 'rejected')).toContainText('Rejected candidates stay here');
  await noAxeViolations(page, 'the applicant board');

  const firstInterview = columnNamed(page, 'First interview');
  const card = cardIn(column(page, 'applied'), NAME);
  await expect(card).toHaveCount(1);
  const id = await card.getAttribute('data-card-id');

  // Keyboard: on the focused card, M opens "Move to…" (the name's description says so); arrows and Enter pick.
  const nameLink = card.getByRole('link', { name: NAME, exact: true });
  await nameLink.focus();
  await expect(nameLink).toHaveAccessibleDescription('Press Enter to open, M to move to another stage.');
  await page.keyboard.press('m');
  const menu = page.getByRole('menu', { name: `Move ${NAME} to` });
  await expect(menu.getByRole('menuitem')).toHaveText(['First interview', 'Take-home task', 'Hired', 'To be rejected', 'Rejected…']);
  await expect(menu.getByRole('menuitem', { name: 'First interview' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(cardIn(firstInterview, NAME)).toHaveCount(1);
  await expect(live(page)).toHaveText(`${NAME} moved to First interview.`);
  // Focus went with the card.
  await expect(cardIn(firstInterview, NAME).getByRole('button', { name: `Move to… (${NAME})` })).toBeFocused();

  // Undo puts it back, on the server too.
  await page.getByRole('button', { name: `Undo moving ${NAME}` }).click();
  await expect(cardIn(column(page, 'applied'), NAME)).toHaveCount(1);
  await expect(live(page)).toHaveText(`${NAME} moved back to Applied.`);
  await expect(page.locator('.board-toast')).toContainText(`${NAME} is back in Applied.`);
  await gotoHydrated(page, BOARD);
  await expect(cardIn(column(page, 'applied'), NAME)).toHaveCount(1);

  // Again with the keyboard, through @dnd-kit's keyboard sensor: Space picks the card up, Right goes to the next stage, Space drops.
  const handle = cardIn(column(page, 'applied'), NAME).getByRole('button', { name: `Drag ${NAME}` });
  await expect(handle).toHaveAccessibleDescription(/press Space or Enter to pick the card up, Left and Right arrows to choose a stage/);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(`Picked up ${NAME}. Left and Right choose a stage; Space drops; Escape cancels.`);
  await page.keyboard.press('ArrowRight');
  await expect(firstInterview).toHaveClass(/board-column--over/);
  await page.keyboard.press('Space');
  await expect(cardIn(firstInterview, NAME)).toHaveCount(1);
  await expect(live(page)).toHaveText(`${NAME} moved to First interview.`);
  await expect(page.locator('.board-toast')).toContainText(`${NAME} moved to First interview.`);

  // Drag and drop to Hired.
  const hired = column(page, 'hired');
  await dragCard(page, cardIn(firstInterview, NAME), hired);
  await expect(cardIn(hired, NAME)).toHaveCount(1);
  await expect(live(page)).toHaveText(`${NAME} moved to Hired.`);
  await expect(page.locator('.board-toast')).toContainText(`${NAME} moved to Hired.`);
  await gotoHydrated(page, BOARD);
  await expect(cardIn(column(page, 'hired'), NAME)).toHaveCount(1);

  // Open the card (Enter on its name): the URL names it, the CV shows inline, with a download.
  await cardIn(column(page, 'hired'), NAME).getByRole('link', { name: NAME, exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: NAME });
  await expect(dialog.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]open=${id}$`));
  await expect(dialog.locator('.card-detail__stage')).toContainText('Stage: Hired');
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('title', `CV of ${NAME}`);
  const cvUrl = (await frame.getAttribute('src'))!;
  expect(cvUrl).toBe(`/api/applications/${id}/cv`);
  await expect(dialog.getByRole('link', { name: 'Download the CV' })).toHaveAttribute('href', cvUrl);
  const cv = await page.request.get(cvUrl);
  expect(cv.status()).toBe(200);
  expect(cv.headers()['content-type']).toBe('application/pdf');
  expect((await cv.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Rate with the keyboard: the stars are a radio group.
  await dialog.getByRole('radio', { name: '3 stars' }).check();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Your rating' })).toContainText('You rated 4 of 5.');

  // An internal note, with its author and time.
  const note = `Call ${NAME} about the start date (${Date.now()}).`;
  await dialog.getByRole('textbox', { name: 'Add a note' }).fill(note);
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Note added.' })).toBeVisible();
  const added = dialog.locator('.card-notes__item').filter({ hasText: note });
  await expect(added).toContainText(/Mads Holm, (just now|\d+ seconds? ago|now)/);
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(dialog.locator('.card-history')).toContainText('Moved from First interview to Hired');
  await noAxeViolations(page, 'the open card');

  // Escape closes it, and the card counts the note.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/open=/);

  // A mail's link opens the card straight away, with what was saved.
  await gotoHydrated(page, `${BOARD}?open=${id}`);
  const again = page.getByRole('dialog', { name: NAME });
  await expect(again.getByRole('group', { name: 'Your rating' })).toContainText('You rated 4 of 5.');
  await expect(again.locator('.card-notes__item').filter({ hasText: note })).toHaveCount(1);
  await page.context().close();
});

test('on a 360 px phone the columns scroll inside the board and an open card fills the screen', async ({ browser }) => {
  const page = await signedInPage(browser, 'founder@nordlys.test', { width: 360, height: 780 });
  await gotoHydrated(page, BOARD);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const columns = page.getByRole('region', { name: 'Pipeline stages' });
  const scrolls = await columns.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'auto');
  expect(scrolls).toBe(true);
  await cardIn(column(page, 'applied'), 'Mateo García').getByRole('link', { name: 'Mateo García', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Mateo García' });
  await expect(dialog.getByRole('heading', { name: 'Profile' })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(360);
  expect(box.height).toBeGreaterThanOrEqual(780);
  await expect(dialog).toContainText('No CV was sent.');
  await page.context().close();
});

test("a job's Applicants tab is the board of that job alone, its filters in the URL", async ({ browser }) => {
  const page = await signedInPage(browser, 'founder@nordlys.test', { width: 1600, height: 1000 });
  const found = await page.request.get('/api/companies/northwind-labs/applicants?search=Mateo');
  expect(found.status()).toBe(200);
  const { applicants } = (await found.json()) as { applicants: { id: number; job: { id: number; title: string } }[] };
  const job = applicants[0]!.job;
  await gotoHydrated(page, `/client/startups/northwind-labs/jobs/${job.id}?tab=applicants`);
  await expect(page.getByRole('navigation', { name: `${job.title}: pages` }).getByRole('link', { name: /^Applicants/ })).toHaveAttribute('aria-current', 'page');
  await expect(cardIn(column(page, 'applied'), 'Mateo García')).toHaveCount(1);
  // One job: no job filter, no job title on the cards, and every card is of this job.
  await expect(page.getByRole('combobox', { name: 'Job' })).toHaveCount(0);
  await expect(page.locator('.board-card__job')).toHaveCount(0);
  const ids = await page.locator('.board-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-card-id'))));
  const all = (await (await page.request.get(`/api/companies/northwind-labs/applicants?job=${job.id}&pageSize=500`)).json()) as { applicants: { id: number }[] };
  expect(ids.toSorted()).toEqual(all.applicants.map((a) => a.id).toSorted());
  // A filter stays on the tab, in the URL.
  await page.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'Applied' });
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}\\?tab=applicants&stage=applied$`));
  await expect(page.locator('.board-column__label')).toHaveText(['Applied']);
  await noAxeViolations(page, "a job's Applicants tab");
  await page.context().close();
});
