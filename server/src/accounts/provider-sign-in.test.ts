import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import type { ProviderProfile, ProviderSignIn } from '../oidc/types';
import { backends, openTestDatabase } from '../testing/database';
import { authorizeWithProvider } from './provider-sign-in';
import { createUser } from './users';

/** A provider that says whatever it was told: like the embedded demo one when `connectsPasswordAccounts` is false. */
function provider(profile: ProviderProfile, connectsPasswordAccounts?: boolean): ProviderSignIn {
  return { name: 'LinkedIn (demo)', connectsPasswordAccounts, profile: async () => profile };
}

const claim = (email: string, subject: string): ProviderProfile => ({ subject, email, emailVerified: true, firstName: 'Eve', lastName: 'Il', pictureUrl: null });

describe.each(backends)('authorizeWithProvider on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => database?.close());
  const linkedinIdOf = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]?.linkedinId;

  it('never connects a provider that anyone can claim an address on to an account with a password (admin@ included)', async () => {
    for (const email of ['admin@nordlys.test', 'founder@nordlys.test']) {
      const error = await authorizeWithProvider(database.db, provider(claim(email, `demo-${email}`), false), { accessToken: 't', allowRegistration: true }).catch((e: unknown) => e);
      expect(error, email).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('E_ACCOUNT_EXISTS');
      expect(await linkedinIdOf(email)).toBeNull();
    }
  });

  it('still connects such a provider to an account without a password, and a trusted provider to one with a password', async () => {
    const passwordless = await createUser(database.db, { firstName: 'No', lastName: 'Password', email: `nopass-${backend}@example.test`, passwordHash: null, isEmailVerified: true });
    const connected = await authorizeWithProvider(database.db, provider(claim(passwordless.email, 'demo-nopass'), false), { accessToken: 't', allowRegistration: false });
    expect(connected).toMatchObject({ userId: passwordless.id, found: true, created: false });

    const trusted = await authorizeWithProvider(database.db, provider(claim('talent@nordlys.test', 'li-talent')), { accessToken: 't', allowRegistration: false });
    expect(trusted).toMatchObject({ found: true, created: false });
    expect(await linkedinIdOf('talent@nordlys.test')).toBe('li-talent');
  });
});
