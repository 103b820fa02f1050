/**
 * What the job aggregators' XML feeds (Indeed, LinkedIn) share: the facts they take about a job,
 * where it is in their terms (city, postal code, country), and a document written in chunks so a
 * server can stream a feed of every open job without holding it in memory.
 */
import { countryName, type PositionType } from '@nordlys/sdk/constants';
import type { Job } from '@nordlys/sdk/schemas';

/**
 * A job as the aggregator feeds read it: a whole sdk Job fits, and so does a lean row with just
 * these fields. `company.linkedinId` is the startup's company id on LinkedIn, when it gave one.
 */
export type AggregatorJob = Pick<
  Job,
  | 'id'
  | 'title'
  | 'description'
  | 'createdAt'
  | 'approvedAt'
  | 'expirationDate'
  | 'positionType'
  | 'categories'
  | 'isRemote'
  | 'remoteCountryCode'
  | 'location'
  | 'salary'
  | 'apply'
> & {
  company: Pick<Job['company'], 'name' | 'website' | 'countries'> & { linkedinId?: string | null };
};

/** Where a job is, in the fields aggregators ask for; each null when the job does not say. */
export interface AggregatorPlace {
  city: string | null;
  postalCode: string | null;
  /** ISO 3166 alpha-2. */
  country: string | null;
  streetAddress: string | null;
  /** "Copenhagen, Denmark"; the country alone for a remote job; null when nothing is known. */
  label: string | null;
}

/** A Nordic postal code ("1620", "0150", "114 55", "00100", "101") at the start of an address's last part, and the town after it. */
const POSTAL_TOWN = /^(\d{3}\s?\d{2}|\d{3,5})\s+(\S.*)$/u;

/**
 * The job's place as aggregators want it. A stored address written the Nordic way ("Vesterbrogade
 * 7, 1620 Copenhagen") gives the postal code, and the town when the job has no locality. A remote
 * job has no city; its country is the one applicants must be in, else its startup's first one.
 * @example aggregatorPlace({ isRemote: false, remoteCountryCode: null, location: { locality: null, country: 'DK', address: 'Vesterbrogade 7, 1620 Copenhagen' }, company: { countries: [] } })
 * // { city: 'Copenhagen', postalCode: '1620', country: 'DK', streetAddress: 'Vesterbrogade 7', label: 'Copenhagen, Denmark' }
 */
export function aggregatorPlace(job: Pick<AggregatorJob, 'isRemote' | 'remoteCountryCode' | 'location'> & { company: Pick<AggregatorJob['company'], 'countries'> }): AggregatorPlace {
  const location = job.location;
  const parts = location?.address?.split(',').map((part) => part.trim()).filter(Boolean) ?? [];
  const postal = parts.length > 1 ? POSTAL_TOWN.exec(parts.at(-1)!) : null;
  const country = (job.isRemote ? (job.remoteCountryCode ?? location?.country) : location?.country) ?? job.company.countries[0]?.countryCode ?? null;
  if (job.isRemote) {
    return { city: null, postalCode: null, country, streetAddress: null, label: country ? countryName(country) : null };
  }
  const city = location?.locality?.trim() || postal?.[2]?.trim() || null;
  const streetAddress = postal ? parts.slice(0, -1).join(', ') : parts.length ? parts.join(', ') : null;
  const label = [city, country ? countryName(country) : null].filter(Boolean).join(', ') || null;
  return { city, postalCode: postal ? postal[1]!.replace(/\s/g, ' ') : null, country, streetAddress, label };
}

/** The e-mail address a job's applications go to when it takes them by e-mail (it is public on the job page then), else null. */
export function publicApplyEmail(job: Pick<AggregatorJob, 'apply'>): string | null {
  return job.apply?.method === 'email' && job.apply.email ? job.apply.email : null;
}

/** Position types as words aggregators share: null where none fits (a co-founder role). */
export function employmentKind(positionType: PositionType): 'full-time' | 'part-time' | 'contract' | 'internship' | null {
  switch (positionType) {
    case 'FULL_TIME':
      return 'full-time';
    case 'PART_TIME':
      return 'part-time';
    case 'FREELANCE':
      return 'contract';
    case 'INTERNSHIP':
      return 'internship';
    default:
      return null;
  }
}

/** How a feed document is written: its start, one job, and its end. */
export interface ChunkedDocument<J> {
  head: string;
  job(job: J): string;
  tail: string;
}

/** The whole document for a list of jobs. */
export function wholeDocument<J>(document: ChunkedDocument<J>, jobs: readonly J[]): string {
  return [document.head, ...jobs.map((job) => document.job(job)), document.tail].join('');
}

/**
 * The document in chunks: its start, the jobs of each batch as the batches arrive (an async
 * iterable, e.g. pages of a database query), and its end. Nothing is read before the first chunk is asked for.
 */
export async function* documentChunks<J>(document: ChunkedDocument<J>, batches: AsyncIterable<readonly J[]> | Iterable<readonly J[]>): AsyncGenerator<string> {
  yield document.head;
  for await (const batch of batches) {
    if (batch.length) yield batch.map((job) => document.job(job)).join('');
  }
  yield document.tail;
}
