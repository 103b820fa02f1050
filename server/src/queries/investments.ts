/** An investor's portfolio writes (issue #11): add a startup on the site or one by name, and remove an entry. */
import { and, eq } from 'drizzle-orm';
import type { Investment, InvestmentInput } from '@nordlys/sdk/schemas';
import { isUniqueViolation } from '../accounts/users';
import type { Db } from '../db/client';
import { companies, investments } from '../db/schema';
import { AppError } from '../errors';
import { listInvestments } from './investors';
import { companyIsPublic } from './visibility';

const NO_SUCH_STARTUP = 'No public startup has this address';
const ALREADY_THERE = 'This startup is already in the portfolio';

/**
 * POST /investors/{key}/investments. A startup on the site must be public (its page is where the
 * portfolio links); it is in a portfolio once (409). Answers the new entry as the portfolio lists it.
 */
export async function addInvestment(db: Db, investorId: number, input: InvestmentInput, now = new Date()): Promise<Investment> {
  let values: typeof investments.$inferInsert;
  if ('companyKey' in input) {
    const [company] = await db
      .select({ id: companies.id, name: companies.name, website: companies.website })
      .from(companies)
      .where(and(eq(companies.key, input.companyKey), companyIsPublic()));
    if (!company) throw new AppError('E_VALIDATION', NO_SUCH_STARTUP, { companyKey: [NO_SUCH_STARTUP] });
    values = { investorId, companyId: company.id, name: company.name, website: company.website, createdAt: now };
  } else {
    values = { investorId, companyId: null, name: input.name, website: input.website ?? null, createdAt: now };
  }
  let id: number;
  try {
    [{ id }] = (await db.insert(investments).values(values).returning({ id: investments.id })) as [{ id: number }];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('E_CONFLICT', ALREADY_THERE, { companyKey: [ALREADY_THERE] });
    throw error;
  }
  return (await listInvestments(db, investorId)).find((i) => i.id === id)!;
}

/** DELETE /investors/{key}/investments/{id}: false when the entry is not this investor's. */
export async function removeInvestment(db: Db, investorId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(investments)
    .where(and(eq(investments.id, id), eq(investments.investorId, investorId)))
    .returning({ id: investments.id });
  return removed.length > 0;
}
