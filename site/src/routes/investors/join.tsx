/** `/investors/join`: the entry page for investors: what they get, then sign up or the next step. */
import { paths } from '@nordlys/sdk/routes';
import { PATHS } from '@nordlys/sdk/navigation';
import { JoinPage } from '../../components/JoinPage';
import type { RouteHandle } from '../../meta';

export async function loader(): Promise<{ ok: true }> {
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({
    title: 'For investors',
    description: 'List your fund or angel profile where Nordic founders look for investors.',
  }),
};

const BENEFITS = [
  { title: 'Be found by Nordic founders', text: 'Your profile in the investor list, with your intro, key people and investments.' },
  { title: 'Your portfolio, in one view', text: 'Show the startups you back and follow how they hire.' },
  { title: 'Shared with the sister platform', text: 'One log-in and one profile for the investor and impact platform too.' },
];

export function Component() {
  return (
    <JoinPage
      path={PATHS.investorsJoin}
      kind="investor"
      noun="investor"
      title="For investors"
      lead="List your fund or angel profile where Nordic founders look for investors."
      benefits={BENEFITS}
      newPath={paths.investorNew()}
    />
  );
}
