import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '@nordlys/sdk/schemas';
import type { Database } from '../db/client';
import { companies, images, users } from '../db/schema';
import { backends, openTestDatabase } from '../testing/database';
import { loadUser } from './user-dto';

describe.each(backends)('the user answer on %s', (backend) => {
  let database: Database;
  const idOf = async (email: string) => (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => database?.close());

  it('matches the sdk UserSchema for every demo account', async () => {
    for (const row of await database.db.select({ id: users.id, email: users.email }).from(users)) {
      const user = await loadUser(database.db, row.id);
      expect(() => v.parse(UserSchema, user), row.email).not.toThrow();
    }
    expect(await loadUser(database.db, 999_999)).toBeNull();
  });

  it('describes companies with status, countries, admin URL, thumbnail logo and platform map', async () => {
    const [logo] = await database.db.insert(images).values({ path: 'demo/polaris-logo.png' }).returning({ id: images.id });
    await database.db.update(companies).set({ logoImageId: logo!.id }).where(eq(companies.key, 'polaris-impact'));
    await database.db.update(users).set({ imageId: logo!.id }).where(eq(users.email, 'sister@nordlys.test'));
    const user = (await loadUser(database.db, await idOf('sister@nordlys.test')))!;
    expect(user).toMatchObject({
      name: { first: 'Kari', last: 'Nordmann' },
      fullName: 'Kari Nordmann',
      imageUrl: '/images/thumbnail/demo/polaris-logo.png',
      applicant: null,
      applicantProfile: null,
      profile: null,
      uiFeatures: [],
    });
    expect(user.image?.sizes.large).toBe('/images/large/demo/polaris-logo.png');
    expect(user.companies).toEqual([
      {
        id: expect.any(Number),
        key: 'polaris-impact',
        name: 'Polaris Impact',
        status: 'ACTIVE',
        countries: [{ countryCode: 'NO' }],
        adminUrl: '/client/startups/polaris-impact',
        logoImage: { thumbnailSizeUrl: '/images/thumbnail/demo/polaris-logo.png' },
        platform: { sister: true },
      },
    ]);
  });

  it('describes investors with country codes, and the applicant profile', async () => {
    const user = (await loadUser(database.db, await idOf('investor@nordlys.test')))!;
    expect(user.investors).toEqual([
      expect.objectContaining({ key: 'fjord-ventures', name: 'Fjord Ventures', adminUrl: '/client/investors/fjord-ventures', countryCodes: expect.any(Array) }),
    ]);
    expect(user.investors[0]!.platform.nordlys).toBe(true);
    const talent = (await loadUser(database.db, await idOf('talent@nordlys.test')))!;
    expect(talent.applicant).toEqual({ enabled: true });
    expect(talent.applicantProfile).toEqual({
      enabled: true,
      headline: 'Full-stack developer with five years of React and Node.js',
      preferredCountryCode: 'DK',
      categories: ['fullstack', 'frontend'],
      linkedinUrl: 'https://www.linkedin.com/in/sofie-kjaer-demo',
    });
  });
});
