/** A partner's white-label job feed (spec 1, 2.5): what GET /companies/white-label-feed-domain/{domain} answers. */
import * as v from 'valibot';
import { CompanyRefSchema } from './company';
import { DomainClaimSchema } from './domain';
import { ImageSchema } from './image';

export const FeedFiltersSchema = /* @__PURE__ */ v.object({
  countryCodes: v.optional(v.array(v.string())),
  categories: v.optional(v.array(v.string())),
  includeRemote: v.optional(v.boolean()),
  companyKeys: v.optional(v.array(v.string())),
});
export type FeedFilters = v.InferOutput<typeof FeedFiltersSchema>;

export const WhiteLabelFeedSchema = /* @__PURE__ */ v.object({
  /** The feed's id: its surface `feed:{id}` in the job stats and on applications (issue #13). */
  id: v.number(),
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

/** A feed as its startup manages it (GET /companies/{key}/white-label-feeds). */
export const ManagedFeedSchema = /* @__PURE__ */ v.object({
  ...WhiteLabelFeedSchema.entries,
  createdAt: v.string(),
  /** The feed's domain with its proof: served only while verified. */
  domainClaim: DomainClaimSchema,
});
export type ManagedFeed = v.InferOutput<typeof ManagedFeedSchema>;

export const ManagedFeedListSchema = /* @__PURE__ */ v.object({ feeds: v.array(ManagedFeedSchema) });
export type ManagedFeedList = v.InferOutput<typeof ManagedFeedListSchema>;

/** POST /companies/{key}/white-label-feeds and PUT …/{id}. */
export const WhiteLabelFeedInputSchema = /* @__PURE__ */ v.object({
  name: v.pipe(v.string('Please enter the name of the feed'), v.trim(), v.nonEmpty('Please enter the name of the feed'), v.maxLength(100, 'Name must be at most 100 characters')),
  domain: DomainSchema,
  description: v.pipe(
    v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Description must be at most 500 characters'))),
    v.transform((s) => s || null),
  ),
  logoImage: v.nullish(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9/_.-]{0,199}$/, 'Logo must be an uploaded image')), null),
  filters: v.object({
    countryCodes: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Country must be a two-letter code'))), v.maxLength(30))),
    categories: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(40))),
    includeRemote: v.optional(v.boolean()),
    companyKeys: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Startup must be a startup key'))), v.maxLength(200))),
  }),
});
export type WhiteLabelFeedInput = v.InferInput<typeof WhiteLabelFeedInputSchema>;

/**
 * POST /domain-check {domain}: looks up the proof of a domain the caller's startups claim, records the
 * result (claimed → verified, verified → lapsed) and answers the claim, whether the proof was found
 * and by which record, and whether the domain already reaches this site.
 */
export const DomainCheckSchema = /* @__PURE__ */ v.object({
  ...DomainClaimSchema.entries,
  /** The record that proved it now, or null when neither did. */
  proof: v.nullable(v.picklist(['TXT', 'CNAME'])),
  /** Whether the domain's traffic reaches this site (its CNAME chain or its addresses); proof alone does not route it. */
  pointsHere: v.boolean(),
  /** What the domain resolves to now (CNAME targets or addresses), for the message. */
  found: v.array(v.string()),
});
export type DomainCheck = v.InferOutput<typeof DomainCheckSchema>;

export const DomainCheckInputSchema = /* @__PURE__ */ v.object({ domain: DomainSchema });
export type DomainCheckInput = v.InferInput<typeof DomainCheckInputSchema>;
