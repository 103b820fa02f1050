/**
 * `/startups/{key}/welcome` (spec 2.1): where a startup's members land after an admin approved it
 * (the approval mail links here): the next steps, each linking to a page that exists.
 *
 * Who sees it: the page is about what the team does next, so it is for the startup's members (and
 * the site's admins). A signed-out visitor is sent to sign in and comes back (the sdk auth guard:
 * the mail's link may be opened signed out); a signed-in visitor who is neither gets the 404 of an
 * unknown page, as for any page that is not theirs, and an unknown key is a 404 too.
 */
import { linkTo, paths } from '@nordlys/sdk/routes';
import type { Company } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { StatusBadge } from '../../../components/ClientNav';
import { apiFrom, siteContext } from '../../../api';
import { signedInArea } from '../../../layouts/areas';
import { notFound, orRouteError } from '../../../lib/routeErrors';
import type { RouteHandle } from '../../../meta';

interface WelcomeData {
  productName: string;
  company: Pick<Company, 'key' | 'name' | 'status'>;
  /** Optional parts of the profile still empty, as the profile step names them. */
  emptyParts: string[];
}

export async function loader(args: LoaderFunctionArgs): Promise<WelcomeData> {
  const user = await signedInArea(args);
  const key = args.params.id ?? '';
  if (!user || (!user.isAdmin && !user.companies.some((c) => c.key === key))) notFound();
  const company = await orRouteError(apiFrom(args.context).companies.hidden(key));
  const emptyParts = [
    company.coverImage ? null : 'a cover image',
    company.galleryImages.length ? null : 'gallery pictures',
    company.team.length ? null : 'your team',
    company.perks.length ? null : 'perks',
    company.keyFigures.length ? null : 'key figures',
  ].filter((part): part is string => part !== null);
  return {
    productName: args.context.get(siteContext).productName,
    company: { key: company.key, name: company.name, status: company.status },
    emptyParts,
  };
}

export const handle: RouteHandle<WelcomeData> = {
  meta: ({ data }) => ({ title: `Welcome, ${data.company.name}`, noindex: true }),
};

function listed(parts: string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

export function Component() {
  const { productName, company, emptyParts } = useLoaderData<typeof loader>();
  const live = company.status === 'ACTIVE';
  // Post the first job: its own form once that page exists, the jobs page until then.
  const newJob = linkTo('companyAdminNewJob', { company: company.key }) ?? paths.companyAdmin(company.key, 'jobs');
  return (
    <div className="page container">
      <header className="page-head">
        <h1>{`Welcome to ${productName}, ${company.name}!`}</h1>
        <p className="page-head__lead">
          {live ? (
            <>
              Your startup is approved and its page is public. Here is how to get the most out of it.
            </>
          ) : (
            <>
              Status: <StatusBadge status={company.status} /> Your page is not public yet: an admin approves it first. You can prepare
              meanwhile.
            </>
          )}
        </p>
      </header>
      <ol className="next-steps">
        <li>
          <h2>Complete your profile</h2>
          <p>
            {emptyParts.length
              ? `Talent reads your page before they apply. Add ${listed(emptyParts)} to show what it is like to work with you.`
              : 'Your profile has every part filled in. Keep it current as you grow.'}
          </p>
          <p>
            <Link to={paths.companyAdmin(company.key, 'edit')}>Edit your profile</Link>
          </p>
        </li>
        <li>
          <h2>Post your first job</h2>
          <p>Jobs are what talent searches for. Each job links back to your page.</p>
          <p>
            <Link to={newJob}>Go to your jobs</Link>
          </p>
        </li>
        <li>
          <h2>Add the job widget to your site</h2>
          <p>Show your open jobs on your own website. Your dashboard has the snippet to paste, with links search engines can follow.</p>
          <p>
            <Link to={paths.companyAdmin(company.key)}>Get the widget on your dashboard</Link>
          </p>
        </li>
      </ol>
      {live ? (
        <p className="client-section">
          <Link to={paths.startup(company.key)} className="button button--ghost">
            See your public page
          </Link>
        </p>
      ) : null}
    </div>
  );
}
