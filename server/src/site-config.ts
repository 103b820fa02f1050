/** The site configuration of spec 3, served by GET /site/config-base; built from the sdk constants and vocabulary. */
import {
  APP_VERSION,
  CONTACT_PREFERENCES,
  JOB_SORTS,
  JOB_STATUSES,
  PIPELINE_STAGES,
  PRIMARY_PLATFORM,
  SEARCH_COUNTRIES,
  SITE_COUNTRY_CODE,
  UI_FEATURES,
} from '@nordlys/sdk/constants';
import type { SiteConfig } from '@nordlys/sdk/schemas';
import {
  BUSINESS_MODELS,
  CATEGORIES,
  EMPLOYEE_COUNTS,
  FUNDING_STAGES,
  INDUSTRIES,
  INVESTMENT_RANGES,
  INVESTOR_CATEGORIES,
  KEY_FIGURE_NAMES,
  MARKETS,
  PERKS,
  POSITION_TYPES,
  SDGS,
  type Term,
} from '@nordlys/sdk/vocabulary';
import type { Config } from './config';

const options = (values: readonly string[]) =>
  values.map((value) => ({ value, text: value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ') }));
const terms = (list: readonly Term[]) => list.map((t) => ({ ...t }));
const labelled = (pairs: readonly (readonly [string, string])[]) => pairs.map(([value, text]) => ({ value, text }));

export function siteConfig(config: Pick<Config, 'productName' | 'products' | 'auth'>, ipDetectedCountryCode: string): SiteConfig {
  return {
    productName: config.productName,
    platform: PRIMARY_PLATFORM,
    version: APP_VERSION,
    products: { ...config.products },
    auth: config.auth,
    site: { currency: 'DKK', countries: [...SEARCH_COUNTRIES], ipDetectedCountryCode },
    industries: INDUSTRIES.map((i) => ({ ...i })),
    sdgs: terms(SDGS),
    interestedStatuses: labelled([['interested', 'Interested'], ['not-interested', 'Not interested']]),
    job: {
      sorting: [...JOB_SORTS],
      positionTypes: [...POSITION_TYPES],
      receiveApplicants: labelled([['EMAIL', 'By e-mail'], ['PLATFORM', 'On the platform'], ['EXTERNAL', 'On our own site']]),
      status: options(JOB_STATUSES),
      roles: CATEGORIES.map((c) => ({ ...c })),
    },
    company: {
      funding: labelled([['bootstrapped', 'Bootstrapped'], ['funded', 'Funded']]),
      fundingStages: FUNDING_STAGES.map((s) => ({ ...s })),
      perks: PERKS.map((p) => ({ ...p })),
      stages: labelled([['idea', 'Idea'], ['mvp', 'MVP'], ['revenue', 'Revenue'], ['scale', 'Scale-up']]),
      businessModels: terms(BUSINESS_MODELS),
      slackNotifications: labelled([['none', 'None'], ['applicants', 'New applicants'], ['all', 'All activity']]),
      numberOfEmployees: terms(EMPLOYEE_COUNTS),
      keyFigureNames: terms(KEY_FIGURE_NAMES),
    },
    investor: {
      categories: INVESTOR_CATEGORIES.map((c) => ({ ...c })),
      investmentRanges: terms(INVESTMENT_RANGES),
      markets: terms(MARKETS),
      contactPreferences: options(CONTACT_PREFERENCES),
    },
    emailPlaceholders: ['{firstName}', '{lastName}', '{jobTitle}', '{companyName}'],
    uiFeatures: [...UI_FEATURES],
    kanban: {
      columnColors: Object.fromEntries(
        PIPELINE_STAGES.map((s, i) => [s, ['#3b6fd8', '#8c7ae6', '#00a86b', '#e17055', '#636e72'][i] ?? '#636e72']),
      ),
    },
    toolCategories: labelled([['recruiting', 'Recruiting'], ['productivity', 'Productivity'], ['finance', 'Finance'], ['legal', 'Legal'], ['design', 'Design']]),
    partnerCategories: labelled([['accelerator', 'Accelerator'], ['community', 'Community'], ['law-firm', 'Law firm'], ['bank', 'Bank']]),
  };
}

/** Country headers set by common CDNs, checked in order. */
export const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'fastly-client-country', 'x-country-code'];

/** spec 7: the visitor's country from a CDN header, else the fixed site country (DK). */
export function ipCountry(headers: Headers): string {
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return SITE_COUNTRY_CODE;
}
