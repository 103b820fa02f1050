/** Atom 1.0 feed (RFC 4287) of a job list, for feed readers and aggregators that read Atom. */
import type { JobSummary } from '@nordlys/sdk/schemas';
import { absoluteUrl, jobItem } from './job-item';
import { xmlElement, xmlLines } from './xml';

export interface AtomOptions {
  title: string;
  /** The feed's permanent id: an absolute IRI that never changes, e.g. a tag: URI or the list's URL. */
  id: string;
  /** The absolute URL this feed is served from (link rel="self"). */
  selfUrl: string;
  /** The absolute URL of the page that lists these jobs on the site (link rel="alternate"). */
  alternateUrl: string;
  /** The site's scheme and host, e.g. 'https://nordlys.jobs'; job links are `${origin}/jobs/{id}`. */
  origin: string;
  /** When the list last changed; also an entry's updated when its own dates do not parse. */
  updated: Date;
}

/** RFC 4287 asks for an IRI: a scheme, a colon and something after it (tag:…, urn:…, https://…). */
function assertIri(id: string): string {
  if (!/^[A-Za-z][A-Za-z\d+.-]*:\S+$/.test(id)) {
    throw new TypeError(`id must be an absolute IRI such as 'tag:nordlys.jobs,2026:jobs', got ${JSON.stringify(id)}`);
  }
  return id;
}

/**
 * Writes an Atom 1.0 document: the feed's id, title, updated and self/alternate links, and one
 * <entry> per job whose id is the job's absolute URL (the same as the RSS guid and JSON Feed id),
 * updated and published = the posted date (sdk postedAt, as the job page and Indeed say), a plain-text summary (location and
 * position type), the company as author and a <category> per job category.
 * @example
 * jobsAtom(jobs, {
 *   title: 'Nordlys jobs', id: 'tag:nordlys.jobs,2026:jobs', selfUrl: 'https://nordlys.jobs/feeds/jobs.atom',
 *   alternateUrl: 'https://nordlys.jobs/jobs', origin: 'https://nordlys.jobs', updated: new Date(),
 * }) // '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">…'
 */
export function jobsAtom(jobs: readonly JobSummary[], options: AtomOptions): string {
  const { title, origin, updated } = options;
  const id = assertIri(options.id);
  // Checked up front so a misconfigured origin fails with an empty list too, not at the first job.
  absoluteUrl(origin, undefined, 'origin');
  const selfUrl = absoluteUrl(options.selfUrl, undefined, 'selfUrl');
  const alternateUrl = absoluteUrl(options.alternateUrl, undefined, 'alternateUrl');
  if (Number.isNaN(updated.getTime())) throw new RangeError('updated must be a valid Date');

  const entries = jobs.map((job) => {
    const item = jobItem(job, origin);
    const lines = [
      xmlElement('id', {}, item.url),
      xmlElement('title', { type: 'text' }, item.title),
      xmlElement('updated', {}, (item.posted ?? updated).toISOString()),
      item.posted ? xmlElement('published', {}, item.posted.toISOString()) : '',
      xmlElement('link', { rel: 'alternate', type: 'text/html', href: item.url }),
      xmlElement('summary', { type: 'text' }, item.summary),
      `<author>${xmlElement('name', {}, item.author)}</author>`,
      ...item.categories.map((c) => xmlElement('category', { term: c.term, label: c.label })),
    ];
    return `  <entry>\n${xmlLines(lines, 4)}\n  </entry>`;
  });

  const head = [
    xmlElement('id', {}, id),
    xmlElement('title', { type: 'text' }, title),
    xmlElement('updated', {}, updated.toISOString()),
    xmlElement('link', { rel: 'self', type: 'application/atom+xml', href: selfUrl }),
    xmlElement('link', { rel: 'alternate', type: 'text/html', href: alternateUrl }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    xmlLines(head, 2),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
