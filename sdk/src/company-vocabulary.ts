/**
 * spec 3's vocabularies of a startup's profile (the site configuration's `company` lists, `industries`
 * and `sdgs`): industries, funding stages, business models, employee counts, key figures and the UN's
 * goals. Named by vocabulary.ts too.
 */
import type { Term } from './terms';

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
