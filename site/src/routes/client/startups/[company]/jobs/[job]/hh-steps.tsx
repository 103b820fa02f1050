/**
 * `/client/startups/{company}/jobs/{job}/hh-steps` (spec 2.4, issue #12): the Headhunter steps for a job
 * on the Headhunter plan: what the recruiter does over the plan's weeks (sdk PLANS recruiterWeeks), step
 * by step, and what the startup does at each. A job on another plan is told so, with the way to the plans.
 */
import { planById } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { ManagedJob } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../../lib/Link';
import type { AreaOwner } from '../../../../../../layouts/areas';
import { choosesPlan, managedJob } from '../../../../../../lib/jobPages';
import type { RouteHandle } from '../../../../../../meta';

interface HhStepsData {
  owner: AreaOwner;
  job: ManagedJob;
}

export async function loader(args: LoaderFunctionArgs): Promise<HhStepsData> {
  return managedJob(args);
}

export const handle: RouteHandle<HhStepsData> = {
  meta: ({ data }) => ({ title: `Headhunter steps · ${data.job.title}`, noindex: true }),
};

export interface HeadhunterStep {
  when: string;
  title: string;
  recruiter: string;
  you: string;
}

/** The steps of a Headhunter search that runs for `weeks` weeks. */
export function headhunterSteps(weeks: number): HeadhunterStep[] {
  return [
    {
      when: 'Day 1',
      title: 'Kick-off call',
      recruiter: 'Gets in touch within one working day and books a 30-minute call to learn the role, the team and what a great hire looks like.',
      you: 'Join the call, and share the salary range and the must-haves.',
    },
    {
      when: 'Week 1',
      title: 'Scorecard and search plan',
      recruiter: 'Writes a scorecard from the call (the skills and signals each candidate is graded on) and sends it for your approval.',
      you: 'Approve or adjust the scorecard within two working days.',
    },
    {
      when: 'Weeks 1–2',
      title: 'Sourcing',
      recruiter: 'Searches talent on the site and in the recruiter network, and invites people who fit to apply.',
      you: 'Share the job with your network too: the confirmation page has the links.',
    },
    {
      when: `Weeks 2–${weeks}`,
      title: 'Screening and grading',
      recruiter: 'Screens every applicant by phone and grades them against the scorecard, with notes in your applicant pipeline.',
      you: 'Look at the graded candidates each week and move the ones you want to meet forward.',
    },
    {
      when: 'Every week',
      title: 'Shortlist check-in',
      recruiter: 'Sends a short update: new candidates, grades, and the shortlist.',
      you: 'Reply with feedback on the candidates you met, so the search sharpens.',
    },
    {
      when: `Until week ${weeks}`,
      title: 'Interviews and offer',
      recruiter: 'Prepares candidates for your interviews, collects their feedback and helps close the offer.',
      you: 'Run the interviews and make the offer.',
    },
    {
      when: `Week ${weeks}`,
      title: 'Wrap-up',
      recruiter: 'Sends a final report: who was reached, screened and shortlisted, and why.',
      you: 'Tell us how it went.',
    },
  ];
}

export function Component() {
  const { owner, job } = useLoaderData<typeof loader>();
  const plan = planById('headhunter');
  const dashboard = paths.companyJob(owner.key, job.id);

  if (job.manage.plan !== 'headhunter') {
    return (
      <div>
        <header className="page-head">
          <h1>Headhunter steps</h1>
          <p className="page-head__lead">{job.title}</p>
        </header>
        <div className="notice" role="note">
          <p>
            This job is on the {planById(job.manage.plan).name} plan, and these steps are for the {plan.name} plan: {plan.tagline}
          </p>
          <p>
            {choosesPlan(job) ? (
              <>
                <Link className="button button--primary" to={paths.companyJob(owner.key, job.id, 'monetise')}>
                  See the plans
                </Link>{' '}
              </>
            ) : null}
            <Link to={dashboard}>Back to the job</Link>
          </p>
        </div>
      </div>
    );
  }

  const steps = headhunterSteps(plan.recruiterWeeks);
  return (
    <div className="hh-steps">
      <header className="page-head">
        <h1>Headhunter steps</h1>
        <p className="page-head__lead">
          For <Link to={dashboard}>{job.title}</Link>. {plan.tagline} Over {plan.recruiterWeeks} weeks, here is what happens and what we need from
          you.
        </p>
      </header>
      <ol className="hh-steps__list">
        {steps.map((step, index) => (
          <li key={step.title} className="hh-step">
            <p className="hh-step__when">
              <span className="visually-hidden">Step {index + 1}, </span>
              {step.when}
            </p>
            <h2 className="hh-step__title">{step.title}</h2>
            <dl className="hh-step__who">
              <div>
                <dt>The recruiter</dt>
                <dd>{step.recruiter}</dd>
              </div>
              <div>
                <dt>You</dt>
                <dd>{step.you}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
      <p>
        <Link className="button button--primary" to={dashboard}>
          Go to the job
        </Link>{' '}
        <Link className="button button--ghost" to={companyApplicants(owner.key)}>
          See the applicants
        </Link>
      </p>
    </div>
  );
}

const companyApplicants = (key: string) => paths.companyAdmin(key, 'applicants');
