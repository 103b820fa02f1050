/**
 * `/startups/white-label-feed` (spec 1, 2.1, 2.5; issue #15): the product page of the white-label job
 * feed. The live example is a real feed, chosen by GET /showcase (the demo's Nordic Partner Jobs in
 * the demo data): a feed lives on its partner's own domain, which this page cannot frame or fetch,
 * so it is drawn here from the same live data that domain serves: the feed (GET
 * companies/white-label-feed-domain/{domain}) and the jobs its filters select (GET /v2/jobs with sdk
 * feedJobFilter, as the feed's own page searches). Then the steps to set one up on the startup's
 * white-label feeds page.
 */
import { paths } from '@nordlys/sdk/routes';
import type { JobSummary } from '@nordlys/sdk/schemas';
import { feedJobFilter } from '@nordlys/sdk/visibility';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom, siteHostFrom } from '../../api';
import { BrowserFrame, FeedPagePreview, type FeedPreviewData } from '../../components/ProductPreview';
import { orFallback } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useRootData } from '../../root';

/** The jobs the example shows; the rest are counted. */
const PREVIEW_JOBS = 5;

interface FeedPageData {
  /** The live example, or null when there is no feed or it could not be loaded. */
  example: { domain: string; runBy: string; feed: FeedPreviewData; jobs: JobSummary[]; total: number } | null;
  /** This site's host: the target of the CNAME record. */
  siteHost: string;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<FeedPageData> {
  const api = apiFrom(context);
  const showcase = await orFallback(api.showcase.get(), null);
  const domain = showcase?.whiteLabelFeed?.domain;
  let example: FeedPageData['example'] = null;
  const feed = domain ? await orFallback(api.companies.byWhiteLabelDomain(domain), null) : null;
  if (feed) {
    const list = await orFallback(api.jobs.search({ ...feedJobFilter(feed.filters), pageSize: PREVIEW_JOBS }), null);
    if (list) {
      example = {
        domain: feed.domain,
        runBy: feed.company.name,
        feed: { name: feed.name, description: feed.description, logoImage: feed.logoImage },
        jobs: list.jobs.slice(0, PREVIEW_JOBS),
        total: list.total,
      };
    }
  }
  return { example, siteHost: siteHostFrom(context) };
}

export const handle: RouteHandle<FeedPageData> = {
  meta: ({ productName }) => ({
    title: 'A white-label job feed on your domain',
    description: `A job board on your own domain, under your name and logo, with the Nordic startup jobs you choose from ${productName}. It fills itself and stays up to date.`,
  }),
};

const USES = [
  { title: 'Investors', text: 'Every open job in your portfolio on jobs.yourfund.com: help your companies hire, and show what you back.' },
  { title: 'Accelerators and communities', text: 'One job board for all your startups. Communities in our community program run theirs for free.' },
  { title: 'Media and networks', text: 'Startup jobs for your readers or members, in the countries and fields they care about.' },
];

export function Component() {
  const { example, siteHost } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  return (
    <div className="page container product-page">
      <header className="page-head">
        <h1>A white-label job feed on your domain</h1>
        <p className="page-head__lead">
          A job board under your name and logo, on your own domain, with the startup jobs you choose: by country, by field, or from the startups
          you pick. It fills itself from {productName} and stays up to date, and candidates apply in a minute.
        </p>
        <p className="cta__actions">
          <Link to={paths.startupsJoin()} className="button button--primary button--large">
            Get started
          </Link>
          <Link to={paths.contact()} className="button button--ghost button--large">
            Ask us a question
          </Link>
        </p>
      </header>

      <section className="product-section" aria-labelledby="feed-example">
        <h2 id="feed-example">A live example</h2>
        {example ? (
          <BrowserFrame
            domain={example.domain}
            caption={
              <>
                {example.feed.name}, run by {example.runBy} on {example.domain}, with the jobs its filters select on {productName} right now. On the
                domain itself, visitors search the feed as they type, and every job has its own page.
              </>
            }
          >
            <FeedPagePreview feed={example.feed} jobs={example.jobs} total={example.total} productName={productName} />
          </BrowserFrame>
        ) : (
          <p className="empty-state">The live example cannot be shown right now. The steps below show what your own feed needs.</p>
        )}
      </section>

      <section className="product-section" aria-labelledby="feed-uses">
        <h2 id="feed-uses">Who runs one</h2>
        <ul className="product-benefits">
          {USES.map((use) => (
            <li key={use.title}>
              <h3>{use.title}</h3>
              <p>
                {use.text}
                {use.title === 'Accelerators and communities' ? (
                  <>
                    {' '}
                    <Link to={paths.communityProgram()}>About the community program</Link>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="product-section" aria-labelledby="feed-steps">
        <h2 id="feed-steps">Set up your feed</h2>
        <ol className="setup-steps">
          <li>
            <h3>Have a startup profile</h3>
            <p>
              A feed is run from a startup profile on {productName}: your fund’s, your accelerator’s or your company’s.{' '}
              <Link to={paths.startupsJoin()}>Create one</Link> if you have none.
            </p>
          </li>
          <li>
            <h3>Create the feed</h3>
            <p>
              In the startup’s area, open <strong>White-label feeds</strong> and create a feed: the name, the logo and the description its header
              shows.
            </p>
          </li>
          <li>
            <h3>Choose the jobs</h3>
            <p>
              Pick countries (with or without remote jobs), categories, and startups, such as your portfolio. Leave a filter empty to take
              every job. The preview beside the form shows the first jobs as you choose.
            </p>
          </li>
          <li>
            <h3>Point your domain here</h3>
            <p>
              Enter the domain, such as jobs.yourfund.com, save, and create this record to your startup’s own target at your DNS provider (the
              form shows it with your domain, and a TXT record that proves it too):
            </p>
            <pre className="code-block">
              <code>{`jobs.yourfund.com.  CNAME  your-startup.${siteHost}.`}</code>
            </pre>
            <p>
              Press <strong>Check now</strong>: as soon as the record proves the domain is yours, the feed is served on it, with a page for every
              job and a sitemap for search engines. We check it again every day.
            </p>
          </li>
        </ol>
      </section>

      <section className="cta" aria-labelledby="feed-start">
        <h2 id="feed-start">Start your feed</h2>
        <p>
          Feeds are included with every startup profile. A startup that only wants its own jobs on its own site needs a{' '}
          <Link to={paths.startupsCareerPage()}>career page</Link> instead.
        </p>
        <p className="cta__actions">
          <Link to={paths.startupsJoin()} className="button button--primary button--large">
            Create your startup profile
          </Link>
          <Link to={paths.pricing()} className="button button--ghost button--large">
            See pricing
          </Link>
        </p>
      </section>
    </div>
  );
}
