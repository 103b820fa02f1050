/** `/startups/join`: the entry page for startups: what they get, then sign up or the next step. */
import { paths } from '@nordlys/sdk/routes';
import { PATHS } from '@nordlys/sdk/navigation';
import { JoinPage } from '../../components/JoinPage';
import type { RouteHandle } from '../../meta';

export async function loader(): Promise<{ ok: true }> {
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({
    title: 'Hire for your startup',
    description: 'Post jobs, meet talent from across the Nordics and manage your applicants in one place.',
  }),
};

const BENEFITS = [
  { title: 'Reach Nordic startup talent', text: 'Your jobs in front of people who want to work at a startup, across Denmark, Sweden, Norway, Finland, Iceland and remote.' },
  { title: 'A startup page that sells you', text: 'Tell talent what you do, who is on the team, your perks and your investors.' },
  { title: 'Applicants in one pipeline', text: 'Move applicants from applied to hired, with your team.' },
  { title: 'Your jobs on your own site', text: 'A career page on your domain and a job widget for any page, kept up to date for you.' },
];

export function Component() {
  return (
    <JoinPage
      path={PATHS.startupsJoin}
      kind="company"
      noun="startup"
      title="Hire for your startup"
      lead="Post jobs, meet talent from across the Nordics and manage your applicants in one place."
      benefits={BENEFITS}
      newPath={paths.companyNew()}
    />
  );
}
