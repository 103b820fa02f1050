/**
 * Indeed's and LinkedIn's rules for a job feed, as a checker for tests: it reads a document with
 * fast-xml-parser (an XML reader the aggregators' own tooling resembles, not ours) and lists every
 * job that breaks a rule of the field lists.
 *
 * Indeed ("XML feed reference", docs.indeed.com/indeed-apply/xml-feed): a <source> root; on every
 * <job> the required title, date, referencenumber, requisitionid, url, company, city, country and
 * description, each in CDATA; a remote job says so in <remotetype>; a salary that is a range says
 * what period it is paid per.
 * LinkedIn ("XML Feeds Development Guide", learn.microsoft.com/linkedin/talent/job-postings, and its
 * June 2025 release note): on every <job> the mandatory partnerJobId (at most 40 characters, unique),
 * company, title, description, location, applyUrl and posterEmail; workplaceTypes, when given, one
 * of On-site, Hybrid, Remote; a <salary> with its amounts, currency, period and type.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One broken rule: the job (its reference number or partner id, or its place in the feed) and the field. */
export interface AggregatorError {
  job: string;
  field: string;
  message: string;
}

type Node = string | number | boolean | { [key: string]: unknown } | undefined;

const CDATA = '#cdata';
const TEXT = '#text';

const parser = new XMLParser({
  ignoreAttributes: false,
  cdataPropName: CDATA,
  parseTagValue: false,
  isArray: (name) => name === 'job' || name === CDATA,
});

/** Parses the document (throws when it is not well-formed) and returns its <source> root. */
function sourceOf(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} at line ${valid.err.line}`);
  const document = parser.parse(xml) as Record<string, unknown>;
  const source = document.source;
  if (!source || typeof source !== 'object') throw new Error('the document has no <source> root');
  return source as Record<string, unknown>;
}

/** An element's text, CDATA sections and plain text together; '' when absent. */
function textOf(node: Node): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node);
  const parts = (node[CDATA] as unknown[] | undefined) ?? [];
  return parts.map(String).join('') + (node[TEXT] === undefined ? '' : String(node[TEXT]));
}

/** Whether the element's content is CDATA (Indeed asks for all job content in CDATA sections). */
function inCdata(node: Node): boolean {
  return typeof node === 'object' && node !== null && Array.isArray(node[CDATA]);
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const jobsOf = (source: Record<string, unknown>) => (source.job as Record<string, Node>[] | undefined) ?? [];

const INDEED_REQUIRED = ['title', 'date', 'referencenumber', 'requisitionid', 'url', 'company', 'city', 'country', 'description'] as const;
const INDEED_REMOTE_TYPES = new Set(['Fully remote', 'Hybrid remote']);
/** Indeed reads the pay period from the salary text: "per year", "a month", "/hour"… */
const INDEED_PERIOD = /\b(?:per|an?|\/)\s*(?:year|month|week|day|hour)\b/i;

/**
 * Every broken rule of Indeed's field list in the document; [] when Indeed would take every job.
 * @example indeedErrors(indeedFeed(jobs, options)) // []
 */
export function indeedErrors(xml: string): AggregatorError[] {
  const errors: AggregatorError[] = [];
  const seen = new Set<string>();
  for (const [index, job] of jobsOf(sourceOf(xml)).entries()) {
    const reference = textOf(job.referencenumber) || `#${index + 1}`;
    const fail = (field: string, message: string) => errors.push({ job: reference, field, message });
    for (const field of INDEED_REQUIRED) {
      if (!textOf(job[field]).trim()) fail(field, `<${field}> is required`);
      else if (!inCdata(job[field])) fail(field, `<${field}> must be wrapped in CDATA`);
    }
    if (seen.has(reference)) fail('referencenumber', 'must be unique in the feed');
    seen.add(reference);
    const date = textOf(job.date);
    if (date && Number.isNaN(Date.parse(date))) fail('date', `not a date: ${date}`);
    const url = textOf(job.url);
    if (url && !isAbsoluteHttpUrl(url)) fail('url', `not an absolute URL: ${url}`);
    const country = textOf(job.country);
    if (country && !/^[A-Z]{2}$/.test(country)) fail('country', `not an ISO 3166 alpha-2 code: ${country}`);
    const remote = textOf(job.remotetype);
    if (remote && !INDEED_REMOTE_TYPES.has(remote)) fail('remotetype', `not one of ${[...INDEED_REMOTE_TYPES].join(', ')}: ${remote}`);
    const salary = textOf(job.salary);
    if (salary && /\d/.test(salary) && !INDEED_PERIOD.test(salary)) fail('salary', `a salary must say its period: ${salary}`);
  }
  return errors;
}

const LINKEDIN_REQUIRED = ['partnerJobId', 'company', 'title', 'description', 'location', 'applyUrl', 'posterEmail'] as const;
const LINKEDIN_WORKPLACES = new Set(['On-site', 'Hybrid', 'Remote']);
const LINKEDIN_PERIODS = new Set(['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The <salary> elements of a job's <salaries>. */
function salariesOf(job: Record<string, Node>): Record<string, Node>[] {
  const salaries = job.salaries;
  if (typeof salaries !== 'object' || salaries === null) return [];
  const salary = (salaries as Record<string, unknown>).salary;
  if (!salary) return [];
  return (Array.isArray(salary) ? salary : [salary]) as Record<string, Node>[];
}

/**
 * Every broken rule of LinkedIn's field list in the document; [] when LinkedIn would take every job.
 * @example linkedinErrors(linkedinFeed(jobs, options)) // []
 */
export function linkedinErrors(xml: string): AggregatorError[] {
  const errors: AggregatorError[] = [];
  const seen = new Set<string>();
  for (const [index, job] of jobsOf(sourceOf(xml)).entries()) {
    const id = textOf(job.partnerJobId) || `#${index + 1}`;
    const fail = (field: string, message: string) => errors.push({ job: id, field, message });
    for (const field of LINKEDIN_REQUIRED) {
      if (!textOf(job[field]).trim()) fail(field, `<${field}> is mandatory`);
    }
    if (id.length > 40) fail('partnerJobId', 'at most 40 characters');
    if (seen.has(id)) fail('partnerJobId', 'must be unique in the feed');
    seen.add(id);
    const applyUrl = textOf(job.applyUrl);
    if (applyUrl && !isAbsoluteHttpUrl(applyUrl)) fail('applyUrl', `not an absolute URL: ${applyUrl}`);
    const email = textOf(job.posterEmail);
    if (email && !EMAIL.test(email)) fail('posterEmail', `not an e-mail address: ${email}`);
    const companyId = textOf(job.companyId);
    if (companyId && !/^\d+$/.test(companyId)) fail('companyId', `not a LinkedIn company id: ${companyId}`);
    const workplace = textOf(job.workplaceTypes);
    if (workplace && !LINKEDIN_WORKPLACES.has(workplace)) fail('workplaceTypes', `not one of ${[...LINKEDIN_WORKPLACES].join(', ')}: ${workplace}`);
    for (const salary of salariesOf(job)) {
      const period = textOf(salary.period);
      if (!LINKEDIN_PERIODS.has(period)) fail('salary.period', period ? `not one of ${[...LINKEDIN_PERIODS].join(', ')}: ${period}` : 'a salary must say its period');
      if (!textOf(salary.type)) fail('salary.type', 'a salary must say its type');
      const ends = [salary.highEnd, salary.lowEnd].filter((end): end is Record<string, Node> => typeof end === 'object' && end !== null);
      if (!ends.length) fail('salary', 'a salary needs a highEnd or lowEnd');
      for (const end of ends) {
        if (!/^\d+(?:\.\d+)?$/.test(textOf(end.amount))) fail('salary.amount', `not an amount: ${textOf(end.amount)}`);
        if (!/^[A-Z]{3}$/.test(textOf(end.currencyCode))) fail('salary.currencyCode', `not an ISO 4217 code: ${textOf(end.currencyCode)}`);
      }
    }
  }
  return errors;
}

/** How many errors there are per field, for a readable failure message. */
export function errorsByField(errors: readonly AggregatorError[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const error of errors) counts[error.field] = (counts[error.field] ?? 0) + 1;
  return counts;
}
