/** Investors, spec 3: the public profile, its list entry and the list query. */
import * as v from 'valibot';
import { CONTACT_PREFERENCES, PROFILE_STATUSES } from '../constants';
import { intParam, PageInfoSchema, textParam } from './common';
import { ImageSchema } from './image';

export const KeyPersonSchema = v.object({
  name: v.string(),
  title: v.nullable(v.string()),
  image: v.nullable(ImageSchema),
});

/** An investment entry (spec 3): a portfolio company, linked (`company`) or by name. */
export const InvestmentSchema = v.object({
  company: v.nullable(v.object({ key: v.string(), name: v.string() })),
  name: v.string(),
  website: v.nullable(v.string()),
});
export type Investment = v.InferOutput<typeof InvestmentSchema>;

export const InvestorSummarySchema = v.object({
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

export const InvestorSchema = v.object({
  ...InvestorSummarySchema.entries,
  status: v.picklist(PROFILE_STATUSES),
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

export const InvestorListQuerySchema = v.object({
  search: v.optional(textParam('Search', 200)),
  category: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z_]{2,40}$/, 'Category must be a category code'))),
  page: v.optional(intParam('Page', 1, 10_000), 1),
  pageSize: v.optional(intParam('Page size', 1, 100), 24),
});
export type InvestorListQuery = v.InferOutput<typeof InvestorListQuerySchema>;

export const InvestorListSchema = v.object({
  investors: v.array(InvestorSummarySchema),
  ...PageInfoSchema.entries,
});
export type InvestorList = v.InferOutput<typeof InvestorListSchema>;
