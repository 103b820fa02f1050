/** Job rules of spec 3 and 4: status helpers, location display and the derived URLs. */
import { countryName, REMOTE } from './constants';
import type { JobSearchParams } from './schemas/job';
import type { Location } from './schemas/location';

type Clock = { now?: Date };

/** spec 4: a job is approved once approvedAt is set. */
export function isApproved(job: { approvedAt: string | null }): boolean {
  return job.approvedAt !== null;
}

/** spec 4: a job is boosted while boostingExpiresAt lies in the future. */
export function isBoosted(job: { boostingExpiresAt: string | null }, { now = new Date() }: Clock = {}): boolean {
  return job.boostingExpiresAt !== null && Date.parse(job.boostingExpiresAt) > now.getTime();
}

/**
 * spec 3: the location shown for a job: "Remote"; the locality with its country; the locality;
 * or the first part of the address.
 * @example locationDisplay({ isRemote: false, location: { locality: 'Aarhus', country: 'DK', address: null } }) // 'Aarhus, Denmark'
 */
export function locationDisplay(job: { isRemote: boolean; location: Location | null }): string {
  if (job.isRemote) return 'Remote';
  const { locality, country, address } = job.location ?? { locality: null, country: null, address: null };
  if (locality && country) return `${locality}, ${countryName(country)}`;
  if (locality) return locality;
  return address?.split(',')[0]?.trim() ?? '';
}

/** spec 3: the URLs derived from a job. */
export function jobUrls(job: { id: number; company: { key: string } }) {
  const admin = `/client/startups/${job.company.key}/jobs/${job.id}`;
  return {
    public: `/jobs/${job.id}`,
    admin,
    edit: `${admin}/edit`,
    monetise: `${admin}/monetise`,
    boost: `${admin}/boost`,
  };
}

/** spec 5: a remote location choice is sent as isRemote, never as the country REMOTE. */
export function normalizeJobSearch(query: JobSearchParams): JobSearchParams {
  if (query.countryCode !== REMOTE) return query;
  const { countryCode: _remote, ...rest } = query;
  return { ...rest, isRemote: true };
}
