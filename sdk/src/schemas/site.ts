/** The site configuration of spec 3 (GET /site/config-base) and the ip-country answer. */
import * as v from 'valibot';

export const OptionSchema = /* @__PURE__ */ v.object({ value: v.string(), text: v.string() });
export type Option = v.InferOutput<typeof OptionSchema>;
const Options = v.array(OptionSchema);

export const SiteConfigSchema = /* @__PURE__ */ v.object({
  productName: v.string(),
  platform: v.string(),
  version: v.string(),
  /** Product switches, e.g. `headhunter` for the Scout nav item (spec 2.8). */
  products: v.record(v.string(), v.boolean()),
  site: v.object({
    currency: v.string(),
    countries: Options,
    ipDetectedCountryCode: v.string(),
  }),
  industries: Options,
  sdgs: Options,
  interestedStatuses: Options,
  job: v.object({
    sorting: Options,
    positionTypes: Options,
    receiveApplicants: Options,
    status: Options,
    roles: v.array(v.object({ value: v.string(), text: v.string(), icon: v.string(), color: v.string(), group: v.nullable(v.string()) })),
  }),
  company: v.object({
    funding: Options,
    fundingStages: Options,
    perks: Options,
    stages: Options,
    businessModels: Options,
    slackNotifications: Options,
    numberOfEmployees: Options,
    keyFigureNames: Options,
  }),
  investor: v.object({
    categories: Options,
    investmentRanges: Options,
    markets: Options,
    contactPreferences: Options,
  }),
  emailPlaceholders: v.array(v.string()),
  uiFeatures: v.array(v.string()),
  kanban: v.object({ columnColors: v.record(v.string(), v.string()) }),
  toolCategories: Options,
  partnerCategories: Options,
});
export type SiteConfig = v.InferOutput<typeof SiteConfigSchema>;

export const IpCountrySchema = /* @__PURE__ */ v.object({ ipDetectedCountryCode: v.string() });
export type IpCountry = v.InferOutput<typeof IpCountrySchema>;
