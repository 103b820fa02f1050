/** @jsxImportSource preact */
/**
 * The parts the careers, white-label and 404 pages share. Rendered on the server and, for the
 * hydrated islands (JobList, CompanyLine), in the browser too: nothing here may be Node-only.
 */
import type { ComponentChildren } from 'preact';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { applyTarget, locationDisplay } from '@nordlys/sdk/jobs';
import { isJobOpen } from '@nordlys/sdk/visibility';
import type { CompanyRef, Job, JobSummary } from '@nordlys/sdk/schemas';
import { imageSize, perkLabel } from './format';
import { exactDate, postedAt, relativeTime } from '@nordlys/sdk/dates';
import { equityLabel, initials, positionTypeLabel, salaryLabel } from '@nordlys/sdk/format';
import { hostJobPath, paths } from '@nordlys/sdk/routes';
import { pageSteps, pageWindow } from '@nordlys/sdk/paging';

/** What a job list shows of a job: what the server sends the browser in the page data (no salary, no counters). */
export type ListJob = Pick<JobSummary, 'id' | 'title' | 'company' | 'location' | 'isRemote' | 'categories' | 'positionType' | 'createdAt' | 'approvedAt'>;

/** A job cut down to ListJob, so the page data carries only what the list renders. */
export function listJob(job: ListJob): ListJob {
  const { id, title, company, location, isRemote, categories, positionType, createdAt, approvedAt } = job;
  return { id, title, company: { id: company.id, key: company.key, name: company.name, logoImage: company.logoImage }, location, isRemote, categories, positionType, createdAt, approvedAt };
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
  const text = relativeTime(iso, at);
  return text ? (
    <time dateTime={iso} title={exactDate(iso)}>
      {text}
    </time>
  ) : null;
}

export interface JobListProps {
  jobs: readonly ListJob[];
  /** Show each job's company (a feed lists many; a careers page one). */
  showCompany?: boolean;
  imageBase: string;
  now?: Date;
  /** The level of the job titles: one below the heading the list sits under (h2 right under the page's h1). */
  headingLevel?: 2 | 3;
}

/** Job titles as real links to /jobs/{id} on this host, with location, type and posted date. */
export function JobList({ jobs, showCompany = false, imageBase, now: at, headingLevel = 3 }: JobListProps) {
  const when = now(at);
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul class="jobs">
      {jobs.map((job) => {
        const location = locationDisplay(job);
        return (
          <li key={job.id}>
            {showCompany ? <CompanyLine company={job.company} imageBase={imageBase} /> : null}
            <Title>
              <a href={hostJobPath(job.id)}>{job.title}</a>
            </Title>
            <ul class="meta">
              {location ? <li>{location}</li> : null}
              <li class="chip">{positionTypeLabel(job.positionType)}</li>
              <li>
                <Posted iso={postedAt(job)} at={when} />
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
  /** Where the page is shown, counted with an application from it: 'careers' or 'feed:{id}' (issue #13). */
  surface: string;
  /** Shown at the end of the article (the share island). */
  children?: ComponentChildren;
}

/**
 * The apply link of a job, as the job says (sdk applyTarget): quick apply opens the main site's job
 * page with its apply dialog, counted on this page's surface (paths.jobApply); otherwise the
 * startup's application page or an e-mail.
 */
export function applyLink(job: Job, canonicalOrigin: string, surface: string): { href: string; text: string } {
  const target = applyTarget(job);
  switch (target.kind) {
    case 'url':
      return { href: target.href, text: `Apply on ${target.host}` };
    case 'email':
      return { href: target.href, text: 'Apply by e-mail' };
    default:
      return { href: canonicalOrigin + paths.jobApply(job.id, surface), text: 'Apply' };
  }
}

/** The job page's main content: h1, facts, description (sanitised HTML), apply and back links. */
export function JobBody({ job, canonicalOrigin, backText, showCompany = false, imageBase, now: at, surface, children }: JobBodyProps) {
  const location = locationDisplay(job);
  const salary = salaryLabel(job.salary);
  const equity = equityLabel(job.equity);
  const perks = job.perks.map(perkLabel).filter((p): p is string => p !== null);
  const open = isJobOpen(job, { now: now(at) });
  const apply = applyLink(job, canonicalOrigin, surface);
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
          <Posted iso={postedAt(job)} at={now(at)} />
        </dd>
      </dl>
      {/* The description's own headings (h2–h4, often h3) sit under this one, not right under the h1. */}
      <h2>About the job</h2>
      {/* User HTML: the sdk policy (sdk/src/sanitize.ts) ran on write and again in the server's getJob. */}
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
          <a class="button" href={apply.href} rel="noopener">
            {apply.text}
          </a>
        ) : null}
        <a href="/">{backText}</a>
      </div>
      {children}
    </article>
  );
}

export interface PaginationProps {
  page: number;
  pages: number;
  /** The address of a page (sdk routes). */
  href: (page: number) => string;
  label: string;
}

/** Paging as real links, as on the site's searches: previous, numbers with gaps (sdk pageWindow), next. Nothing for one page. */
export function Pagination({ page, pages, href, label }: PaginationProps) {
  if (!(pages > 1)) return null;
  const { prev, next } = pageSteps(page, pages);
  return (
    <nav class="pagination" aria-label={label}>
      <ul>
        <li>{prev ? <a href={href(prev)} rel="prev">← Previous</a> : <span aria-disabled="true">← Previous</span>}</li>
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <a href={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </a>
            </li>
          ),
        )}
        <li>{next ? <a href={href(next)} rel="next">Next →</a> : <span aria-disabled="true">Next →</span>}</li>
      </ul>
    </nav>
  );
}
