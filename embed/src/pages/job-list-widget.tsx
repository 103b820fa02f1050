/** @jsxImportSource preact */
/**
 * `/startups/joblistwidget/{id}` on the main site (spec 2.1, 2.7 job-list widget layout): a
 * startup's active jobs as the widget shows them, as a bare page for an iframe or a link: no site
 * header or footer, the company's name, plain links to the main site's job pages (they open in the
 * top window, out of any frame), and "Powered by Nordlys". No JavaScript. Theme, accent, layout and
 * limit come from the query, checked by the widget's own rules.
 */
import { DEFAULT_PRODUCT_NAME, WIDGET_MAX_JOBS } from '@nordlys/sdk/constants';
import { exactDate, relativeTime } from '@nordlys/sdk/dates';
import { positionTypeLabel } from '@nordlys/sdk/format';
import type { CompanyRef, JobBrief } from '@nordlys/sdk/schemas';
import { COLOUR, type Layout, type Theme } from '../options';
import { FONT_SANS } from '@nordlys/sdk/tokens';
import { DARK_TOKENS, LIGHT_TOKENS } from '../styles';
import { renderDocument } from './document';
import { jobPath, startupPath } from '@nordlys/sdk/routes';

/** The page's options, as read from its query string (`?theme=dark&accent=%23ff0066`). */
export interface JobListWidgetOptions {
  theme?: string | null;
  accent?: string | null;
  layout?: string | null;
  limit?: string | null;
}

export interface JobListWidgetInput {
  company: Pick<CompanyRef, 'key' | 'name'>;
  /** The company's active jobs, as the widget shows them (GET /companies/{key}/job-briefs). */
  jobs: readonly JobBrief[];
  /** This (main) site, where the page is served. */
  origin: string;
  /** The main site for job links; usually the same as origin. */
  canonicalOrigin: string;
  /** The query options; anything unknown or unsafe falls back to the default. */
  options?: JobListWidgetOptions;
  now?: Date;
}

interface Look {
  theme: Theme;
  accent: string | null;
  layout: Layout;
  limit: number;
}

/** The options the page uses: known values only; an accent must be a plain colour (it goes into CSS). */
export function widgetLook(options: JobListWidgetOptions = {}): Look {
  const theme = options.theme?.toLowerCase();
  const accent = options.accent?.trim();
  const limit = Number(options.limit);
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
    accent: accent && COLOUR.test(accent) ? accent : null,
    layout: options.layout?.toLowerCase() === 'cards' ? 'cards' : 'list',
    limit: Number.isInteger(limit) && limit >= 1 && limit <= WIDGET_MAX_JOBS ? limit : WIDGET_MAX_JOBS,
  };
}

// The widget's tokens (src/styles.ts, from the sdk's); links keep AA contrast on both backgrounds unless the host picks an accent.
const LIGHT = LIGHT_TOKENS;
const DARK = DARK_TOKENS;

/** The page CSS: static rules around the checked tokens. */
export function widgetCss({ theme, accent }: Pick<Look, 'theme' | 'accent'>): string {
  const own = accent ? `:root{--nl-accent:${accent}}` : '';
  const tokens =
    theme === 'light' ? `:root{${LIGHT}}` : theme === 'dark' ? `:root{${DARK}}` : `:root{${LIGHT}}@media (prefers-color-scheme:dark){:root{${DARK}}}`;
  return [
    tokens,
    own,
    `:root{color-scheme:${theme === 'auto' ? 'light dark' : theme}}`,
    '*,*::before,*::after{box-sizing:border-box}',
    `body{margin:0;padding:16px;font:16px/1.5 ${FONT_SANS};color:var(--nl-fg);background:var(--nl-bg);overflow-wrap:anywhere}`,
    'h1{font-size:1.25rem;line-height:1.3;margin:0 0 8px}',
    'a{color:var(--nl-accent)}a:focus-visible{outline:2px solid var(--nl-accent);outline-offset:2px}',
    '.jobs{list-style:none;margin:0;padding:0}',
    '.jobs>li{padding:12px 4px;border-bottom:1px solid var(--nl-line)}',
    '.cards{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr))}',
    '.cards>li{padding:16px;border:1px solid var(--nl-line);border-radius:8px}',
    '.title{font-weight:600;font-size:17px;text-decoration:none}.title:hover{text-decoration:underline}',
    '.meta{list-style:none;margin:4px 0 0;padding:0;color:var(--nl-muted);font-size:14px;display:flex;flex-wrap:wrap;gap:4px 8px}',
    '.chip{background:var(--nl-chip);border-radius:99px;padding:0 8px;font-size:13px}',
    '.empty{margin:8px 0}',
    'footer{margin-top:12px;font-size:13px;color:var(--nl-muted)}footer a{color:inherit}',
  ].join('');
}

export function renderJobListWidgetPage({ company, jobs, canonicalOrigin, options, now = new Date() }: JobListWidgetInput): string {
  const look = widgetLook(options);
  const shown = jobs.slice(0, look.limit);
  const companyPage = canonicalOrigin + startupPath(company.key);
  const body = (
    <>
      <main>
        <h1>{company.name}</h1>
        {shown.length ? (
          <ul class={look.layout === 'cards' ? 'jobs cards' : 'jobs'} aria-label={`Open positions at ${company.name}`}>
            {shown.map((job) => {
              const location = job.locationName;
              const posted = job.postedAt;
              const ago = relativeTime(posted, now);
              return (
                <li key={job.id}>
                  <a class="title" href={canonicalOrigin + jobPath(job.id)} target="_top">
                    {job.title}
                  </a>
                  <ul class="meta">
                    {location ? <li>{location}</li> : null}
                    <li class="chip">{positionTypeLabel(job.positionType)}</li>
                    {ago ? (
                      <li>
                        <time dateTime={posted} title={exactDate(posted)}>
                          {ago}
                        </time>
                      </li>
                    ) : null}
                  </ul>
                </li>
              );
            })}
          </ul>
        ) : (
          <p class="empty">{company.name} has no open positions right now.</p>
        )}
      </main>
      <footer>
        <p>
          <a href={companyPage} target="_top">
            {jobs.length > shown.length ? `All ${jobs.length} jobs at ${company.name}` : `${company.name} on ${DEFAULT_PRODUCT_NAME}`}
          </a>
          {' · '}
          <a href={`${canonicalOrigin}/`} target="_top">
            Powered by {DEFAULT_PRODUCT_NAME}
          </a>
        </p>
      </footer>
    </>
  );
  return renderDocument(
    {
      title: `Jobs at ${company.name} – ${DEFAULT_PRODUCT_NAME}`,
      description: `Open positions at ${company.name}.`,
      // The company page is the one to index; this is its list in the widget's clothes.
      canonical: companyPage,
      css: widgetCss(look),
    },
    body,
  );
}
