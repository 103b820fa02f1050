/**
 * The fixed vocabularies of spec 3, one home each: position types, job categories and their
 * selection groups, perks, industries, investor categories and funding stages. The site
 * configuration (server/src/site-config.ts), the demo seed and the site's filters all read them here.
 */

/** A value and the text shown for it. */
export interface Term<V extends string = string> {
  value: V;
  text: string;
}

/** spec 3: the position types of a job. */
export const POSITION_TYPES = [
  { value: 'FULL_TIME', text: 'Full-time' },
  { value: 'PART_TIME', text: 'Part-time' },
  { value: 'INTERNSHIP', text: 'Internship' },
  { value: 'FREELANCE', text: 'Freelance' },
  { value: 'COFOUNDER', text: 'Co-founder' },
] as const;
export type PositionType = (typeof POSITION_TYPES)[number]['value'];
export const POSITION_TYPE_VALUES = /* @__PURE__ */ POSITION_TYPES.map((p) => p.value) as [PositionType, ...PositionType[]];

/** Selection groups of spec 3 ("Grouped for selection as"). */
export const CATEGORY_GROUPS = [
  'business development',
  'customer success',
  'design',
  'development',
  'mobile development',
  'operations',
  'marketing',
  'project management',
  'sales',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

export interface Category {
  value: string;
  text: string;
  icon: string;
  /** An accent for chips and icons; never used as text on white (ui.md). */
  color: string;
  group: CategoryGroup | null;
}

/** spec 3: job categories with icon, colour and selection group. */
export const CATEGORIES = [
  { value: 'backend', text: 'Backend', icon: 'server', color: '#3b6fd8', group: 'development' },
  { value: 'frontend', text: 'Frontend', icon: 'layout', color: '#5b8def', group: 'development' },
  { value: 'fullstack', text: 'Fullstack', icon: 'layers', color: '#2f5bb7', group: 'development' },
  { value: 'devops', text: 'DevOps', icon: 'cloud', color: '#4a7fa7', group: 'development' },
  { value: 'mobile', text: 'Mobile', icon: 'smartphone', color: '#6c5ce7', group: 'mobile development' },
  { value: 'business-development', text: 'Business development', icon: 'briefcase', color: '#e17055', group: 'business development' },
  { value: 'operations', text: 'Operations', icon: 'settings', color: '#636e72', group: 'operations' },
  { value: 'customer-success', text: 'Customer service/success', icon: 'heart', color: '#e84393', group: 'customer success' },
  { value: 'design', text: 'Design', icon: 'pen-tool', color: '#fd79a8', group: 'design' },
  { value: 'marketing', text: 'Marketing', icon: 'megaphone', color: '#fdcb6e', group: 'marketing' },
  { value: 'project-management', text: 'Project management', icon: 'clipboard', color: '#00b894', group: 'project management' },
  { value: 'sales', text: 'Sales', icon: 'trending-up', color: '#d63031', group: 'sales' },
  { value: 'cxo', text: 'CxO', icon: 'award', color: '#2d3436', group: 'operations' },
  { value: 'engineer', text: 'Engineer', icon: 'tool', color: '#0984e3', group: 'development' },
  { value: 'finance', text: 'Finance', icon: 'dollar-sign', color: '#00a86b', group: 'operations' },
  { value: 'hr', text: 'HR', icon: 'users', color: '#a29bfe', group: 'operations' },
  { value: 'data-science', text: 'Data science', icon: 'bar-chart', color: '#00cec9', group: 'development' },
  { value: 'legal', text: 'Legal', icon: 'book', color: '#8c7ae6', group: 'operations' },
  { value: 'analyst', text: 'Analyst', icon: 'pie-chart', color: '#0097a7', group: 'business development' },
  { value: 'product-management', text: 'Product management', icon: 'box', color: '#55a630', group: 'project management' },
  { value: 'qa', text: 'QA', icon: 'check-circle', color: '#38ada9', group: 'development' },
  { value: 'ux-ui-designer', text: 'UX/UI designer', icon: 'figma', color: '#e056fd', group: 'design' },
  { value: 'other', text: 'Other', icon: 'more-horizontal', color: '#95a5a6', group: null },
] as const satisfies readonly Category[];
export type CategoryValue = (typeof CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = /* @__PURE__ */ CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];

/** spec 3: perk icons ("beer, coffee, equity, gym, healthcare, pension, pet, remote, and others"). */
export const PERKS = [
  { value: 'beer', text: 'Friday bar' },
  { value: 'coffee', text: 'Great coffee' },
  { value: 'equity', text: 'Equity' },
  { value: 'gym', text: 'Gym membership' },
  { value: 'healthcare', text: 'Health insurance' },
  { value: 'pension', text: 'Pension' },
  { value: 'pet', text: 'Pet friendly' },
  { value: 'remote', text: 'Remote friendly' },
  { value: 'lunch', text: 'Free lunch' },
  { value: 'learning', text: 'Learning budget' },
  { value: 'parental-leave', text: 'Extended parental leave' },
  { value: 'flexible-hours', text: 'Flexible hours' },
] as const;
export type PerkValue = (typeof PERKS)[number]['value'];
export const PERK_VALUES = /* @__PURE__ */ PERKS.map((p) => p.value) as [PerkValue, ...PerkValue[]];

/** spec 3: the job categories in their selection groups, in the groups' order; categories without a group come last, as "Other". */
export function categorySections(): { group: CategoryGroup | null; label: string; categories: (typeof CATEGORIES)[number][] }[] {
  const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  return [
    ...CATEGORY_GROUPS.map((group) => ({ group, label: capitalised(group), categories: CATEGORIES.filter((c) => c.group === group) })),
    { group: null, label: 'Other', categories: CATEGORIES.filter((c) => c.group === null) },
  ].filter((s) => s.categories.length > 0);
}

/**
 * The industries a startup or an investor names (spec 3 site configuration `industries`; an
 * investor's `industries` "may include impact").
 */
export const INDUSTRIES = [
  { value: 'fintech', text: 'Fintech' },
  { value: 'healthtech', text: 'Healthtech' },
  { value: 'cleantech', text: 'Cleantech' },
  { value: 'saas', text: 'SaaS' },
  { value: 'ai', text: 'AI' },
  { value: 'mobility', text: 'Mobility' },
  { value: 'edtech', text: 'Edtech' },
  { value: 'foodtech', text: 'Foodtech' },
  { value: 'security', text: 'Cybersecurity' },
  { value: 'marketplace', text: 'Marketplace' },
  { value: 'gaming', text: 'Gaming' },
  { value: 'robotics', text: 'Robotics' },
  { value: 'proptech', text: 'Proptech' },
  { value: 'deeptech', text: 'Deep tech' },
  { value: 'consumer', text: 'Consumer' },
  { value: 'impact', text: 'Impact' },
] as const satisfies readonly Term[];
export type IndustryValue = (typeof INDUSTRIES)[number]['value'];
export const INDUSTRY_VALUES = /* @__PURE__ */ INDUSTRIES.map((i) => i.value) as [IndustryValue, ...IndustryValue[]];

/** spec 3 site configuration `investor.categories`: what kind of investor a profile is. */
export const INVESTOR_CATEGORIES = [
  { value: 'ANGEL', text: 'Angel' },
  { value: 'VENTURE_CAPITAL', text: 'Venture capital' },
  { value: 'ACCELERATOR', text: 'Accelerator' },
  { value: 'CORPORATE_VC', text: 'Corporate VC' },
  { value: 'FAMILY_OFFICE', text: 'Family office' },
] as const satisfies readonly Term[];
export type InvestorCategory = (typeof INVESTOR_CATEGORIES)[number]['value'];
export const INVESTOR_CATEGORY_VALUES = /* @__PURE__ */ INVESTOR_CATEGORIES.map((c) => c.value) as [InvestorCategory, ...InvestorCategory[]];

/** spec 3 site configuration `company.fundingStages`: the round a startup last raised. */
export const FUNDING_STAGES = [
  { value: 'pre-seed', text: 'Pre-seed' },
  { value: 'seed', text: 'Seed' },
  { value: 'series-a', text: 'Series A' },
  { value: 'series-b', text: 'Series B' },
  { value: 'growth', text: 'Growth' },
] as const satisfies readonly Term[];
export type FundingStage = (typeof FUNDING_STAGES)[number]['value'];

/** spec 3 site configuration `company.businessModels`. */
export const BUSINESS_MODELS = [
  { value: 'b2b', text: 'B2B' },
  { value: 'b2c', text: 'B2C' },
  { value: 'b2b2c', text: 'B2B2C' },
  { value: 'marketplace', text: 'Marketplace' },
] as const satisfies readonly Term[];

/** spec 3 site configuration `company.numberOfEmployees`. */
export const EMPLOYEE_COUNTS = [
  { value: '1-10', text: '1–10' },
  { value: '11-50', text: '11–50' },
  { value: '51-200', text: '51–200' },
  { value: '201+', text: '201+' },
] as const satisfies readonly Term[];

/** spec 3 site configuration `company.keyFigureNames`: the figures a startup may show on its page. */
export const KEY_FIGURE_NAMES = [
  { value: 'revenue', text: 'Revenue' },
  { value: 'users', text: 'Users' },
  { value: 'funding', text: 'Funding raised' },
  { value: 'employees', text: 'Employees' },
  { value: 'customers', text: 'Customers' },
  { value: 'countries', text: 'Countries' },
] as const satisfies readonly Term[];

/** spec 3 site configuration `investor.investmentRanges`: ticket sizes. */
export const INVESTMENT_RANGES = [
  { value: '0-100k', text: 'Up to €100k' },
  { value: '100k-1m', text: '€100k–1M' },
  { value: '1m-5m', text: '€1–5M' },
  { value: '5m+', text: '€5M+' },
] as const satisfies readonly Term[];

/** spec 3 site configuration `investor.markets`. */
export const MARKETS = [
  { value: 'nordics', text: 'Nordics' },
  { value: 'europe', text: 'Europe' },
  { value: 'global', text: 'Global' },
] as const satisfies readonly Term[];

/** spec 3 site configuration `sdgs`: the UN's 17 Sustainable Development Goals, by number. */
export const SDGS = [
  { value: '1', text: 'No poverty' },
  { value: '2', text: 'Zero hunger' },
  { value: '3', text: 'Good health and well-being' },
  { value: '4', text: 'Quality education' },
  { value: '5', text: 'Gender equality' },
  { value: '6', text: 'Clean water and sanitation' },
  { value: '7', text: 'Affordable and clean energy' },
  { value: '8', text: 'Decent work and economic growth' },
  { value: '9', text: 'Industry, innovation and infrastructure' },
  { value: '10', text: 'Reduced inequalities' },
  { value: '11', text: 'Sustainable cities and communities' },
  { value: '12', text: 'Responsible consumption and production' },
  { value: '13', text: 'Climate action' },
  { value: '14', text: 'Life below water' },
  { value: '15', text: 'Life on land' },
  { value: '16', text: 'Peace, justice and strong institutions' },
  { value: '17', text: 'Partnerships for the goals' },
] as const satisfies readonly Term[];

/** The values of a list, as a picklist takes them. */
export const termValues = <const T extends readonly Term[]>(terms: T) => terms.map((t) => t.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

/**
 * The text of a value in one of these lists; the value itself when the list does not know it
 * (stored data may predate a change of the list).
 * @example termText(INDUSTRIES, 'saas') // 'SaaS'
 */
export function termText(terms: readonly Term[], value: string): string {
  return terms.find((t) => t.value === value)?.text ?? value;
}
