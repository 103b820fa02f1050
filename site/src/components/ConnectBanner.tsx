/**
 * The banner of spec 2.9: it invites a company user without a professional-network connection to
 * connect it and import jobs for free, only on /startups/join, /pricing and the company dashboard.
 */
import { companyAdminPath, showConnectBanner } from '@nordlys/sdk/navigation';
import { useLocation, useMatches } from 'react-router';
import { Link } from '../lib/Link';
import { useSession } from '../session/SessionProvider';

/** What a page's loader data may say about the selected company's connection (Company.linkedinId). */
export interface ConnectionData {
  linkedinConnected?: boolean;
}

/**
 * Whether a loader of the current page knows the company is connected. The user answer carries no
 * linkedinId, so on pages that do not load the company the connection is unknown and the banner shows.
 */
function useLinkedinConnected(companyKey: string | null): boolean {
  const matches = useMatches();
  if (!companyKey) return false;
  return matches.some((match) => {
    const data = match.loaderData as (ConnectionData & { companyKey?: string }) | undefined;
    return data?.linkedinConnected === true && data.companyKey === companyKey;
  });
}

export function ConnectBanner() {
  const { pathname } = useLocation();
  const { profile, authSettings } = useSession();
  const linkedinConnected = useLinkedinConnected(profile?.type === 'company' ? profile.key : null);
  if (!profile || !showConnectBanner({ path: pathname, profile, linkedinConnected })) return null;
  const network = authSettings.provider?.name ?? 'your professional network';
  return (
    <aside className="connect-banner" aria-labelledby="connect-banner-title">
      <div className="container connect-banner__inner">
        <p className="connect-banner__text">
          <strong id="connect-banner-title">{`Connect ${profile.name} to ${network}`}</strong>{' '}
          <span>and import your jobs for free.</span>
        </p>
        <Link to={companyAdminPath(profile.key, 'settings')} className="button button--primary">
          {authSettings.provider ? `Connect ${authSettings.provider.name}` : 'Connect now'}
        </Link>
      </div>
    </aside>
  );
}
