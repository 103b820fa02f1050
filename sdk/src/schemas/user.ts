/** Users (spec 3), the companies and investors as seen within a user, and the derived profile entry. */
import * as v from 'valibot';
import { PROFILE_STATUSES, PROFILE_TYPES } from '../constants';
import { IsoDateSchema } from './common';
import { ImageSchema } from './image';

/** A small logo reference, as the user record carries it. */
export const LogoRefSchema = /* @__PURE__ */ v.object({ thumbnailSizeUrl: v.string() });

/** spec 3, "Company within a user". */
export const UserCompanySchema = /* @__PURE__ */ v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  status: v.picklist(PROFILE_STATUSES),
  countries: v.array(v.object({ countryCode: v.string() })),
  adminUrl: v.string(),
  logoImage: v.nullable(LogoRefSchema),
  /** A map by platform name: the platforms the company is listed on. */
  platform: v.record(v.string(), v.boolean()),
});
export type UserCompany = v.InferOutput<typeof UserCompanySchema>;

/** spec 3, "Investor within a user". */
export const UserInvestorSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  status: v.picklist(PROFILE_STATUSES),
  countryCodes: v.array(v.string()),
  adminUrl: v.string(),
  logoImage: v.nullable(LogoRefSchema),
  platform: v.record(v.string(), v.boolean()),
});
export type UserInvestor = v.InferOutput<typeof UserInvestorSchema>;

export const ApplicantProfileSchema = /* @__PURE__ */ v.object({
  enabled: v.boolean(),
  headline: v.nullable(v.string()),
  /** Never REMOTE (spec 5). */
  preferredCountryCode: v.nullable(v.string()),
  categories: v.array(v.string()),
  linkedinUrl: v.nullable(v.string()),
});
export type ApplicantProfile = v.InferOutput<typeof ApplicantProfileSchema>;

export const UiFeatureSchema = /* @__PURE__ */ v.object({ name: v.string(), reachedAt: IsoDateSchema });
export type UiFeature = v.InferOutput<typeof UiFeatureSchema>;

/** spec 3, User. */
export const UserSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  name: v.object({ first: v.string(), last: v.string() }),
  fullName: v.string(),
  email: v.string(),
  image: v.nullable(ImageSchema),
  imageUrl: v.nullable(v.string()),
  isAdmin: v.boolean(),
  isEmailVerified: v.boolean(),
  companies: v.array(UserCompanySchema),
  investors: v.array(UserInvestorSchema),
  /** Present once the user has an applicant profile; `enabled` gives the applicant role (spec 6). */
  applicant: v.nullable(v.object({ enabled: v.boolean() })),
  applicantProfile: v.nullable(ApplicantProfileSchema),
  /** The saved profile choice, as text: '{type}:{key}' (spec 3), or null. */
  profile: v.nullable(v.string()),
  uiFeatures: v.array(UiFeatureSchema),
});
export type User = v.InferOutput<typeof UserSchema>;

// The profile kinds live with the other enums in constants.ts (the first page load reads them without valibot); named here too.
export { PROFILE_TYPES, type ProfileType } from '../constants';

/** spec 3, "Profile entry (derived)". */
export const ProfileEntrySchema = /* @__PURE__ */ v.object({
  type: v.picklist(PROFILE_TYPES),
  key: v.string(),
  name: v.string(),
  link: v.string(),
  imageLink: v.nullable(v.string()),
  /** Country codes, shown after the name unless the profile is a draft. */
  additional: v.array(v.string()),
  typeLabel: v.picklist(['Startup', 'Investor', 'Talent']),
  isDraft: v.boolean(),
  description: v.picklist(['Startup management and recruitment', 'Investment and funding', 'Talent']),
});
export type ProfileEntry = v.InferOutput<typeof ProfileEntrySchema>;

/** The selection stored in the cookie 'user.profile' (spec 4): key and type. */
export const ProfileSelectionSchema = /* @__PURE__ */ v.object({ type: v.picklist(PROFILE_TYPES), key: v.string() });
export type ProfileSelection = v.InferOutput<typeof ProfileSelectionSchema>;
