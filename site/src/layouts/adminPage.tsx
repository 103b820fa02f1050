/**
 * The startup and investor admin pages whose forms and lists come in later releases: guarded like
 * their layout, titled after the startup or investor, a heading and what comes next.
 */
import { companyAdminPath, investorAdminPath } from '@nordlys/sdk/navigation';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { RouteHandle } from '../meta';
import { companyArea, investorArea, type AreaOwner } from './areas';

export interface AdminPageText {
  title: string;
  lead: (owner: AreaOwner) => string;
  /** What this page will do, and that it comes later. */
  next: string;
}

export interface AdminPageData {
  owner: AreaOwner;
}

/** A route module (loader, handle, Component) for an admin page of a startup or an investor. */
export function adminPage(kind: 'company' | 'investor', text: AdminPageText) {
  const area = kind === 'company' ? companyArea : investorArea;
  const dashboard = kind === 'company' ? companyAdminPath : investorAdminPath;

  async function loader(args: LoaderFunctionArgs): Promise<AdminPageData> {
    return { owner: await area(args) };
  }

  const handle: RouteHandle<AdminPageData> = {
    meta: ({ data }) => ({ title: `${text.title} · ${data.owner.name}`, noindex: true }),
  };

  function Component() {
    const { owner } = useLoaderData<typeof loader>();
    return (
      <div>
        <header className="page-head">
          <h1>{text.title}</h1>
          <p className="page-head__lead">{text.lead(owner)}</p>
        </header>
        <div className="notice notice--coming">
          <p>{text.next}</p>
          {/* A draft has no dashboard yet (spec 2.12 sends it back here). */}
          {owner.status === 'DRAFT' ? null : (
            <p>
              <Link to={dashboard(owner.key)}>Back to the {owner.name} dashboard</Link>
            </p>
          )}
        </div>
      </div>
    );
  }

  return { loader, handle, Component };
}
