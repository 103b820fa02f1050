/** Inserts the demo accounts with their profiles: admin, talent, founder, investor, multi, draft, newbie, sister. */
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client';
import { applicantProfiles, companyMembers, investorMembers, users } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoEmail } from './accounts';
import { insertAll, insertReturningIds } from './batch';
import { daysBefore } from './time';

/** The profiles the accounts belong to, by id. */
export interface AccountLinks {
  northwindId: number;
  draftStartupId: number;
  fjordVenturesId: number;
  /** An ACTIVE startup other than Northwind, and an investor other than Fjord Ventures, for multi@. */
  multiCompanyId: number;
  multiInvestorId: number;
  /** The ACTIVE startup listed only on the sister platform, for sister@. */
  polarisImpactId: number;
  now: Date;
}

/** Inserts the accounts and returns their user ids by e-mail. */
export async function seedAccounts(db: Db, links: AccountLinks): Promise<Record<DemoEmail, number>> {
  const { now } = links;
  // argon2id is slow on purpose: hash once, every account shares the password.
  const passwordHash = await hash(DEMO_PASSWORD);
  const ids = await insertReturningIds(
    db,
    users,
    DEMO_ACCOUNTS.map((account, i) => ({
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      passwordHash,
      isAdmin: account.email === 'admin@nordlys.test',
      isEmailVerified: true,
      createdAt: daysBefore(now, account.email === 'newbie@nordlys.test' ? 0.5 : 300 - i * 30),
      updatedAt: daysBefore(now, 1),
    })),
  );
  const id = Object.fromEntries(DEMO_ACCOUNTS.map((a, i) => [a.email, ids[i] as number])) as Record<DemoEmail, number>;

  await insertAll(db, companyMembers, [
    { userId: id['founder@nordlys.test'], companyId: links.northwindId, role: 'admin' },
    { userId: id['multi@nordlys.test'], companyId: links.multiCompanyId, role: 'admin' },
    { userId: id['draft@nordlys.test'], companyId: links.draftStartupId, role: 'admin' },
    { userId: id['sister@nordlys.test'], companyId: links.polarisImpactId, role: 'admin' },
  ]);
  await insertAll(db, investorMembers, [
    { userId: id['investor@nordlys.test'], investorId: links.fjordVenturesId, role: 'admin' },
    { userId: id['multi@nordlys.test'], investorId: links.multiInvestorId, role: 'admin' },
  ]);
  await insertAll(db, applicantProfiles, [
    {
      userId: id['talent@nordlys.test'],
      enabled: true,
      headline: 'Full-stack developer with five years of React and Node.js',
      preferredCountryCode: 'DK',
      categories: ['fullstack', 'frontend'],
      linkedinUrl: 'https://www.linkedin.com/in/sofie-kjaer-demo',
    },
    {
      userId: id['multi@nordlys.test'],
      enabled: true,
      headline: 'Product manager and angel investor, curious about climate tech',
      preferredCountryCode: 'FI',
      categories: ['product-management', 'cxo'],
    },
  ]);
  return id;
}
