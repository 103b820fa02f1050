/**
 * The live examples of the product pages (issue #15): a startup's career page and a white-label feed
 * as they look on their own domains, drawn from the same live data those hosts serve (the startup's
 * profile and open jobs; the feed and the jobs its filters select), inside a browser frame that
 * shows the domain. Job links go to the jobs' pages on this site.
 */
import { locationDisplay } from '@nordlys/sdk/jobs';
import { positionTypeLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Company, Image, JobSummary } from '@nordlys/sdk/schemas';
import type { ReactNode } from 'react';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';

export interface BrowserFrameProps {
  /** The host the page is served on, shown in the address bar. */
  domain: string;
  /** What the frame shows, for the caption. */
  caption: ReactNode;
  children: ReactNode;
}

/** A page inside a browser window drawn with CSS: an address bar with the domain, then the page. */
export function BrowserFrame({ domain, caption, children }: BrowserFrameProps) {
  return (
    <figure className="browser-frame">
      <div className="browser-frame__bar" aria-hidden="true">
        <span className="browser-frame__dots">
          <span />
          <span />
          <span />
        </span>
        <span className="browser-frame__address">{`https://${domain}`}</span>
      </div>
      <div className="browser-frame__page">{children}</div>
      <figcaption className="browser-frame__caption">{caption}</figcaption>
    </figure>
  );
}

/** One line per job: the title as a link to its page, then the startup (in a feed, which lists many), where, and what kind of position. */
export function PreviewJobs({ jobs, total, empty, showCompany }: { jobs: readonly JobSummary[]; total: number; empty: string; showCompany: boolean }) {
  if (jobs.length === 0) return <p className="preview-jobs__empty">{empty}</p>;
  return (
    <>
      <ul className="preview-jobs">
        {jobs.map((job) => (
          <li key={job.id} className="preview-jobs__item">
            <Link to={paths.job(job.id)} className="preview-jobs__title">
              {job.title}
            </Link>
            <span className="preview-jobs__meta">{[showCompany ? job.company.name : null, locationDisplay(job), positionTypeLabel(job.positionType)].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
      {total > jobs.length ? <p className="preview-jobs__more">and {total - jobs.length} more</p> : null}
    </>
  );
}

/** The company fields a career page shows. */
export type CareerPageCompany = Pick<Company, 'key' | 'name' | 'logoImage' | 'whatWeDo' | 'galleryImages'>;

/** The career page's home (embed/src/pages/careers.tsx): brand, "Careers at …", what the startup does, open positions, photos. */
export function CareerPagePreview({ company, jobs, total, productName }: { company: CareerPageCompany; jobs: readonly JobSummary[]; total: number; productName: string }) {
  const photos = company.galleryImages.slice(0, 3);
  return (
    <div className="preview-page">
      <p className="preview-page__brand">
        <CompanyLogo company={company} size={32} />
        <span>{company.name}</span>
      </p>
      <h3 className="preview-page__title">Careers at {company.name}</h3>
      {company.whatWeDo ? <p className="preview-page__lead">{company.whatWeDo}</p> : null}
      <h4 className="preview-page__subtitle">Open positions</h4>
      <PreviewJobs jobs={jobs} total={total} empty={`${company.name} has no open positions right now.`} showCompany={false} />
      {photos.length ? (
        <ul className="preview-page__photos">
          {photos.map((image: Image, i) => (
            <li key={image.path}>
              <img src={image.sizes.listing} alt={`${company.name}, photo ${i + 1}`} loading="lazy" decoding="async" width={1200} height={675} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="preview-page__powered">Powered by {productName}</p>
    </div>
  );
}

export interface FeedPreviewData {
  name: string;
  description: string | null;
  logoImage: Image | null;
}

/** The white-label feed's home (embed/src/pages/white-label.tsx): its logo or name, its description, and its jobs with their count. */
export function FeedPagePreview({ feed, jobs, total, productName }: { feed: FeedPreviewData; jobs: readonly JobSummary[]; total: number; productName: string }) {
  return (
    <div className="preview-page">
      {feed.logoImage ? (
        <p className="preview-page__brand">
          <img className="preview-page__feed-logo" src={feed.logoImage.sizes.large} alt="" height={40} />
        </p>
      ) : null}
      <h3 className="preview-page__title">{feed.name}</h3>
      {feed.description ? <p className="preview-page__lead">{feed.description}</p> : null}
      <h4 className="preview-page__subtitle">{total === 1 ? '1 job' : `${total} jobs`}</h4>
      <PreviewJobs jobs={jobs} total={total} empty="No jobs match this feed right now." showCompany />
      <p className="preview-page__powered">Powered by {productName}</p>
    </div>
  );
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** The job-list widget's custom element (embed/src/element.ts), defined by /embed/v1/jobs.js. */
      'nordlys-jobs': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { company: string; theme?: string; layout?: string; limit?: string };
    }
  }
}

/** Where the widget's runtime is served (embed/dist, served by the server at /embed/). */
export const WIDGET_SCRIPT = '/embed/v1/jobs.js';

/**
 * The job-list widget itself, live, as a startup's own page gets it: the `<nordlys-jobs>` element and
 * the widget's script (React loads an async script once, wherever it is rendered). It renders into its
 * own shadow root, with its loading, empty and error states; until then (and without JavaScript) the
 * element's own content, a link to the startup's jobs, shows.
 */
export function LiveWidget({ companyKey, companyName }: { companyKey: string; companyName: string }) {
  return (
    <div className="live-widget">
      <nordlys-jobs company={companyKey} theme="light" layout="cards" limit="4">
        <a href={paths.startup(companyKey)}>All jobs at {companyName}</a>
      </nordlys-jobs>
      <script async src={WIDGET_SCRIPT} />
    </div>
  );
}
