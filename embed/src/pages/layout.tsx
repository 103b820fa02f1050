/** @jsxImportSource preact */
/** The document shell and the parts the careers, white-label and 404 pages share. */
import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { jobPostingJsonLd, serializeJsonLd } from '@nordlys/feeds/job-posting';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { locationDisplay } from '@nordlys/sdk/jobs';
import type { CompanyRef, Job, JobSummary } from '@nordlys/sdk/schemas';
import { imageSize, perkLabel, postedAgo, websiteUrl } from './format';
import { equityLabel, exactDate, initials, positionTypeLabel, salaryLabel } from '@nordlys/sdk/format';
import { PAGE_CSS } from './styles';

export interface Head {
  title: string;
  description?: string | null;
  /** Absolute URL of the page search engines should index instead. */
  canonical?: string | null;
  /** JSON-LD text already made safe by serializeJsonLd. */
  jsonLd?: string | null;
  /** Unknown hosts and 404s are not for search engines. */
  noindex?: boolean;
}

/** A complete HTML document: doctype, head with the page CSS, then the body. */
export function renderDocument(head: Head, body: VNode): string {
  const html = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        <style dangerouslySetInnerHTML={{ __html: PAGE_CSS }} />
        {head.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} /> : null}
      </head>
      <body>{body}</body>
    </html>
  );
  return `<!DOCTYPE html>${renderToString(html)}`;
}

/** Skip link, header, main (#main), footer: the landmarks every page has (ui.md). */
export function Frame({ header, children, canonicalOrigin }: { header: ComponentChildren; children: ComponentChildren; canonicalOrigin?: string }) {
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="wrap">{header}</div>
      </header>
      <main id="main" tabIndex={-1}>
        <div class="wrap">{children}</div>
      </main>
      <footer class="site-footer">
        <div class="wrap">
          {canonicalOrigin ? (
            <p>
              Jobs powered by <a href={`${canonicalOrigin}/`}>{DEFAULT_PRODUCT_NAME}</a>
            </p>
          ) : (
            <p>{DEFAULT_PRODUCT_NAME}</p>
          )}
        </div>
      </footer>
    </>
  );
}

/** A logo, or a monogram of the name when there is none (decorative: the name is always beside it). */
export function Logo({ name, src }: { name: string; src: string | null }) {
  return src ? (
    <img src={src} alt="" width={48} height={48} />
  ) : (
    <span class="monogram" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

const now = (given?: Date) => given ?? new Date();

function Posted({ iso, at }: { iso: string; at: Date }) {
  const text = postedAgo(iso, at);
  return text ? (
    <time dateTime={iso} title={exactDate(iso)}>
      {text}
    </time>
  ) : null;
}

export interface JobListProps {
  jobs: readonly JobSummary[];
  /** Show each job's company (a feed lists many; a careers page one). */
  showCompany?: boolean;
  imageBase: string;
  now?: Date;
}

/** Job titles as real links to /jobs/{id} on this host, with location, type and posted date. */
export function JobList({ jobs, showCompany = false, imageBase, now: at }: JobListProps) {
  const when = now(at);
  return (
    <ul class="jobs">
      {jobs.map((job) => {
        const location = locationDisplay(job);
        return (
          <li key={job.id}>
            {showCompany ? <CompanyLine company={job.company} imageBase={imageBase} /> : null}
            <h3>
              <a href={`/jobs/${job.id}`}>{job.title}</a>
            </h3>
            <ul class="meta">
              {location ? <li>{location}</li> : null}
              <li class="chip">{positionTypeLabel(job.positionType)}</li>
              <li>
                <Posted iso={job.approvedAt ?? job.createdAt} at={when} />
              </li>
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function CompanyLine({ company, imageBase }: { company: CompanyRef; imageBase: string }) {
  const src = imageSize(company.logoImage, 'thumbnail', imageBase);
  return (
    <p class="company">
      {src ? <img src={src} alt="" width={24} height={24} /> : <span class="monogram" aria-hidden="true">{initials(company.name)}</span>}
      <span>{company.name}</span>
    </p>
  );
}

export interface JobBodyProps {
  job: Job;
  canonicalOrigin: string;
  /** Text of the link back to '/'. */
  backText: string;
  showCompany?: boolean;
  imageBase: string;
  now?: Date;
}

export function isOpen(job: Pick<Job, 'status'>): boolean {
  return job.status === 'ACTIVE';
}

/** The job page's main content: h1, facts, description (sanitised HTML), apply and back links. */
export function JobBody({ job, canonicalOrigin, backText, showCompany = false, imageBase, now: at }: JobBodyProps) {
  const location = locationDisplay(job);
  const salary = salaryLabel(job.salary);
  const equity = equityLabel(job.equity);
  const perks = job.perks.map(perkLabel).filter((p): p is string => p !== null);
  const open = isOpen(job);
  const website = websiteUrl(job.company.website);
  const apply = website ?? `${canonicalOrigin}/jobs/${job.id}`;
  return (
    <article>
      <p>
        <a href="/">← {backText}</a>
      </p>
      {showCompany ? <CompanyLine company={job.company} imageBase={imageBase} /> : null}
      <h1>{job.title}</h1>
      {open ? null : (
        <p class="notice" role="status">
          This job is no longer open for applications.
        </p>
      )}
      <dl class="facts">
        {location ? (
          <>
            <dt>Location</dt>
            <dd>{location}</dd>
          </>
        ) : null}
        <dt>Type</dt>
        <dd>{positionTypeLabel(job.positionType)}</dd>
        {salary ? (
          <>
            <dt>Salary</dt>
            <dd>{salary}</dd>
          </>
        ) : null}
        {equity ? (
          <>
            <dt>Equity</dt>
            <dd>{equity}</dd>
          </>
        ) : null}
        <dt>Posted</dt>
        <dd>
          <Posted iso={job.approvedAt ?? job.createdAt} at={now(at)} />
        </dd>
      </dl>
      {/* Sanitised when written (sdk JobSchema: "Sanitised HTML"). */}
      <div class="description" dangerouslySetInnerHTML={{ __html: job.description }} />
      {perks.length ? (
        <>
          <h2>Perks</h2>
          <ul>
            {perks.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div class="actions">
        {open ? (
          <a class="button" href={apply} rel="noopener">
            {website ? `Apply at ${job.company.name}` : 'Apply'}
          </a>
        ) : null}
        <a href="/">{backText}</a>
      </div>
    </article>
  );
}

/** The JobPosting JSON-LD of an open job, ready for the head; null for closed jobs (not to be listed). */
export function jobJsonLd(job: Job, canonicalOrigin: string): string | null {
  return isOpen(job) ? serializeJsonLd(jobPostingJsonLd(job, { origin: canonicalOrigin })) : null;
}

/** Description text for a job page's meta description: the first words of the description. */
export function plainSummary(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
