/** `/client/investors/{investor}/profile` (spec 2.3): the investor's public page as founders see it, the same component, with an "Edit" link. */
import { paths } from '@nordlys/sdk/routes';
import type { Investor } from '@nordlys/sdk/schemas';
import { isInvestorPublic } from '@nordlys/sdk/visibility';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../../../../api';
import { InvestorProfile } from '../../../../components/InvestorProfile';
import { investorArea } from '../../../../layouts/areas';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';

interface ProfileData {
  investor: Investor;
}

export async function loader(args: LoaderFunctionArgs): Promise<ProfileData> {
  const { key } = await investorArea(args);
  return { investor: await orRouteError(apiFrom(args.context).investors.hidden(key)) };
}

export const handle: RouteHandle<ProfileData> = {
  meta: ({ data }) => ({ title: `Profile · ${data.investor.name}`, noindex: true }),
};

export function Component() {
  const { investor } = useLoaderData<typeof loader>();
  return <InvestorProfile investor={investor} preview={!isInvestorPublic(investor)} editHref={paths.investorAdmin(investor.key, 'edit')} />;
}
