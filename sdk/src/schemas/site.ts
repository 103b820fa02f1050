/** The site configuration of spec 3 (GET /site/config-base) and the ip-country answer. */
import * as v from 'valibot';

export const OptionSchema = /* @__PURE__ */ v.object({ value: v.string(), text: v.string() });
export type Option = v.InferOutput<typeof OptionSchema>;
const Options = v.array(OptionSchema);

/** spec 5: the sign-up captcha the site shows: altcha (self-hosted proof of work) or reCAPTCHA. */
export const CaptchaSettingsSchema = /* @__PURE__ */ v.variant('kind', [
  /** The altcha widget fetches a challenge from `challengeUrl` and puts its solution in `reCaptchaResponse`. */
  v.object({ kind: v.literal('altcha'), challengeUrl: v.string() }),
  v.object({ kind: v.literal('recaptcha'), siteKey: v.string() }),
]);
export type CaptchaSettings = v.InferOutput<typeof CaptchaSettingsSchema>;

/** How signing in works on this site: sign-up switch (spec 6), captcha (spec 5), professional-network provider (spec 7). */
export const AuthSettingsSchema = /* @__PURE__ */ v.object({
  /** spec 6: sign-up can be disabled; the flow then hides its ways in and sends allowRegistration false. */
  signUp: v.boolean(),
  captcha: CaptchaSettingsSchema,
  /** The professional-network sign-in, or null when none is configured. The popup (800x650) opens `authorizeUrl`. */
  provider: v.nullable(v.object({ name: v.string(), authorizeUrl: v.string() })),
});
export type AuthSettings = v.InferOutput<typeof AuthSettingsSchema>;

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
  auth: AuthSettingsSchema,
});
export type SiteConfig = v.InferOutput<typeof SiteConfigSchema>;

export const IpCountrySchema = /* @__PURE__ */ v.object({ ipDetectedCountryCode: v.string() });
export type IpCountry = v.InferOutput<typeof IpCountrySchema>;
