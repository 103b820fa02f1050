/**
 * `/startups/career-page` (spec 2.1, issue #15): the product page of the career page (spec 2.5: a
 * startup's own domain serves its careers routes) and the job-list widget. The live examples are a
 * real startup's, chosen by GET /showcase (the demo's Northwind Labs in the demo data):
 *   - a career page lives on the startup's own domain, which this page can neither frame nor fetch,
 *     so it is drawn here from the same live data that domain serves (the profile and the open jobs);
 *   - the widget is the real one: the `<nordlys-jobs>` element and /embed/v1/jobs.js, exactly what
 *     the startup puts on its own page (an iframe of the job-list widget page would bring a second
 *     main and footer landmark into this page, which axe refuses; the page is linked instead).
 * Then the steps to set each up: the career domain in the startup's settings, the DNS record, the
 * check, and the script tag.
 */
import { paths } from '@nordlys/sdk/routes';
import type { JobSummary } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom, originFrom, siteHostFrom } from '../../api';
import { BrowserFrame, CareerPagePreview, LiveWidget, WIDGET_SCRIPT, type CareerPageCompany } from '../../components/ProductPreview';
import { orFallback } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useRootData } from '../../root';

/** The open jobs the example shows; the rest are counted. */
const PREVIEW_JOBS = 5;

interface CareerPageData {
  /** The live example, or null when there is none (no startup with a career domain) or it could not be loaded. */
  example: { domain: string; company: CareerPageCompany; jobs: JobSummary[]; total: number } | null;
  /** This site's host: the target of the CNAME record. */
  siteHost: string;
  /** This site's origin, where the widget's script is served. */
  origin: string;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CareerPageData> {
  const api = apiFrom(context);
  const showcase = await orFallback(api.showcase.get(), null);
  const chosen = showcase?.careerPage;
  let example: CareerPageData['example'] = null;
  if (chosen) {
    const [company, list] = await Promise.all([orFallback(api.companies.get(chosen.companyKey), null), orFallback(api.companies.jobs(chosen.companyKey), null)]);
    if (company && list) {
      example = {
        domain: chosen.careersDomain,
        company: { key: company.key, name: company.name, logoImage: company.logoImage, whatWeDo: company.whatWeDo, galleryImages: company.galleryImages },
        jobs: list.jobs.slice(0, PREVIEW_JOBS),
        total: list.jobs.length,
      };
    }
  }
  return { example, siteHost: siteHostFrom(context), origin: originFrom(context) };
}

export const handle: RouteHandle<CareerPageData> = {
  meta: ({ productName }) => ({
    title: 'A career page on your own domain',
    description: `Your open jobs on careers.yourstartup.com and on any page of your site, always in sync with ${productName}. Free with every startup profile.`,
  }),
};

const BENEFITS = [
  { title: 'Your domain, your brand', text: 'careers.yourstartup.com, with your logo, what you do, your team and your photos, from your startup profile.' },
  { title: 'Always up to date', text: 'Post, pause or fill a job and the page changes at once. Nothing to copy, nothing to forget.' },
  { title: 'Found by search engines', text: 'Every job has its own page with JobPosting structured data, and your domain gets its own sitemap.' },
  { title: 'Every application in one place', text: 'Candidates apply in a minute, and each application lands on your applicant board, marked with where it came from.' },
];

export function Component() {
  const { example, siteHost, origin } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  const widgetKey = example?.company.key ?? 'your-startup';
  const scriptTag = `<script async src="${origin}${WIDGET_SCRIPT}" data-company="${widgetKey}"></script>`;
  return (
    <div className="page container product-page">
      <header className="page-head">
        <h1>A career page on your own domain</h1>
        <p className="page-head__lead">
          Your open jobs on careers.yourstartup.com and on any page of your site, always in sync with {productName}. No code to write, no
          tool to keep up, and free with every startup profile.
        </p>
        <p className="cta__actions">
          <Link to={paths.startupsJoin()} className="button button--primary button--large">
            Get started free
          </Link>
          <Link to={paths.pricing()} className="button button--ghost button--large">
            See pricing
          </Link>
        </p>
      </header>

      <section className="product-section" aria-labelledby="career-example">
        <h2 id="career-example">A live example</h2>
        {example ? (
          <BrowserFrame
            domain={example.domain}
            caption={
              <>
                The career page of <Link to={paths.startup(example.company.key)}>{example.company.name}</Link> on {example.domain}, from its profile
                and open jobs on {productName} right now. On the domain itself, visitors also filter the jobs by category and place.
              </>
            }
          >
            <CareerPagePreview company={example.company} jobs={example.jobs} total={example.total} productName={productName} />
          </BrowserFrame>
        ) : (
          <p className="empty-state">The live example cannot be shown right now. The steps below show what your own career page needs.</p>
        )}
      </section>

      <section className="product-section" aria-labelledby="career-benefits">
        <h2 id="career-benefits">What you get</h2>
        <ul className="product-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="product-section" aria-labelledby="career-steps">
        <h2 id="career-steps">Set up your career page</h2>
        <ol className="setup-steps">
          <li>
            <h3>Create your startup profile</h3>
            <p>
              <Link to={paths.startupsJoin()}>Sign up</Link>, create the profile of your startup and post your jobs. Your career page shows what
              the profile says: the logo, what you do, the team and the photos.
            </p>
          </li>
          <li>
            <h3>Enter your domain</h3>
            <p>
              Choose a name on your own domain, such as careers.yourstartup.com. In your startup’s area, open <strong>Settings</strong> and enter
              it as the <strong>Career domain</strong>.
            </p>
          </li>
          <li>
            <h3>Prove it is yours</h3>
            <p>
              At your DNS provider, create this record to your startup’s own target (the settings page shows it with your own domain, ready to
              copy). It proves the domain is yours and brings its visitors here:
            </p>
            <pre className="code-block">
              <code>{`careers.yourstartup.com.  CNAME  your-startup.${siteHost}.`}</code>
            </pre>
            <p>Or, as for a domain without a CNAME, a TXT record named _nordlys.careers.yourstartup.com with the token the page shows.</p>
          </li>
          <li>
            <h3>Check it</h3>
            <p>
              Press <strong>Check now</strong> beside the domain. As soon as the record proves it, your career page is served on it, and we check
              it again every day. DNS changes can take a few hours to reach everyone.
            </p>
          </li>
        </ol>
      </section>

      <section className="product-section" aria-labelledby="career-widget">
        <h2 id="career-widget">Your jobs on a page you already have</h2>
        <p className="product-section__lead">
          Keep your own careers page and put the job list on it: one script tag shows your open jobs, in your colours and font, and keeps them up
          to date. Your startup’s dashboard has the tag ready to copy, with your jobs as plain links for search engines.
        </p>
        <pre className="code-block">
          <code>{scriptTag}</code>
        </pre>
        {example ? (
          <>
            <p>
              This is the widget {example.company.name} gets, live. To link to the list or frame it instead, use{' '}
              <a href={paths.jobListWidget(example.company.key)}>its job list page</a>.
            </p>
            <LiveWidget companyKey={example.company.key} companyName={example.company.name} />
          </>
        ) : null}
      </section>

      <section className="cta" aria-labelledby="career-start">
        <h2 id="career-start">Your career page in ten minutes</h2>
        <p>The career page and the widget are free with every startup profile, on every plan.</p>
        <p className="cta__actions">
          <Link to={paths.startupsJoin()} className="button button--primary button--large">
            Create your startup profile
          </Link>
          <Link to={paths.contact()} className="button button--ghost button--large">
            Ask us a question
          </Link>
        </p>
      </section>
    </div>
  );
}
