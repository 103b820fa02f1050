/**
 * Indeed's XML job feed: every open job, for Indeed to crawl. The elements follow Indeed's "XML feed
 * reference" (docs.indeed.com/indeed-apply/xml-feed, and techdocs.indeedeng.io/xml-job-feed): a
 * <source> root with publisher, publisherurl and lastBuildDate, and a <job> per job with the required
 * title, date, referencenumber, requisitionid, url, company, city, country and description (a remote
 * job's city is "Remote", and its <remotetype> "Fully remote"), plus what the job page also shows
 * (salary, job type, category, expiry, the apply address).
 * Job content sits in CDATA sections as Indeed asks; the description is the job's HTML, whole.
 */
import { CATEGORIES } from '@nordlys/sdk/constants';
import { postedAt } from '@nordlys/sdk/dates';
import { salaryLabel } from '@nordlys/sdk/format';
import { jobPath } from '@nordlys/sdk/routes';
import { aggregatorPlace, documentChunks, employmentKind, publicApplyEmail, wholeDocument, type AggregatorJob, type ChunkedDocument } from './aggregator';
import { absoluteUrl, parseDate } from './job-item';
import { rfc822Date } from './rss';
import { publishedRange } from './salary';
import { cdata, xmlLines } from './xml';

export interface IndeedOptions {
  /** The job board's name (publisher). */
  publisher: string;
  /** The site's scheme and host, e.g. 'https://nordlys.jobs': publisherurl, and job URLs `${origin}/jobs/{id}`. */
  origin: string;
  /** When the feed's content last changed (lastBuildDate); left out unless given. */
  updated?: Date;
}

const CATEGORY_LABELS: ReadonlyMap<string, string> = new Map(CATEGORIES.map((c) => [c.value, c.text]));

/** Indeed's job type words. */
const INDEED_JOB_TYPES = { 'full-time': 'fulltime', 'part-time': 'parttime', contract: 'contract', internship: 'internship' } as const;

/** The city Indeed lists a remote job in. */
const REMOTE_CITY = 'Remote';

/** An element whose text is a CDATA section (characters XML forbids dropped, `]]>` split). */
const text = (name: string, value: string) => `<${name}>${cdata(value)}</${name}>`;

/** An ISO 8601 date as Indeed recommends it, or null when the stored one does not parse. */
function isoDate(value: string | null | undefined): string | null {
  return parseDate(value)?.toISOString() ?? null;
}

/**
 * A salary as words the job page also shows ("DKK 50,000–65,000 per year", "Unpaid"); null for
 * "competitive", nothing, or a range whose period is unknown (salary.ts publishedRange).
 */
export function salaryText(salary: AggregatorJob['salary']): string | null {
  if (salary?.type === 'unpaid') return salaryLabel(salary);
  const range = publishedRange(salary);
  const label = range && salaryLabel(salary);
  return label ? `${label} per ${range.unit.indeed}` : null;
}

/** The document in parts, for {@link indeedFeed} and {@link indeedFeedChunks}. */
function indeedDocument({ publisher, origin, updated }: IndeedOptions): ChunkedDocument<AggregatorJob> {
  const publisherUrl = absoluteUrl(origin, undefined, 'origin');
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    xmlLines([text('publisher', publisher), text('publisherurl', publisherUrl), updated ? text('lastBuildDate', rfc822Date(updated)) : ''], 2),
    '',
  ].join('\n');
  return {
    head,
    job(job) {
      const place = aggregatorPlace(job);
      // Indeed requires a city on every job: a remote one is listed in "Remote" (its <remotetype> says so too).
      const city = place.city ?? (job.isRemote ? REMOTE_CITY : null);
      const kind = employmentKind(job.positionType);
      const salary = salaryText(job.salary);
      const email = publicApplyEmail(job);
      const expires = isoDate(job.expirationDate);
      const categories = job.categories.map((c) => CATEGORY_LABELS.get(c) ?? c);
      const lines = [
        text('title', job.title),
        text('date', isoDate(postedAt(job)) ?? postedAt(job)),
        text('referencenumber', String(job.id)),
        text('requisitionid', String(job.id)),
        text('url', absoluteUrl(jobPath(job.id), publisherUrl, 'origin')),
        text('company', job.company.name),
        city ? text('city', city) : '',
        place.country ? text('country', place.country) : '',
        place.postalCode ? text('postalcode', place.postalCode) : '',
        place.streetAddress ? text('streetaddress', place.streetAddress) : '',
        email ? text('email', email) : '',
        text('description', job.description),
        salary ? text('salary', salary) : '',
        kind ? text('jobtype', INDEED_JOB_TYPES[kind]) : '',
        categories.length ? text('category', categories.join(', ')) : '',
        expires ? text('expirationdate', expires) : '',
        job.isRemote ? text('remotetype', 'Fully remote') : '',
      ];
      return `  <job>\n${xmlLines(lines, 4)}\n  </job>\n`;
    },
    tail: '</source>\n',
  };
}

/**
 * Writes Indeed's XML feed for these jobs: pass exactly the jobs that take applications, each is
 * listed at its canonical URL on `origin`. Throws when `origin` is not an absolute http(s) URL.
 * @example indeedFeed([job], { publisher: 'Nordlys', origin: 'https://nordlys.jobs' }) // '<?xml version="1.0" encoding="UTF-8"?>\n<source>…'
 */
export function indeedFeed(jobs: readonly AggregatorJob[], options: IndeedOptions): string {
  return wholeDocument(indeedDocument(options), jobs);
}

/**
 * The same document in chunks, for a server that streams a feed of many jobs: `batches` may be an
 * async iterable of pages read from the database one after another.
 */
export function indeedFeedChunks(batches: AsyncIterable<readonly AggregatorJob[]> | Iterable<readonly AggregatorJob[]>, options: IndeedOptions): AsyncGenerator<string> {
  return documentChunks(indeedDocument(options), batches);
}
