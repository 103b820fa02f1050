/** The `user` answer of spec 7 (sdk UserSchema), built in this one place from the user's rows. */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyAdminPath, investorAdminPath } from '@nordlys/sdk/navigation';
import type { User } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { applicantProfiles, companies, companyMembers, images, investorMembers, investors, users } from '../db/schema';
import { toImage } from '../images';
import { platformMap } from '../queries/visibility';

const logo = alias(images, 'logo');

/** The small logo a user record carries: the 200x200 thumbnail (spec 3 image sizes). */
function logoRef(path: string | null) {
  const image = toImage(path);
  return image ? { thumbnailSizeUrl: image.sizes.thumbnail } : null;
}

/** The user with their companies, investors and applicant profile, or null if no such user. */
export async function loadUser(db: Db, userId: number): Promise<User | null> {
  const [[row], companyRows, investorRows, [applicant]] = await Promise.all([
    db
      .select({ user: users, imagePath: images.path })
      .from(users)
      .leftJoin(images, eq(images.id, users.imageId))
      .where(eq(users.id, userId)),
    db
      .select({
        id: companies.id,
        key: companies.key,
        name: companies.name,
        status: companies.status,
        countryCodes: companies.countryCodes,
        platforms: companies.platforms,
        logo: logo.path,
      })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .leftJoin(logo, eq(logo.id, companies.logoImageId))
      .where(eq(companyMembers.userId, userId))
      .orderBy(asc(companyMembers.createdAt), asc(companies.id)),
    db
      .select({
        id: investors.id,
        key: investors.key,
        name: investors.name,
        status: investors.status,
        countryCodes: investors.countryCodes,
        platforms: investors.platforms,
        logo: logo.path,
      })
      .from(investorMembers)
      .innerJoin(investors, eq(investors.id, investorMembers.investorId))
      .leftJoin(logo, eq(logo.id, investors.logoImageId))
      .where(eq(investorMembers.userId, userId))
      .orderBy(asc(investorMembers.createdAt), asc(investors.id)),
    db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, userId)),
  ]);
  if (!row) return null;
  const { user } = row;
  const image = toImage(row.imagePath);
  return {
    id: user.id,
    name: { first: user.firstName, last: user.lastName },
    fullName: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: user.email,
    image,
    imageUrl: image?.sizes.thumbnail ?? null,
    isAdmin: user.isAdmin,
    isEmailVerified: user.isEmailVerified,
    companies: companyRows.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      status: c.status,
      countries: c.countryCodes.map((countryCode) => ({ countryCode })),
      adminUrl: companyAdminPath(c.key),
      logoImage: logoRef(c.logo),
      platform: platformMap(c.platforms),
    })),
    investors: investorRows.map((i) => ({
      id: i.id,
      key: i.key,
      name: i.name,
      status: i.status,
      countryCodes: i.countryCodes,
      adminUrl: investorAdminPath(i.key),
      logoImage: logoRef(i.logo),
      platform: platformMap(i.platforms),
    })),
    applicant: applicant ? { enabled: applicant.enabled } : null,
    applicantProfile: applicant
      ? {
          enabled: applicant.enabled,
          headline: applicant.headline,
          preferredCountryCode: applicant.preferredCountryCode,
          categories: applicant.categories,
          linkedinUrl: applicant.linkedinUrl,
        }
      : null,
    profile: user.profile,
    uiFeatures: user.uiFeatures,
  };
}
