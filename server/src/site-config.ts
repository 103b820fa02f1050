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
import { CATEGORIES, FUNDING_STAGES, INDUSTRIES, INVESTOR_CATEGORIES, PERKS, POSITION_TYPES } from '@nordlys/sdk/vocabulary';
import type { Config } from './config';

const options = (values: readonly string[]) =>
  values.map((value) => ({ value, text: value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ') }));
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
    sdgs: Array.from({ length: 17 }, (_, i) => ({ value: String(i + 1), text: `SDG ${i + 1}` })),
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
      businessModels: labelled([['b2b', 'B2B'], ['b2c', 'B2C'], ['b2b2c', 'B2B2C'], ['marketplace', 'Marketplace']]),
      slackNotifications: labelled([['none', 'None'], ['applicants', 'New applicants'], ['all', 'All activity']]),
      numberOfEmployees: labelled([['1-10', '1–10'], ['11-50', '11–50'], ['51-200', '51–200'], ['201+', '201+']]),
      keyFigureNames: labelled([['revenue', 'Revenue'], ['users', 'Users'], ['funding', 'Funding raised'], ['employees', 'Employees']]),
    },
    investor: {
      categories: INVESTOR_CATEGORIES.map((c) => ({ ...c })),
      investmentRanges: labelled([['0-100k', 'Up to €100k'], ['100k-1m', '€100k–1M'], ['1m-5m', '€1–5M'], ['5m+', '€5M+']]),
      markets: labelled([['nordics', 'Nordics'], ['europe', 'Europe'], ['global', 'Global']]),
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
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'fastly-client-country', 'x-country-code'];

/** spec 7: the visitor's country from a CDN header, else the fixed site country (DK). */
export function ipCountry(headers: Headers): string {
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return SITE_COUNTRY_CODE;
}
