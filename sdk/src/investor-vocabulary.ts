/**
 * spec 3's vocabularies of an investor's profile (the site configuration's `investor` lists): its
 * category, ticket sizes and markets. Small and apart from the startups' lists: every job card names
 * its company's investors. Named by vocabulary.ts too.
 */
import type { Term } from './terms';

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
