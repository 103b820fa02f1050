/** Job rules of spec 3 and 4: status helpers, location display and the derived URLs. */
import { countryName, PIPELINE_STAGES, REMOTE, type PipelineStage } from './constants';
import { postedAt } from './dates';
import type { JobBrief, JobBriefQuery, JobSearchParams, JobSummary } from './schemas/job';
import type { JobLocationInput } from './schemas/job-input';
import type { Location } from './schemas/location';
import { withScheme } from './with-scheme';

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

/**
 * A job cut down to its brief (schemas/job.ts JobBriefSchema), what the job-list widget shows: what
 * GET /companies/{key}/job-briefs answers.
 */
export function jobBrief(job: Pick<JobSummary, 'id' | 'title' | 'company' | 'location' | 'isRemote' | 'positionType' | 'createdAt' | 'approvedAt'>): JobBrief {
  const { id, title, company, isRemote, positionType } = job;
  return { id, title, company: { key: company.key, name: company.name }, isRemote, locationName: locationDisplay(job), positionType, postedAt: postedAt(job) };
}

/**
 * The jobs the job-list widget shows (GET /companies/{key}/job-briefs with its query): those located
 * in the country, of any of the categories, remote or not as asked, and of those the first `limit`.
 * @example selectWidgetJobs(jobs, { isRemote: true, limit: 3 }) // the first three remote jobs
 */
export function selectWidgetJobs<T extends Pick<JobSummary, 'location' | 'isRemote' | 'categories'>>(
  jobs: readonly T[],
  { countryCode, categories = [], isRemote, limit }: Partial<JobBriefQuery>,
): T[] {
  const wanted: readonly string[] = categories;
  return jobs
    .filter(
      (job) =>
        (isRemote === undefined || job.isRemote === isRemote) &&
        (!countryCode || job.location?.country?.toUpperCase() === countryCode) &&
        (!wanted.length || job.categories.some((c) => wanted.includes(c))),
    )
    .slice(0, limit);
}

/** Where a job is, as its public record says it: remote (with an optional country requirement), or a location. */
export interface JobPlace {
  isRemote: boolean;
  remoteCountryCode: string | null;
  location: Location | null;
}

/**
 * The job form's location (issue #12) as the job stores and shows it: one of the startup's addresses
 * is copied from its list (country and address, no locality), another place is taken as typed, remote
 * has no location. null when the form names an address the list does not have.
 * @example jobPlace({ kind: 'address', addressIndex: 0 }, [{ countryCode: 'DK', address: 'Njalsgade 21' }]) // { isRemote: false, remoteCountryCode: null, location: { locality: null, country: 'DK', address: 'Njalsgade 21' } }
 */
export function jobPlace(
  input: JobLocationInput | null,
  addresses: readonly { countryCode: string; address: string | null }[],
): JobPlace | null {
  if (!input) return { isRemote: false, remoteCountryCode: null, location: null };
  switch (input.kind) {
    case 'remote':
      return { isRemote: true, remoteCountryCode: input.countryCode ?? null, location: null };
    case 'place':
      return { isRemote: false, remoteCountryCode: null, location: { locality: input.locality, country: input.countryCode, address: input.address ?? null } };
    case 'address': {
      const address = addresses[input.addressIndex];
      return address ? { isRemote: false, remoteCountryCode: null, location: { locality: null, country: address.countryCode, address: address.address } } : null;
    }
  }
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

export interface PipelineStageInfo {
  value: PipelineStage;
  label: string;
  /** A locked stage takes no more moves: a rejected applicant stays rejected. */
  locked: boolean;
}

const STAGE_LABELS: Record<PipelineStage, string> = {
  applied: 'Applied',
  custom: 'Custom',
  hired: 'Hired',
  toreject: 'To be rejected',
  rejected: 'Rejected',
};

/** spec 4: the applicant pipeline, in order; 'toreject' reads 'To be rejected' and 'rejected' is locked. */
export const PIPELINE: readonly PipelineStageInfo[] = PIPELINE_STAGES.map((value) => ({
  value,
  label: STAGE_LABELS[value],
  locked: value === 'rejected',
}));

/** Whether an application may move from one stage to another: never out of a locked stage. */
export function canMoveApplication(from: PipelineStage, to: PipelineStage): boolean {
  return from !== to && !PIPELINE.find((s) => s.value === from)!.locked;
}

/** The subject of an application by e-mail (issue #12). */
export const applicationSubject = (title: string): string => `Application: ${title}`;

/** Where a job's apply action leads (issue #12, #13). */
export type ApplyTarget =
  | { kind: 'nordlys' }
  | { kind: 'url'; href: string; host: string }
  | { kind: 'email'; href: string; email: string };

/**
 * How a candidate applies, as the job says (`job.apply`): quick apply on Nordlys, the startup's own
 * page (http:// added as spec 5 says), or an e-mail with the subject filled in. A job without the
 * setting takes applications on Nordlys, the server's default.
 * @example applyTarget({ title: 'Designer', apply: { method: 'email', url: null, email: 'jobs@a.example' } }).href // 'mailto:jobs@a.example?subject=Application%3A%20Designer'
 */
export function applyTarget(job: { title: string; apply?: { method: string; url: string | null; email: string | null } | undefined }): ApplyTarget {
  const apply = job.apply;
  if (apply?.method === 'url' && apply.url) {
    const href = withScheme(apply.url);
    return { kind: 'url', href, host: URL.canParse(href) ? new URL(href).hostname.replace(/^www\./, '') : href };
  }
  if (apply?.method === 'email' && apply.email) {
    return { kind: 'email', email: apply.email, href: `mailto:${apply.email}?subject=${encodeURIComponent(applicationSubject(job.title))}` };
  }
  return { kind: 'nordlys' };
}
