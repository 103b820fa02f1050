/** Investors, spec 3: the public profile, its list entry and the list query. */
import * as v from 'valibot';
import { CONTACT_PREFERENCES, PROFILE_STATUSES } from '../constants';
import { intParam, PageInfoSchema, textParam } from './common';
import { keySchema } from './company';
import { ImageSchema } from './image';

/** Route parameter of `/investors/{key}`. */
export const InvestorKeySchema = /* @__PURE__ */ keySchema('investor', 'Investor');

export const KeyPersonSchema = /* @__PURE__ */ v.object({
  name: v.string(),
  title: v.nullable(v.string()),
  image: v.nullable(ImageSchema),
});

/** An investment entry (spec 3): a portfolio company, linked (`company`, a startup on the site) or by name. */
export const InvestmentSchema = /* @__PURE__ */ v.object({
  /** The entry's id, for DELETE /investors/{key}/investments/{id}. */
  id: v.optional(v.number()),
  company: v.nullable(v.object({ key: v.string(), name: v.string(), logoImage: v.optional(v.nullable(ImageSchema)) })),
  name: v.string(),
  website: v.nullable(v.string()),
});
export type Investment = v.InferOutput<typeof InvestmentSchema>;

/** GET /investors/{key}/investments: the portfolio, as its members manage it. */
export const InvestmentListSchema = /* @__PURE__ */ v.object({ investments: v.array(InvestmentSchema) });
export type InvestmentList = v.InferOutput<typeof InvestmentListSchema>;

export const InvestorSummarySchema = /* @__PURE__ */ v.object({
  id: v.number(),
  key: v.string(),
  name: v.string(),
  /** ANGEL, VENTURE_CAPITAL, ... (see the site config's investor categories). */
  category: v.string(),
  logoImage: v.nullable(ImageSchema),
  intro: v.nullable(v.string()),
  countryCodes: v.array(v.string()),
  industries: v.array(v.string()),
});
export type InvestorSummary = v.InferOutput<typeof InvestorSummarySchema>;

/** What only the investor's members and admins see (GET /investors/{key}/hidden). */
export const InvestorManageSchema = /* @__PURE__ */ v.object({
  submittedAt: v.nullable(v.string()),
  reviewNote: v.nullable(v.string()),
});
export type InvestorManage = v.InferOutput<typeof InvestorManageSchema>;

export const InvestorSchema = /* @__PURE__ */ v.object({
  ...InvestorSummarySchema.entries,
  status: v.picklist(PROFILE_STATUSES),
  investmentRanges: v.array(v.string()),
  markets: v.array(v.string()),
  typeKeywords: v.array(v.string()),
  /** Shown (as a mailto: button) only when the contact preference is EMAIL. */
  contactEmail: v.nullable(v.string()),
  manage: v.optional(InvestorManageSchema),
  smallImage: v.nullable(ImageSchema),
  coverImage: v.nullable(ImageSchema),
  keyPeople: v.array(KeyPersonSchema),
  investments: v.array(InvestmentSchema),
  website: v.nullable(v.string()),
  contactPreference: v.picklist(CONTACT_PREFERENCES),
  views: v.number(),
  platform: v.record(v.string(), v.boolean()),
});
export type Investor = v.InferOutput<typeof InvestorSchema>;

export const InvestorListQuerySchema = /* @__PURE__ */ v.object({
  search: v.optional(textParam('Search', 200)),
  category: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z_]{2,40}$/, 'Category must be a category code'))),
  /** A country it invests in (ISO alpha-2) or a market (nordics, europe, global). */
  market: v.optional(v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z]{2,20}$/, 'Market must be a country code or a market'))),
  industry: v.optional(v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z-]{2,40}$/, 'Industry must be an industry code'))),
  investmentRange: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-z+-]{2,20}$/, 'Investment range must be a range code'))),
  page: v.optional(intParam('Page', 1, 10_000), 1),
  pageSize: v.optional(intParam('Page size', 1, 100), 24),
});
export type InvestorListQuery = v.InferOutput<typeof InvestorListQuerySchema>;

export const InvestorListSchema = /* @__PURE__ */ v.object({
  investors: v.array(InvestorSummarySchema),
  ...PageInfoSchema.entries,
});
export type InvestorList = v.InferOutput<typeof InvestorListSchema>;

/** spec 3, the investor's public view (as the sister platform lists it). */
export const InvestorPublicViewSchema = /* @__PURE__ */ v.object({
  name: v.string(),
  category: v.string(),
  logoImageUrl: v.nullable(v.string()),
  basicInfo: v.object({ intro: v.nullable(v.string()) }),
  url: v.string(),
  platform: v.record(v.string(), v.boolean()),
});
export type InvestorPublicView = v.InferOutput<typeof InvestorPublicViewSchema>;

/**
 * spec 3, an investor-like entry: a startup's investor, its own (editable) or linked to an investor
 * profile (`investorKey` set, not editable).
 */
export const InvestorLikeSchema = /* @__PURE__ */ v.object({
  website: v.nullable(v.string()),
  name: v.string(),
  category: v.nullable(v.string()),
  investorKey: v.nullable(v.string()),
});
export type InvestorLike = v.InferOutput<typeof InvestorLikeSchema>;

/** A linked entry shows the investor's own data and cannot be edited by the startup. */
export function isEditableInvestor(entry: Pick<InvestorLike, 'investorKey'>): boolean {
  return entry.investorKey === null;
}
