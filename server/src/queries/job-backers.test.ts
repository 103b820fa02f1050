/** "Backed by {investor}" on job cards and pages (ui.md): the public investors behind a job's startup. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { companies, companyInvestors, investments, investors } from '../db/schema';
import { backends, openTestDatabase } from '../testing/database';
import { companyBackers } from './companies';
import { companyJobs, getJob, searchJobs } from './jobs';

describe.each(backends)('job backers on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database?.close());

  const idOf = async (key: string) => {
    const [row] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.key, key));
    return row!.id;
  };
  const investorId = async (key: string) => {
    const [row] = await database.db.select({ id: investors.id }).from(investors).where(eq(investors.key, key));
    return row!.id;
  };

  it('names the public investors of a startup once each, from its list and from their portfolios', async () => {
    const northwind = await idOf('northwind-labs');
    const backers = (await companyBackers(database.db, [northwind, northwind])).get(northwind) ?? [];
    // The seed links Fjord Ventures both ways (portfolio and the startup's own list): it shows once.
    expect(backers.filter((b) => b.key === 'fjord-ventures')).toEqual([{ key: 'fjord-ventures', name: 'Fjord Ventures' }]);
    expect(new Set(backers.map((b) => b.key)).size).toBe(backers.length);
    // Own entries without an investor profile (Hanseatic Growth Fund) are not "backers" with a page.
    expect(backers.some((b) => b.name === 'Hanseatic Growth Fund')).toBe(false);
  });

  it('puts them on the company of job lists and the job page, and leaves the field out without any', async () => {
    const northwind = await idOf('northwind-labs');
    const [job] = await companyJobs(database.db, { id: northwind });
    expect(job!.company.backedBy?.map((b) => b.key)).toContain('fjord-ventures');
    expect((await getJob(database.db, job!.id))!.company.backedBy?.map((b) => b.key)).toContain('fjord-ventures');

    const list = await searchJobs(database.db, { pageSize: 50 });
    const backers = await companyBackers(database.db, list.jobs.map((j) => j.company.id));
    for (const listed of list.jobs) {
      const expected = backers.get(listed.company.id);
      if (expected?.length) expect(listed.company.backedBy).toEqual(expected);
      else expect('backedBy' in listed.company).toBe(false);
    }
  });

  it("orders them as the startup's page does: its own list in its order, then the portfolios by name, twice for two startups", async () => {
    const made = await database.db
      .insert(investors)
      .values(
        ['zeta', 'alpha', 'mid', 'beta'].map((word) => ({ key: `order-${word}`, name: `${word[0]!.toUpperCase()}${word.slice(1)} Capital`, status: 'ACTIVE' as const, category: 'VC' })),
      )
      .returning({ id: investors.id, key: investors.key });
    const id = (word: string) => made.find((m) => m.key === `order-${word}`)!.id;
    const [first, second] = await Promise.all(['northwind-labs', 'draft-startup'].map(idOf));
    for (const company of [first!, second!]) {
      await database.db.delete(companyInvestors).where(eq(companyInvestors.companyId, company));
      await database.db.delete(investments).where(eq(investments.companyId, company));
      // The startup's list: Zeta at position 0, Mid at 1 (not by name); Alpha and Beta list it in
      // their portfolios (by name: Alpha, Beta), and so does Zeta, already listed.
      await database.db.insert(companyInvestors).values([
        { companyId: company, investorId: id('mid'), position: 1 },
        { companyId: company, investorId: id('zeta'), position: 0 },
      ]);
      await database.db.insert(investments).values(
        ['beta', 'zeta', 'alpha'].map((word) => ({ investorId: id(word), companyId: company, name: 'the startup' })),
      );
    }
    const backers = await companyBackers(database.db, [second!, first!]);
    const expected = ['order-zeta', 'order-mid', 'order-alpha', 'order-beta'];
    expect(backers.get(first!)?.map((b) => b.key)).toEqual(expected);
    expect(backers.get(second!)?.map((b) => b.key)).toEqual(expected);
  });

  it('leaves out an investor that is not public, and one that only names the startup without a profile link', async () => {
    const northwind = await idOf('northwind-labs');
    const fjord = await investorId('fjord-ventures');
    await database.db.update(investors).set({ status: 'DRAFT' }).where(eq(investors.id, fjord));
    try {
      const backers = (await companyBackers(database.db, [northwind])).get(northwind) ?? [];
      expect(backers.some((b) => b.key === 'fjord-ventures')).toBe(false);
    } finally {
      await database.db.update(investors).set({ status: 'ACTIVE' }).where(eq(investors.id, fjord));
    }
    // A startup nobody backs gets no entry.
    const [lonely] = await database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.key, 'draft-startup'));
    await database.db.delete(companyInvestors).where(eq(companyInvestors.companyId, lonely!.id));
    await database.db.delete(investments).where(eq(investments.companyId, lonely!.id));
    expect((await companyBackers(database.db, [lonely!.id])).has(lonely!.id)).toBe(false);
    expect((await companyBackers(database.db, [])).size).toBe(0);
  });
});
