/**
 * The fixed vocabularies of spec 3, one home each: position types, job categories and their
 * selection groups, perks, industries, investor categories and funding stages. The site
 * configuration (server/src/site-config.ts), the demo seed and the site's filters all read them here.
 * Each lives in a smaller module (job-, company- and investor-vocabulary.ts, terms.ts), so a page loads
 * the lists it shows and not the others.
 */
export { termText, termValues, type Term } from './terms';
export {
  POSITION_TYPES,
  POSITION_TYPE_VALUES,
  CATEGORY_GROUPS,
  CATEGORIES,
  CATEGORY_VALUES,
  categorySections,
  PERKS,
  PERK_VALUES,
  type PerkValue,
  type PositionType,
  type CategoryGroup,
  type Category,
  type CategoryValue,
} from './job-vocabulary';
export {
  INDUSTRIES,
  INDUSTRY_VALUES,
  FUNDING_STAGES,
  BUSINESS_MODELS,
  EMPLOYEE_COUNTS,
  KEY_FIGURE_NAMES,
  SDGS,
  type IndustryValue,
  type FundingStage,
} from './company-vocabulary';
export { INVESTOR_CATEGORIES, INVESTOR_CATEGORY_VALUES, INVESTMENT_RANGES, MARKETS, type InvestorCategory } from './investor-vocabulary';
