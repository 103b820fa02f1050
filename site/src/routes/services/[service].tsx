/**
 * `/scout`, `/headhunter` and `/community-program` (spec 2.1, issue #15): what each service is, how
 * it runs step by step, the questions people ask, and a request form (the contact form with its
 * `kind`: captcha, rate limit, mailed to the team). One module; the loader reads which page from the
 * path. spec 2.8: Scout is linked from these pages only while the headhunter product is on, like the
 * header's Scout item.
 */
import { countryName } from '@nordlys/sdk/constants';
import { formatMoney, planById, PRICE_COUNTRIES, SCOUT_FEE, toMinor } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { ContactKind } from '@nordlys/sdk/schemas';
import type { ReactNode } from 'react';
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { ContactForm, contactAction, type ContactFormCopy } from '../../components/ContactForm';
import { notFound } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useRootData } from '../../root';

export type Service = 'scout' | 'headhunter' | 'communityProgram';

/** The service a path is the page of, or null. */
export function serviceOf(pathname: string): Service | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.scout()) return 'scout';
  if (path === paths.headhunter()) return 'headhunter';
  if (path === paths.communityProgram()) return 'communityProgram';
  return null;
}

const KIND: Record<Service, ContactKind> = { scout: 'scout', headhunter: 'headhunter', communityProgram: 'community' };

interface ServiceData {
  service: Service;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<ServiceData> {
  const service = serviceOf(new URL(request.url).pathname);
  if (!service) notFound();
  return { service };
}

export async function action(args: ActionFunctionArgs) {
  const service = serviceOf(new URL(args.request.url).pathname);
  if (!service) notFound();
  return contactAction(args, KIND[service]);
}

/** The Headhunter plan, from the one price table (sdk pricing.ts). */
const HEADHUNTER = planById('headhunter');
const RECRUITER_WEEKS = HEADHUNTER.recruiterWeeks;

/** Scout's fee and guarantee, from the one table the Scout terms (server/content/scout-terms.md) use too. */
const SCOUT_FEE_PERCENT = SCOUT_FEE.percentOfFirstYearSalary;
const SCOUT_GUARANTEE_DAYS = SCOUT_FEE.replacementDays;
const SCOUT_MINIMUM_DK = formatMoney(toMinor(SCOUT_FEE.minimum.DK.amount, SCOUT_FEE.minimum.DK.currency), SCOUT_FEE.minimum.DK.currency);

/** The grades every recruiter gives (the Scout and Headhunter terms say the same). */
const GRADES = [
  { grade: 5, text: 'Exceptional: meets every must-have and most of the nice-to-haves. Meet them first.' },
  { grade: 4, text: 'Strong: meets every must-have.' },
  { grade: 3, text: 'Possible: meets most must-haves, with a gap worth discussing.' },
  { grade: 2, text: 'Unlikely: clear gaps against the must-haves.' },
  { grade: 1, text: 'Not a fit for this role.' },
] as const;

interface Step {
  title: string;
  text: string;
}

interface Question {
  q: string;
  a: ReactNode;
}

interface ServiceCopy {
  title: string;
  description: string;
  lead: string;
  facts: { figure: string; text: string }[];
  stepsTitle: string;
  steps: Step[];
  questions: Question[];
  form: { title: string; intro: string; copy: ContactFormCopy };
}

const SENT_TEXT = 'We have your request and answer within one working day, by e-mail to {email}.';

function copyOf(service: Service, productName: string, scoutOn: boolean): ServiceCopy {
  switch (service) {
    case 'scout':
      return {
        title: 'Scout: a recruiter who is paid when you hire',
        description: `A ${productName} recruiter finds, screens and grades candidates for one of your roles for ${RECRUITER_WEEKS} weeks. Nothing up front: you pay ${SCOUT_FEE_PERCENT}% of the first-year salary only when you hire.`,
        lead: `Give one role to a ${productName} recruiter. For ${RECRUITER_WEEKS} weeks they search, screen every applicant and grade each from 1 to 5, so you only meet the people worth meeting. Nothing up front: you pay only when you hire.`,
        facts: [
          { figure: `${RECRUITER_WEEKS} weeks`, text: 'of search and screening by one recruiter, who knows your role.' },
          { figure: '1 to 5', text: 'a grade and notes on every candidate, on your applicant board.' },
          { figure: `${SCOUT_FEE_PERCENT}%`, text: 'of the first-year base salary, and only when your hire signs.' },
        ],
        stepsTitle: 'How Scout works',
        steps: [
          { title: 'Tell us about the role', text: 'Send the request below. Within one working day a recruiter books a 30-minute call about the role, the team and what a great hire looks like.' },
          { title: 'Approve the scorecard', text: 'The recruiter writes the four to six skills and signals every candidate is graded on. The search starts when you approve it.' },
          { title: 'The search runs', text: `Your job is live on ${productName} (the free plan is enough), and the recruiter invites talent from the site and from their own network to apply.` },
          { title: 'Every candidate graded', text: 'Each applicant gets a phone screen and a grade from 1 to 5 with notes, straight on your applicant board. Every week you get a short update.' },
          { title: 'You interview and decide', text: 'You meet the candidates you choose. The recruiter prepares them, collects feedback and helps you close the offer.' },
          { title: 'You pay when they sign', text: 'The fee is invoiced when a candidate Scout presented accepts your offer. No hire, no fee.' },
        ],
        questions: [
          {
            q: 'Which roles does Scout take?',
            a: 'Permanent roles at startups in Denmark, Sweden, Norway, Finland and Iceland, or remote from the Nordics: engineering, product, design, data, sales, marketing and operations, from first hires to team leads.',
          },
          {
            q: 'What does the fee come to?',
            a: `${SCOUT_FEE_PERCENT}% of the hire’s first-year gross base salary (bonuses, equity and benefits do not count), with a minimum per country, such as ${SCOUT_MINIMUM_DK} in Denmark. Stop the search at any time, free of charge.`,
          },
          {
            q: 'What if I hire someone Scout did not present?',
            a: 'Then you owe nothing. The fee is only for a candidate the recruiter presented, and it applies if you hire them within 12 months of being presented.',
          },
          {
            q: 'And if the hire does not work out?',
            a: `If the person leaves within ${SCOUT_GUARANTEE_DAYS} days of their first day, the recruiter runs a new search for the same role at no fee.`,
          },
          {
            q: 'Scout or Headhunter?',
            a: (
              <>
                Scout costs nothing up front and a fee per hire. <Link to={paths.headhunter()}>Headhunter</Link> is a fixed price per job, paid
                when you post it, with no fee when you hire. Both give you a recruiter for {RECRUITER_WEEKS} weeks.
              </>
            ),
          },
        ],
        form: {
          title: 'Request Scout',
          intro: 'Tell us the role and a recruiter calls you within one working day. Asking costs nothing and commits you to nothing.',
          copy: {
            label: 'Request Scout',
            company: { label: 'Startup' },
            message: { label: 'The role', hint: 'The job title, where it is based (or remote), the salary range if you have one, and when the person should start.' },
            submit: 'Request Scout',
            sent: { title: 'Thank you, {name}', text: SENT_TEXT },
          },
        },
      };
    case 'headhunter':
      return {
        title: 'Headhunter: a recruiter on your job, at a fixed price',
        description: `Post a job with the Headhunter plan and a recruiter finds, screens and grades its candidates from 1 to 5 for ${RECRUITER_WEEKS} weeks, at a fixed price per job.`,
        lead: `For a role you need to fill well and fast. Choose the Headhunter plan when you post a job, and a recruiter runs the search with you for ${RECRUITER_WEEKS} weeks: they find candidates, screen every applicant and grade each from 1 to 5. One fixed price, no fee when you hire.`,
        facts: [
          { figure: `${RECRUITER_WEEKS} weeks`, text: 'a recruiter searches, screens and grades for your job.' },
          { figure: `${HEADHUNTER.featuredDays} days`, text: 'featured on the front page, above search results and first in the job alerts.' },
          { figure: 'Fixed price', text: 'per job, paid when you post it. Hire as many as you like from the search.' },
        ],
        stepsTitle: `What happens over the ${RECRUITER_WEEKS} weeks`,
        steps: [
          { title: 'Post the job with Headhunter', text: 'Write the job, choose the Headhunter plan and pay by card or on invoice. The job goes live as soon as it is approved.' },
          { title: 'The intake call', text: 'Within one working day the recruiter books a 30-minute call about the role, the team and what a great hire looks like.' },
          { title: 'The scorecard', text: 'In week 1 the recruiter writes the skills and signals every candidate is graded on, and sends it for your approval.' },
          { title: 'Search and screening', text: `From week 2 to week ${RECRUITER_WEEKS} the recruiter searches talent on the site and in their network, screens every applicant by phone and grades them from 1 to 5, with notes in your pipeline.` },
          { title: 'A weekly update', text: 'Every week: the new candidates, their grades and the shortlist. You move the people you want to meet forward.' },
          { title: 'The final report', text: `In week ${RECRUITER_WEEKS}: who was reached, screened and shortlisted, and why, so the search is useful even for your next hire.` },
        ],
        questions: [
          {
            q: 'What does it cost?',
            a: (
              <>
                A fixed price per job, in your currency: see the table above and the <Link to={paths.pricing()}>pricing page</Link>. It includes
                everything in the Max plan. There is no fee when you hire, however many people you hire from the search.
              </>
            ),
          },
          {
            q: 'Can I add Headhunter to a job that is already live?',
            a: 'Yes. Open the job in your startup’s area and choose Headhunter under its plans; the recruiter starts from the day you pay.',
          },
          {
            q: 'What if the search finds too few good candidates?',
            a: 'By the end of week 6 the recruiter presents at least three candidates graded 4 or 5. If not, you choose: six more weeks at no cost, or a full refund.',
          },
          {
            q: 'What if we fill the role early?',
            a: (
              <>
                Tell your recruiter and the search ends. The refund rules, and what happens if we cannot start, are in the{' '}
                <Link to={paths.headhunterTerms()}>Headhunter terms</Link>.
              </>
            ),
          },
          ...(scoutOn
            ? [
                {
                  q: 'Is there a way to pay only when we hire?',
                  a: (
                    <>
                      Yes: <Link to={paths.scout()}>Scout</Link> gives you a recruiter for {RECRUITER_WEEKS} weeks with nothing up front, and a fee
                      of {SCOUT_FEE_PERCENT}% of the first-year salary when you hire.
                    </>
                  ),
                },
              ]
            : []),
        ],
        form: {
          title: 'Talk to us first',
          intro: 'Several roles at once, a senior hire, or not sure Headhunter fits? Tell us and we answer within one working day.',
          copy: {
            label: 'Ask about Headhunter',
            company: { label: 'Startup' },
            message: { label: 'Your question', hint: 'The role or roles, where they are based, and when you need the people.' },
            submit: 'Send',
            sent: { title: 'Thank you, {name}', text: SENT_TEXT },
          },
        },
      };
    case 'communityProgram':
      return {
        title: 'The community program',
        description: `For accelerators, incubators, founder communities and university startup programmes in the Nordics: free Boosts for your startups and a job board of your own on ${productName}.`,
        lead: `Accelerators, incubators, founder communities and university startup programmes help Nordic startups hire their first people. The ${productName} community program gives your startups free reach, and gives your community a job board of its own, for free.`,
        facts: [
          { figure: '2 free Boosts', text: 'a year for every startup in your community: featured for 14 days and first in the job alerts.' },
          { figure: 'Your job board', text: 'a white-label feed of your startups’ jobs, on your domain, under your name and logo.' },
          { figure: 'Free', text: 'for the community and its startups. No fee, no lock-in.' },
        ],
        stepsTitle: 'How it works',
        steps: [
          { title: 'Apply', text: 'Tell us about your community below: who you are, how many startups you work with and where.' },
          { title: 'A short call', text: 'Within five working days we call you to agree how you announce the program to your startups.' },
          { title: 'Your job board goes up', text: 'We set up a white-label feed with your startups’ jobs. Point a domain of yours at it, or link to it.' },
          { title: 'Your startups hire', text: 'Each member startup gets its Boost codes, posts its jobs for free, and reaches talent across the Nordics.' },
        ],
        questions: [
          {
            q: 'Who can join?',
            a: 'Communities that work with startups in Denmark, Sweden, Norway, Finland or Iceland and have at least five startups: accelerators, incubators, founder and alumni networks, co-working spaces, university programmes and meetups. Investors’ portfolios are welcome too.',
          },
          {
            q: 'What do the startups get?',
            a: (
              <>
                Free job posts, as every startup on {productName} has, plus two free Boosts a year and access to the{' '}
                <Link to={paths.deals()}>deals for startups</Link>. The usual price of a Boost is on the <Link to={paths.pricing()}>pricing page</Link>.
              </>
            ),
          },
          {
            q: 'What does talent get?',
            a: (
              <>
                One place with every open job in your community, on your own job board, and the same jobs in the{' '}
                <Link to={paths.jobs()}>job search</Link> and the job alerts of {productName}.
              </>
            ),
          },
          {
            q: 'What is a white-label feed?',
            a: (
              <>
                A job board on your domain that lists the jobs you choose, under your name and logo, and stays up to date by itself.{' '}
                <Link to={paths.startupsWhiteLabelFeed()}>See a live white-label feed</Link>.
              </>
            ),
          },
          {
            q: 'What do you ask in return?',
            a: 'That you tell your startups about the program, and link to your job board from your website. Nothing else.',
          },
        ],
        form: {
          title: 'Apply for your community',
          intro: 'We answer every application within five working days.',
          copy: {
            label: 'Apply for the community program',
            company: { label: 'Community or organisation' },
            message: { label: 'About your community', hint: 'What it does, where, how many startups you work with, and your website.' },
            submit: 'Send application',
            sent: { title: 'Thank you, {name}', text: 'We have your application and answer within five working days, by e-mail to {email}.' },
          },
        },
      };
  }
}

export const handle: RouteHandle<ServiceData> = {
  meta: ({ data, productName }) => {
    const copy = copyOf(data.service, productName, false);
    return { title: copy.title, description: copy.description };
  },
};

/** The Headhunter plan's price in each price country, from the one price table. */
function HeadhunterPrices() {
  return (
    <section className="service-section" aria-labelledby="headhunter-prices">
      <h2 id="headhunter-prices">The price per job</h2>
      <table className="service-prices">
        <caption className="visually-hidden">The Headhunter plan's price per job, by country</caption>
        <thead>
          <tr>
            <th scope="col">Where your startup is</th>
            <th scope="col">Headhunter, per job</th>
          </tr>
        </thead>
        <tbody>
          {PRICE_COUNTRIES.map((code) => {
            const price = HEADHUNTER.prices[code];
            return (
              <tr key={code}>
                <th scope="row">{code === 'EU' ? 'Anywhere else' : countryName(code)}</th>
                <td>{formatMoney(toMinor(price.amount, price.currency), price.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">Prices exclude VAT. Everything in the Max plan is included.</p>
    </section>
  );
}

/** What the grades mean: the scale every recruiter grades on. */
function GradeScale() {
  return (
    <section className="service-section" aria-labelledby="service-grades">
      <h2 id="service-grades">What the grades mean</h2>
      <ol className="grade-scale" reversed>
        {GRADES.map((g) => (
          <li key={g.grade} className="grade-scale__item">
            <span className="grade-scale__grade" aria-hidden="true">
              {g.grade}
            </span>
            <span>
              <span className="visually-hidden">{`${g.grade}: `}</span>
              {g.text}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Component() {
  const { service } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { productName, headhunter, auth } = useRootData();
  const copy = copyOf(service, productName, headhunter);
  const formTitle = `${service}-form-title`;
  return (
    <div className="page container service-page">
      <header className="page-head service-hero">
        {service === 'scout' ? <p className="service-hero__eyebrow"><span className="badge badge--new">NEW</span> Recruiting, paid per hire</p> : null}
        <h1>{copy.title}</h1>
        <p className="page-head__lead">{copy.lead}</p>
        <p className="cta__actions">
          <a href={`#${formTitle}`} className="button button--primary button--large">
            {copy.form.title}
          </a>
          {service === 'headhunter' ? (
            <Link to={paths.startupsJoin()} className="button button--ghost button--large">
              Post a job
            </Link>
          ) : null}
        </p>
      </header>

      <ul className="service-facts" aria-label="In short">
        {copy.facts.map((fact) => (
          <li key={fact.figure} className="service-facts__item">
            <span className="service-facts__figure">{fact.figure}</span>
            <span>{fact.text}</span>
          </li>
        ))}
      </ul>

      <section className="service-section" aria-labelledby={`${service}-steps`}>
        <h2 id={`${service}-steps`}>{copy.stepsTitle}</h2>
        <ol className="service-steps">
          {copy.steps.map((step) => (
            <li key={step.title} className="service-steps__item">
              <h3 className="service-steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {service !== 'communityProgram' ? <GradeScale /> : null}
      {service === 'headhunter' ? <HeadhunterPrices /> : null}

      <section className="service-section" aria-labelledby={`${service}-questions`}>
        <h2 id={`${service}-questions`}>Questions</h2>
        <dl className="service-faq">
          {copy.questions.map((item) => (
            <div key={item.q} className="service-faq__item">
              <dt>{item.q}</dt>
              <dd>{item.a}</dd>
            </div>
          ))}
        </dl>
        {service === 'scout' ? (
          <p>
            The fee, the guarantee and how we treat your candidates’ data are set out in the <Link to={paths.scoutTerms()}>Scout terms</Link>.
          </p>
        ) : null}
        {service === 'headhunter' ? (
          <p>
            What the plan includes, its refunds and how we treat your candidates’ data: the <Link to={paths.headhunterTerms()}>Headhunter terms</Link>.
          </p>
        ) : null}
      </section>

      <section className="service-request" aria-labelledby={formTitle}>
        <div className="service-request__intro">
          <h2 id={formTitle} tabIndex={-1}>
            {copy.form.title}
          </h2>
          <p>{copy.form.intro}</p>
        </div>
        <ContactForm kind={KIND[service]} captcha={auth.captcha} copy={copy.form.copy} result={result} />
      </section>
    </div>
  );
}
