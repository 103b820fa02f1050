/**
 * LinkedIn's XML job feed (Basic Jobs and job wrapping): every open job, for LinkedIn to ingest. The
 * elements follow LinkedIn's "XML Feeds Development Guide" (learn.microsoft.com/linkedin/talent/
 * job-postings/xml-feeds-development-guide) and its June 2025 release note that makes the poster's
 * e-mail mandatory: a <source> root with lastBuildDate, publisherURL, publisher and expectedJobCount,
 * and a <job> per job with the mandatory partnerJobId, company, title, description, applyUrl,
 * location and posterEmail, the LinkedIn company id when the startup gave one, and the recommended
 * city, country, postalCode, workplaceTypes, jobtype and salaries. Text sits in CDATA sections; the
 * description is the job's HTML, whole.
 */
import { jobPath } from '@nordlys/sdk/routes';
import { aggregatorPlace, documentChunks, employmentKind, publicApplyEmail, wholeDocument, type AggregatorJob, type ChunkedDocument } from './aggregator';
import { absoluteUrl } from './job-item';
import { rfc822Date } from './rss';
import { publishedRange } from './salary';
import { cdata, xmlElement, xmlLines } from './xml';

export interface LinkedinOptions {
  /** The job board's name (publisher). */
  publisher: string;
  /** The site's scheme and host, e.g. 'https://nordlys.jobs': publisherURL, and apply URLs `${origin}/jobs/{id}`. */
  origin: string;
  /**
   * The poster e-mail of a job that takes applications on the site or at a URL: the job board's own
   * team address, as a startup member's address is private. A job that takes applications by e-mail
   * gives its public apply address instead.
   */
  posterEmail: string;
  /** When the feed's content last changed (lastBuildDate); left out unless given. */
  updated?: Date;
  /** How many jobs the feed holds (expectedJobCount), when the caller knows before writing them. */
  expectedJobCount?: number;
}

/** partnerJobId is at most 40 characters (a job id is far shorter). */
const MAX_PARTNER_JOB_ID = 40;
/** LinkedIn's job type values. */
const LINKEDIN_JOB_TYPES = { 'full-time': 'FULL_TIME', 'part-time': 'PART_TIME', contract: 'CONTRACT', internship: 'INTERNSHIP' } as const;
/** A LinkedIn company id is a number (the one in its page's admin URL). */
const LINKEDIN_COMPANY_ID = /^\d{1,20}$/;

const text = (name: string, value: string) => `<${name}>${cdata(value)}</${name}>`;

/** The <salaries> element of a salary range with a currency and period (salary.ts publishedRange), or '' when the job states none. */
function salaries(salary: AggregatorJob['salary'], pad: string): string {
  const range = publishedRange(salary);
  if (!range) return '';
  const end = (name: string, amount: number | null) =>
    amount === null ? '' : `<${name}>${xmlElement('amount', {}, String(amount))}${xmlElement('currencyCode', {}, range.currency)}</${name}>`;
  const lines = [end('highEnd', range.max), end('lowEnd', range.min), xmlElement('period', {}, range.unit.linkedin), xmlElement('type', {}, 'BASE_SALARY')];
  return `<salaries>\n${pad}  <salary>\n${xmlLines(lines, pad.length + 4)}\n${pad}  </salary>\n${pad}</salaries>`;
}

function linkedinDocument({ publisher, origin, posterEmail, updated, expectedJobCount }: LinkedinOptions): ChunkedDocument<AggregatorJob> {
  const publisherUrl = absoluteUrl(origin, undefined, 'origin');
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    xmlLines(
      [
        updated ? text('lastBuildDate', rfc822Date(updated)) : '',
        text('publisherURL', publisherUrl),
        text('publisher', publisher),
        expectedJobCount !== undefined ? xmlElement('expectedJobCount', {}, String(expectedJobCount)) : '',
      ],
      2,
    ),
    '',
  ].join('\n');
  return {
    head,
    job(job) {
      const id = String(job.id);
      if (id.length > MAX_PARTNER_JOB_ID) throw new RangeError(`linkedin: partnerJobId must be at most 40 characters, got ${id.length}`);
      const place = aggregatorPlace(job);
      const kind = employmentKind(job.positionType);
      const linkedinId = job.company.linkedinId?.trim();
      const lines = [
        text('partnerJobId', id),
        text('company', job.company.name),
        text('title', job.title),
        text('description', job.description),
        text('applyUrl', absoluteUrl(jobPath(job.id), publisherUrl, 'origin')),
        linkedinId && LINKEDIN_COMPANY_ID.test(linkedinId) ? text('companyId', linkedinId) : '',
        text('location', place.label ?? 'Remote'),
        place.city ? text('city', place.city) : '',
        place.country ? text('country', place.country) : '',
        place.postalCode ? text('postalCode', place.postalCode) : '',
        text('workplaceTypes', job.isRemote ? 'Remote' : 'On-site'),
        kind ? text('jobtype', LINKEDIN_JOB_TYPES[kind]) : '',
        salaries(job.salary, '    '),
        text('posterEmail', publicApplyEmail(job) ?? posterEmail),
      ];
      return `  <job>\n${xmlLines(lines, 4)}\n  </job>\n`;
    },
    tail: '</source>\n',
  };
}

/**
 * Writes LinkedIn's XML job feed for these jobs: pass exactly the jobs that take applications, each
 * applied for at its canonical URL on `origin`. Throws when `origin` is not an absolute http(s) URL.
 * @example linkedinFeed([job], { publisher: 'Nordlys', origin: 'https://nordlys.jobs', posterEmail: 'team@nordlys.jobs' }) // '<?xml version="1.0" encoding="UTF-8"?>\n<source>…'
 */
export function linkedinFeed(jobs: readonly AggregatorJob[], options: LinkedinOptions): string {
  return wholeDocument(linkedinDocument(options), jobs);
}

/** The same document in chunks, for a server that streams a feed of many jobs. */
export function linkedinFeedChunks(batches: AsyncIterable<readonly AggregatorJob[]> | Iterable<readonly AggregatorJob[]>, options: LinkedinOptions): AsyncGenerator<string> {
  return documentChunks(linkedinDocument(options), batches);
}
