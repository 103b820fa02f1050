/** What the browser specs share: the demo password, signing in a demo account, hydration, axe and the 360 px check. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

/** Every demo account's password (server/src/seed/accounts.ts). */
export const PASSWORD = 'Nordlys-demo-1!';
/** The e2e server's origin: writes must name it (the server's same-origin check). */
export const BASE = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

/** A signed-in browser context of a demo account (the cookie a real sign-in sets). */
export async function signedInPage(browser: Browser, email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const res = await page.request.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return page;
}

/** Goes to a page and waits until the client has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export async function noAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), `axe on ${what}`).toEqual([]);
}
