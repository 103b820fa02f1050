/** @jsxImportSource preact */
/**
 * The indexable snippet a startup admin copies (spec 1, job-list widget): the job list as plain
 * HTML (titles as links to the main site, company and location as text) so the host page holds its
 * jobs without JavaScript, then the jobs.js tag. The runtime finds `[data-nordlys-jobs]`, shows the
 * host's own markup until the live list arrives, then shows the widget in a shadow root over it;
 * the links stay in the light DOM, and if the data call fails they simply stay on show.
 */
import { renderToString } from 'preact-render-to-string';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { locationDisplay } from '@nordlys/sdk/jobs';
import type { CompanyRef } from '@nordlys/sdk/schemas';
import { WIDGET_MAX_JOBS } from '@nordlys/sdk/constants';
import type { ListJob } from './layout';
import { jobPath, startupPath } from '@nordlys/sdk/routes';

export interface IndexableSnippetInput {
  company: Pick<CompanyRef, 'key' | 'name'>;
  /** The company's active jobs. */
  jobs: readonly ListJob[];
  /** The main Nordlys site: job links, the company page and jobs.js live there. */
  origin: string;
}

/**
 * The HTML to paste, one element per line.
 * @example renderIndexableSnippet({ company, jobs, origin: 'https://nordlys.jobs' })
 */
export function renderIndexableSnippet({ company, jobs, origin }: IndexableSnippetInput): string {
  const html = renderToString;
  const line = (job: ListJob) => {
    const where = locationDisplay(job);
    return html(
      <li>
        <a href={origin + jobPath(job.id)}>{job.title}</a>
        {` – ${company.name}${where ? ` · ${where}` : ''}`}
      </li>,
    );
  };
  const list = jobs.length ? ['<ul>', ...jobs.map((job) => `  ${line(job)}`), '</ul>'] : [html(<p>No open positions right now.</p>)];
  // data-limit: the live list may show as many jobs as the widget allows, not only the ten it shows by default.
  const open = html(<div data-nordlys-jobs="" data-company={company.key} data-limit={String(WIDGET_MAX_JOBS)} />).replace('</div>', '');
  return [
    `<!-- ${DEFAULT_PRODUCT_NAME} jobs: readable without JavaScript; jobs.js keeps this list up to date. -->`,
    open,
    ...list.map((l) => `  ${l}`),
    `  ${html(
      <p>
        <a href={origin + startupPath(company.key)}>
          All jobs at {company.name} on {DEFAULT_PRODUCT_NAME}
        </a>
      </p>,
    )}`,
    '</div>',
    html(<script async src={`${origin}/embed/v1/jobs.js`} />),
    '',
  ].join('\n');
}
