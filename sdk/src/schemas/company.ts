/** Companies (startups), spec 3: the public record, its list entry and the list query. */
import * as v from 'valibot';
import { PROFILE_STATUSES } from '../constants';
import { reservedKeys, type KeyKind } from '../routes';
import { intParam, PageInfoSchema, textParam } from './common';
import { DomainClaimSchema } from './domain';
import { ImageSchema } from './image';

/** What a job or a list carries about its company. */
export const CompanyRefSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  logoImage: v.nullable(ImageSchema),
});
export type CompanyRef = v.InferOutput<typeof CompanyRefSchema>;

export const CompanyCountrySchema = /* @__PURE__ */ v.object({ countryCode: v.string() });

/** A company in lists and on the company card of a job page. */
export const CompanySummarySchema = /* @__PURE__ */ v.object({
  ...CompanyRefSchema.entries,
  website: v.nullable(v.string()),
  whatWeDo: v.nullable(v.string()),
  countries: v.array(CompanyCountrySchema),
  numberOfActiveJobs: v.number(),
  /** Per-user flag (spec 3): whether the signed-in viewer follows the startup; left out for visitors. */
  followed: v.optional(v.boolean()),
});
export type CompanySummary = v.InferOutput<typeof CompanySummarySchema>;

export const TeamMemberSchema = /* @__PURE__ */ v.object({
  name: v.string(),
  title: v.nullable(v.string()),
  image: v.nullable(ImageSchema),
});
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;

/**
 * An investor-like entry: linked to an investor profile (`key` set, not editable; its public page is
 * /funding/{key} while the investor is public) or own. Linked entries come from the investor's
 * portfolio (GET|POST /investors/{key}/investments) as well as from the startup's own list.
 */
export const CompanyInvestorSchema = /* @__PURE__ */ v.object({
  key: v.nullable(v.string()),
  name: v.string(),
  website: v.nullable(v.string()),
  category: v.nullable(v.string()),
  /** The linked investor's logo, for the badge on the startup page. */
  logoImage: v.optional(v.nullable(ImageSchema)),
});
export type CompanyInvestor = v.InferOutput<typeof CompanyInvestorSchema>;

export const QuoteSchema = /* @__PURE__ */ v.object({ text: v.string(), author: v.nullable(v.string()) });

/** One country a startup is in, with its address there (spec 3 "countries", the edit form's "each with an address"). */
export const CompanyAddressSchema = /* @__PURE__ */ v.object({ countryCode: v.string(), address: v.nullable(v.string()) });
export type CompanyAddress = v.InferOutput<typeof CompanyAddressSchema>;

/** A figure a startup shows on its page: a name of the configuration's `keyFigureNames` and its value as written ('€2M', '40k'). */
export const KeyFigureSchema = /* @__PURE__ */ v.object({ name: v.string(), value: v.string() });
export type KeyFigure = v.InferOutput<typeof KeyFigureSchema>;

/**
 * What only the startup's members and admins see (GET /companies/{key}/hidden): the review state and
 * the settings page's fields.
 */
export const CompanyManageSchema = /* @__PURE__ */ v.object({
  /** When the DRAFT was submitted for review; null while it is being written or after it was sent back. */
  submittedAt: v.nullable(v.string()),
  /** The reason an admin gave when sending it back. */
  reviewNote: v.nullable(v.string()),
  careersDomain: v.nullable(v.string()),
  /** The career domain with its proof (sdk/domains.ts): served only while verified. Null without a domain. */
  careersDomainClaim: v.nullable(DomainClaimSchema),
  applicationsEmail: v.nullable(v.string()),
  connectUrl: v.nullable(v.string()),
});
export type CompanyManage = v.InferOutput<typeof CompanyManageSchema>;

export const CompanySchema = /* @__PURE__ */ v.object({
  ...CompanySummarySchema.entries,
  status: v.picklist(PROFILE_STATUSES),
  coverImage: v.nullable(ImageSchema),
  addresses: v.array(CompanyAddressSchema),
  fundingStage: v.nullable(v.string()),
  numberOfEmployees: v.nullable(v.string()),
  businessModel: v.nullable(v.string()),
  perks: v.array(v.string()),
  industries: v.array(v.string()),
  sdgs: v.array(v.string()),
  keyFigures: v.array(KeyFigureSchema),
  foundedYear: v.nullable(v.number()),
  /** Present on GET /companies/{key}/hidden for members and admins only. */
  manage: v.optional(CompanyManageSchema),
  galleryImages: v.array(ImageSchema),
  team: v.array(TeamMemberSchema),
  investors: v.array(CompanyInvestorSchema),
  quote: v.nullable(QuoteSchema),
  views: v.number(),
  linkedinId: v.nullable(v.string()),
  /** A map by platform name (spec 3). */
  platform: v.record(v.string(), v.boolean()),
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const CompanyListQuerySchema = /* @__PURE__ */ v.object({
  search: v.optional(textParam('Search', 200)),
  countryCode: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Country must be a two-letter code'))),
  page: v.optional(intParam('Page', 1, 10_000), 1),
  pageSize: v.optional(intParam('Page size', 1, 100), 24),
});
export type CompanyListQuery = v.InferOutput<typeof CompanyListQuerySchema>;

export const CompanyListSchema = /* @__PURE__ */ v.object({
  companies: v.array(CompanySummarySchema),
  ...PageInfoSchema.entries,
});
export type CompanyList = v.InferOutput<typeof CompanyListSchema>;

/**
 * A company or investor key (spec 3), as stored and as a route parameter: lower-case words joined
 * by dashes, and never a word a route uses where the key goes ('faq', 'new', 'join'…: sdk routes).
 */
export function keySchema(kind: KeyKind, label: string) {
  return v.pipe(
    v.string(),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${label} key must be lower-case letters, digits and dashes`),
    v.maxLength(100, `${label} key must be at most 100 characters`),
    v.check((key) => !reservedKeys(kind).has(key), `${label} key must not be a word the site's addresses use`),
  );
}

/** Route parameter of `/companies/{key}`. */
export const CompanyKeySchema = /* @__PURE__ */ keySchema('company', 'Company');

/** GET /companies/{key}/embed-snippet: the indexable job list (plain links) plus the widget script, to paste into a site. */
export const EmbedSnippetSchema = /* @__PURE__ */ v.object({ html: v.string() });
export type EmbedSnippet = v.InferOutput<typeof EmbedSnippetSchema>;
