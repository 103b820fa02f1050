/** A partner's white-label job feed (spec 1, 2.5): what GET /companies/white-label-feed-domain/{domain} answers. */
import * as v from 'valibot';
import { CompanyRefSchema } from './company';
import { ImageSchema } from './image';

export const FeedFiltersSchema = /* @__PURE__ */ v.object({
  countryCodes: v.optional(v.array(v.string())),
  categories: v.optional(v.array(v.string())),
  includeRemote: v.optional(v.boolean()),
  companyKeys: v.optional(v.array(v.string())),
});
export type FeedFilters = v.InferOutput<typeof FeedFiltersSchema>;

export const WhiteLabelFeedSchema = /* @__PURE__ */ v.object({
  domain: v.string(),
  /** spec 1: the feed header shows the logo, or else the name, and the description. */
  name: v.string(),
  description: v.nullable(v.string()),
  logoImage: v.nullable(ImageSchema),
  filters: FeedFiltersSchema,
  /** The company that runs the feed. */
  company: CompanyRefSchema,
});
export type WhiteLabelFeed = v.InferOutput<typeof WhiteLabelFeedSchema>;

/** A host name as the lookups take it: lower-case labels joined by dots. */
export const DomainSchema = /* @__PURE__ */ v.pipe(
  v.string(),
  v.toLowerCase(),
  v.maxLength(253, 'Domain must be at most 253 characters'),
  v.regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'Domain must be a host name'),
);
