/**
 * What the startup and investor forms send (issue #11): create, the edit form's whole profile, the
 * settings page, the review decisions, team invitations and investments. One schema per body; the
 * server validates with the same one the form checks before it sends (field messages alike).
 */
import * as v from 'valibot';
import { CONTACT_PREFERENCES, COUNTRIES, INVESTOR_TYPE_KEYWORDS, PERK_VALUES } from '../constants';
import { BUSINESS_MODELS, EMPLOYEE_COUNTS, FUNDING_STAGES, INDUSTRY_VALUES, KEY_FIGURE_NAMES, SDGS } from '../company-vocabulary';
import { INVESTMENT_RANGES, INVESTOR_CATEGORY_VALUES, MARKETS } from '../investor-vocabulary';
import { termValues } from '../terms';
import { choices, ImagePathSchema, optionalEmail, optionalText, requiredText, richText, websiteField } from './fields';
import { CompanyKeySchema } from './company';
import { InvestorKeySchema } from './investor';
import { DomainSchema } from './white-label';

// The shared field rules live in fields.ts; named here too, where the forms have always found them.
export { choices, ImagePathSchema, optionalEmail, optionalText, requiredText, richText, websiteField } from './fields';

const optionalImage = /* @__PURE__ */ v.nullish(ImagePathSchema, null);

/** Country codes the site knows (spec 9), REMOTE excluded: a startup is somewhere. */
const COUNTRY_CODES = /* @__PURE__ */ COUNTRIES.map((c) => c.value) as unknown as [string, ...string[]];

/** A person on a team page or among an investor's key people. */
export const PersonInputSchema = /* @__PURE__ */ v.object({
  name: requiredText('Name', 100, 'Please enter the name'),
  title: optionalText('Title', 100),
  image: optionalImage,
});
export type PersonInput = v.InferInput<typeof PersonInputSchema>;

/** POST /companies: a new startup in DRAFT. Without `key`, the server makes one from the name (sdk keys.ts). */
export const CompanyCreateSchema = /* @__PURE__ */ v.object({
  name: requiredText('Name', 100, 'Please enter the name of the startup'),
  key: v.optional(CompanyKeySchema),
});
export type CompanyCreate = v.InferInput<typeof CompanyCreateSchema>;

/** PUT /companies/{key}: the edit form's whole profile (spec 3 Company, site configuration `company`). A DRAFT may save it incomplete. */
export const CompanyInputSchema = /* @__PURE__ */ v.object({
  name: requiredText('Name', 100, 'Please enter the name of the startup'),
  website: websiteField(),
  logoImage: optionalImage,
  coverImage: optionalImage,
  galleryImages: v.pipe(v.optional(v.array(ImagePathSchema), []), v.maxLength(12, 'A gallery holds at most 12 images')),
  whatWeDo: richText('What we do', 20_000),
  team: v.pipe(v.optional(v.array(PersonInputSchema), []), v.maxLength(30, 'A team lists at most 30 people')),
  quote: v.nullish(v.object({ text: requiredText('Quote', 500, 'Please enter the quote'), author: optionalText('Author', 100) }), null),
  addresses: v.pipe(
    v.optional(
      v.array(v.object({ countryCode: v.picklist(COUNTRY_CODES, 'Country must be one of the listed countries'), address: optionalText('Address', 300) })),
      [],
    ),
    v.maxLength(20, 'List at most 20 countries'),
    v.check((list) => new Set(list.map((a) => a.countryCode)).size === list.length, 'List each country once'),
  ),
  fundingStage: v.nullish(v.picklist(termValues(FUNDING_STAGES), 'Choose a funding stage from the list'), null),
  numberOfEmployees: v.nullish(v.picklist(termValues(EMPLOYEE_COUNTS), 'Choose a number of employees from the list'), null),
  businessModel: v.nullish(v.picklist(termValues(BUSINESS_MODELS), 'Choose a business model from the list'), null),
  perks: choices('Perks', PERK_VALUES),
  industries: choices('Industries', INDUSTRY_VALUES),
  sdgs: choices('SDGs', termValues(SDGS)),
  keyFigures: v.pipe(
    v.optional(v.array(v.object({ name: v.picklist(termValues(KEY_FIGURE_NAMES), 'Choose a figure from the list'), value: requiredText('Value', 40, 'Please enter the figure') })), []),
    v.maxLength(6, 'Show at most 6 key figures'),
  ),
  foundedYear: v.nullish(
    v.pipe(v.number('Founded must be a year'), v.integer('Founded must be a year'), v.minValue(1800, 'Founded must be 1800 or later'), v.check((y) => y <= new Date().getFullYear(), 'Founded must not be in the future')),
    null,
  ),
});
export type CompanyInput = v.InferInput<typeof CompanyInputSchema>;
export type CompanyInputValue = v.InferOutput<typeof CompanyInputSchema>;

/** PUT /companies/{key}/settings: the career domain (spec 2.5), the application notice address and the connect banner's link (spec 2.9). */
export const CompanySettingsInputSchema = /* @__PURE__ */ v.object({
  careersDomain: v.nullish(v.pipe(v.string(), v.trim(), v.transform((s) => s || null), v.nullable(DomainSchema)), null),
  applicationsEmail: optionalEmail('Application e-mail'),
  connectUrl: websiteField('Connect link'),
});
export type CompanySettingsInput = v.InferInput<typeof CompanySettingsInputSchema>;

/** DELETE /companies/{key} and /investors/{key}: the typed confirmation must equal the profile's key. */
export const DeleteProfileSchema = /* @__PURE__ */ v.object({ confirm: v.string('Type the address to confirm') });

/** POST /investors: a new investor in DRAFT. */
export const InvestorCreateSchema = /* @__PURE__ */ v.object({
  name: requiredText('Name', 100, 'Please enter the name of the investor'),
  key: v.optional(InvestorKeySchema),
  category: v.optional(v.picklist(INVESTOR_CATEGORY_VALUES, 'Choose a category from the list')),
});
export type InvestorCreate = v.InferInput<typeof InvestorCreateSchema>;

/** PUT /investors/{key}: spec 3 Investor and the configuration's `investor` group. */
export const InvestorInputSchema = /* @__PURE__ */ v.object({
  name: requiredText('Name', 100, 'Please enter the name of the investor'),
  website: websiteField(),
  logoImage: optionalImage,
  smallImage: optionalImage,
  coverImage: optionalImage,
  keyPeople: v.pipe(v.optional(v.array(PersonInputSchema), []), v.maxLength(30, 'List at most 30 key people')),
  intro: richText('Intro', 20_000),
  category: v.picklist(INVESTOR_CATEGORY_VALUES, 'Choose a category from the list'),
  industries: choices('Industries', INDUSTRY_VALUES),
  investmentRanges: choices('Investment ranges', termValues(INVESTMENT_RANGES)),
  markets: choices('Markets', termValues(MARKETS)),
  countryCodes: choices('Countries', COUNTRY_CODES),
  contactPreference: v.picklist(CONTACT_PREFERENCES, 'Choose how founders contact you'),
  contactEmail: optionalEmail('Contact e-mail'),
  typeKeywords: choices('Investor type', INVESTOR_TYPE_KEYWORDS as unknown as [string, ...string[]]),
});
export type InvestorInput = v.InferInput<typeof InvestorInputSchema>;
export type InvestorInputValue = v.InferOutput<typeof InvestorInputSchema>;

/** POST /admin/{companies|investors}/{key}/reject: the reason, mailed to the members. */
export const RejectPayloadSchema = /* @__PURE__ */ v.object({
  reason: requiredText('Reason', 2000, 'Please tell the team what to change'),
});
export type RejectPayload = v.InferInput<typeof RejectPayloadSchema>;

/** POST /investors/{key}/investments: a startup on the site (by key), or one that is not, by name and website. */
export const InvestmentInputSchema = /* @__PURE__ */ v.union(
  [
    v.object({ companyKey: CompanyKeySchema }),
    v.object({ name: requiredText('Name', 100, 'Please enter the name of the startup'), website: websiteField() }),
  ],
  'Name a startup on the site, or a name and website',
);
export type InvestmentInput = v.InferInput<typeof InvestmentInputSchema>;
