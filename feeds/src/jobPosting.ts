/** schema.org JobPosting JSON-LD for a job page: what search engines read to list a job. */
import { countryName, type PositionType } from '@nordlys/sdk/constants';
import { postedAt } from '@nordlys/sdk/dates';
import { jobPath } from '@nordlys/sdk/routes';
import type { Job } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/validation';
import { publishedRange } from './salary';

/** schema.org employmentType values for our position types. */
const EMPLOYMENT_TYPES: Record<PositionType, string> = {
  FULL_TIME: 'FULL_TIME',
  PART_TIME: 'PART_TIME',
  INTERNSHIP: 'INTERN',
  FREELANCE: 'CONTRACTOR',
  COFOUNDER: 'OTHER',
};

export interface JobPostingOptions {
  /** The site origin, to make the job URL and image paths absolute, e.g. 'https://nordlys.jobs'. */
  origin: string;
}

export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | JsonLd | JsonLdValue[];

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** Drops null, undefined and empty-string members so the output only states what we know. */
function compact(entries: Record<string, JsonLdValue | null | undefined>): JsonLd {
  const out: JsonLd = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** Whether a job takes applications on this site (apply method 'nordlys'), where a candidate applies without leaving it. */
export function takesApplicationsHere(job: Pick<Job, 'apply'>): boolean {
  return job.apply?.method === 'nordlys';
}

/**
 * Builds the JobPosting of a job: remote jobs get jobLocationType TELECOMMUTE and the country
 * applicants must be in; others a Place with a PostalAddress.
 * @example jobPostingJsonLd(job, { origin: 'https://nordlys.jobs' })['@type'] // 'JobPosting'
 */
export function jobPostingJsonLd(job: Job, { origin }: JobPostingOptions): JsonLd {
  const { company, location } = job;
  const posting: Record<string, JsonLdValue | null | undefined> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: postedAt(job),
    validThrough: job.expirationDate,
    employmentType: EMPLOYMENT_TYPES[job.positionType],
    url: absolute(jobPath(job.id), origin),
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(job.id) },
    hiringOrganization: compact({
      '@type': 'Organization',
      name: company.name,
      sameAs: company.website ? withScheme(company.website) : null,
      logo: company.logoImage ? absolute(company.logoImage.sizes.thumbnail, origin) : null,
    }),
    // Issue #13: true exactly when the job takes applications on this site (quick apply), not at a URL or by e-mail.
    directApply: takesApplicationsHere(job),
  };

  if (job.isRemote) {
    posting.jobLocationType = 'TELECOMMUTE';
    const country = location?.country ?? company.countries[0]?.countryCode ?? null;
    if (country) posting.applicantLocationRequirements = { '@type': 'Country', name: countryName(country) };
  } else if (location && (location.locality || location.country || location.address)) {
    posting.jobLocation = {
      '@type': 'Place',
      address: compact({
        '@type': 'PostalAddress',
        streetAddress: location.address,
        addressLocality: location.locality,
        addressCountry: location.country,
      }),
    };
  }

  // Per the job's own period; a range without one is left out rather than called yearly.
  const range = publishedRange(job.salary);
  if (range) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: range.currency,
      value: compact({ '@type': 'QuantitativeValue', minValue: range.min, maxValue: range.max, unitText: range.unit.jsonLd }),
    };
  }
  return compact(posting);
}

/**
 * Serialises JSON-LD for a `<script type="application/ld+json">`: `<`, `>` and `&` are written as
 * \u escapes so a description containing `</script>` cannot end the element.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
