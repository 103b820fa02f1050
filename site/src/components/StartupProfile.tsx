/**
 * A startup's public page body (spec 3, Company; issue #11): cover, logo, what it does, gallery,
 * perks, key figures, open jobs, facts, industries and SDGs, addresses, team and investors. The
 * same component serves /startups/{key} and the startup's own /client/startups/{key}/profile.
 */
import { countryName } from '@nordlys/sdk/constants';
import { reviewState } from '@nordlys/sdk/profile-review';
import { paths } from '@nordlys/sdk/routes';
import type { Company, JobSummary } from '@nordlys/sdk/schemas';
import { BUSINESS_MODELS, EMPLOYEE_COUNTS, FUNDING_STAGES, INDUSTRIES, KEY_FIGURE_NAMES, SDGS, termText } from '@nordlys/sdk/vocabulary';
import type { ReactNode } from 'react';
import { Link } from '../lib/Link';
import { CompanyFacts } from './CompanyFacts';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';
import { PerkList } from './PerkList';
import { InvestorBadge } from './InvestorBadge';
import { JobList } from './JobList';
import { People, PreviewBanner, RichText, WideImage } from './ProfileParts';

export interface StartupProfileProps {
  company: Company;
  jobs: JobSummary[];
  /** Not public: shown to its members and admins with the preview banner. */
  preview?: boolean;
  /** The edit page: linked from the preview banner of a preview, else from an "Edit profile" button (on the startup's own /profile page). */
  editHref?: string | null;
  /** An action in the head beside the name: the public page's Follow (issue #13). */
  action?: ReactNode;
}

/** The facts of "At a glance", in words, leaving out what the startup did not give. */
function glance(company: Company): { label: string; value: string }[] {
  const facts: { label: string; value: string | null }[] = [
    { label: 'Founded', value: company.foundedYear ? String(company.foundedYear) : null },
    { label: 'Employees', value: company.numberOfEmployees ? termText(EMPLOYEE_COUNTS, company.numberOfEmployees) : null },
    { label: 'Funding stage', value: company.fundingStage ? termText(FUNDING_STAGES, company.fundingStage) : null },
    { label: 'Business model', value: company.businessModel ? termText(BUSINESS_MODELS, company.businessModel) : null },
  ];
  return facts.filter((f): f is { label: string; value: string } => f.value !== null);
}

export function StartupProfile({ company, jobs, preview = false, editHref = null, action = null }: StartupProfileProps) {
  const facts = glance(company);
  const addresses = company.addresses.filter((a) => a.address);
  // The investors are on the page itself: its job cards need not repeat "Backed by".
  const ownJobs = jobs.map((job) => (job.company.backedBy ? { ...job, company: { ...job.company, backedBy: undefined } } : job));
  return (
    <div className="startup-page profile-page">
      {preview ? <PreviewBanner state={reviewState(company)} reviewNote={company.manage?.reviewNote} editHref={editHref} /> : null}

      {company.coverImage ? (
        <WideImage className="profile-cover" image={company.coverImage} alt="" sizes="(min-width: 1200px) 1136px, 100vw" eager />
      ) : null}

      <header className="startup-head">
        <CompanyLogo company={company} size={88} eager />
        <div className="startup-head__text">
          <h1>{company.name}</h1>
          <CompanyFacts company={{ ...company, numberOfActiveJobs: jobs.length }} className="fact-list fact-list--inline" />
        </div>
        {action}
        {editHref && !preview ? (
          <Link className="button button--ghost startup-head__edit" to={editHref}>
            Edit profile
          </Link>
        ) : null}
      </header>

      <div className="startup-page__grid">
        <div className="startup-page__main stack-lg">
          {company.whatWeDo ? (
            <section aria-labelledby="what-we-do">
              <h2 id="what-we-do">What we do</h2>
              <RichText text={company.whatWeDo} />
            </section>
          ) : null}

          {company.quote ? (
            <figure className="quote">
              <blockquote>
                <p>{company.quote.text}</p>
              </blockquote>
              {company.quote.author ? <figcaption>{company.quote.author}</figcaption> : null}
            </figure>
          ) : null}

          {company.keyFigures.length ? (
            <section aria-labelledby="key-figures">
              <h2 id="key-figures">Key figures</h2>
              <dl className="key-figures">
                {company.keyFigures.map((figure) => (
                  <div key={figure.name} className="key-figures__item">
                    <dt>{termText(KEY_FIGURE_NAMES, figure.name)}</dt>
                    <dd>{figure.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {company.galleryImages.length ? (
            <section aria-labelledby="gallery">
              <h2 id="gallery">Life at {company.name}</h2>
              <ul className="gallery">
                {company.galleryImages.map((image, i) => (
                  <li key={image.path}>
                    <WideImage image={image} alt={`${company.name}, picture ${i + 1} of ${company.galleryImages.length}`} sizes="(min-width: 960px) 400px, (min-width: 640px) 50vw, 100vw" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <PerkList perks={company.perks} />

          <section aria-labelledby="open-jobs">
            <h2 id="open-jobs">Open jobs at {company.name}</h2>
            {jobs.length ? (
              <JobList jobs={ownJobs} />
            ) : (
              <p className="muted">
                {company.name} has no open jobs right now. <Link to={paths.jobs()}>See jobs at other startups</Link>.
              </p>
            )}
          </section>
        </div>

        <aside className="startup-page__aside stack-lg" aria-label={`More about ${company.name}`}>
          {facts.length ? (
            <section aria-labelledby="at-a-glance">
              <h2 id="at-a-glance">At a glance</h2>
              <dl className="glance">
                {facts.map((fact) => (
                  <div key={fact.label} className="glance__item">
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {company.investors.length ? (
            <section aria-labelledby="investors">
              <h2 id="investors">Investors</h2>
              <ul className="investor-badges">
                {company.investors.map((investor, i) => (
                  <li key={`${investor.key ?? investor.name}-${i}`}>
                    <InvestorBadge investor={investor} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {company.industries.length ? (
            <section aria-labelledby="industries">
              <h2 id="industries">Industries</h2>
              <ul className="chips">
                {company.industries.map((industry) => (
                  <li key={industry}>
                    <span className="chip">{termText(INDUSTRIES, industry)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {company.sdgs.length ? (
            <section aria-labelledby="sdgs">
              <h2 id="sdgs">Sustainable Development Goals</h2>
              <ul className="sdg-list">
                {company.sdgs.map((goal) => (
                  <li key={goal}>
                    <span className="sdg-list__number" aria-hidden="true">
                      {goal}
                    </span>
                    <span>
                      <span className="visually-hidden">Goal {goal}: </span>
                      {termText(SDGS, goal)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {addresses.length ? (
            <section aria-labelledby="addresses">
              <h2 id="addresses">Offices</h2>
              <ul className="plain-list address-list">
                {addresses.map((a, i) => (
                  <li key={`${a.countryCode}-${i}`}>
                    <Icon name="map-pin" /> <span className="address-list__country">{countryName(a.countryCode)}</span>
                    <span className="address-list__address">{a.address}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {company.team.length ? (
            <section aria-labelledby="team">
              <h2 id="team">Team</h2>
              <People people={company.team} />
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
