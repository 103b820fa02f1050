/** `/funding/{key}`: an investor's public page (issue #11); its members and admins see a draft as a preview. */
import { shareText } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Investor } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { InvestorProfile } from '../../components/InvestorProfile';
import { canPreview, loadInvestor } from '../../lib/profilePages';
import type { RouteHandle } from '../../meta';
import { htmlText } from '../../components/ProfileParts';
import { useRootData } from '../../root';

interface InvestorData {
  investor: Investor;
  preview: boolean;
}

export function loader({ params, context }: LoaderFunctionArgs): Promise<InvestorData> {
  return loadInvestor(context, params.id ?? '');
}

export const handle: RouteHandle<InvestorData> = {
  meta: ({ data: { investor, preview } }) => ({
    title: `${investor.name}: investor profile`,
    description: investor.intro
      ? shareText(htmlText(investor.intro), 160)
      : `${investor.name} invests in Nordic startups. See its portfolio and how to reach it.`,
    image: (investor.coverImage ?? investor.logoImage)?.sizes.social ?? null,
    type: 'profile',
    canonicalPath: paths.fundingItem(investor.key),
    noindex: preview,
  }),
};

export function Component() {
  const { investor, preview } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  const manage = canPreview(user, 'investor', investor.key);
  return (
    <div className="container page">
      <InvestorProfile investor={investor} preview={preview} editHref={preview && manage ? paths.investorAdmin(investor.key, 'edit') : null} />
    </div>
  );
}
