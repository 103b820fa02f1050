/**
 * `/client/followed-startups` (spec 2.2, spec 4 follow and unfollow, issue #13): the startups the
 * user follows, last followed first, each with its open jobs count and "Unfollow". Unfollowing takes
 * the startup out of the list at once; a refusal puts it back (the page's FlagsProvider rolls back and
 * says why). Open to every signed-in user: the investor header links here too (spec 2.8).
 */
import { countLabel, shareText } from '@nordlys/sdk/format';
import { PATHS } from '@nordlys/sdk/navigation';
import { paths } from '@nordlys/sdk/routes';
import type { FollowedCompany } from '@nordlys/sdk/schemas';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { CompanyLogo } from '../../components/CompanyLogo';
import { failureMessage } from '../../components/form/errors';
import { Icon } from '../../components/Icon';
import { LoadFailed } from '../../components/LoadFailed';
import { signedInArea } from '../../layouts/areas';
import { useRemovalFocus } from '../../lib/useRemovalFocus';
import type { RouteHandle } from '../../meta';
import { useViewerFlags } from '../../session/flags';

type FollowedData = { ok: true; companies: FollowedCompany[] } | { ok: false; message: string };

export async function loader(args: LoaderFunctionArgs): Promise<FollowedData> {
  await signedInArea(args);
  return apiFrom(args.context)
    .applicant.followed()
    .then(
      (list) => ({ ok: true as const, companies: list.companies }),
      (error: unknown) => ({ ok: false as const, message: failureMessage(error, 'Please try again in a moment.') }),
    );
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Followed startups', noindex: true }),
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  const flags = useViewerFlags();
  const revalidator = useRevalidator();
  const list = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState('');
  // All of them until the flags load; then those still followed (an unfollow takes one out at once).
  const companies = data.ok ? data.companies.filter((f) => !flags.flags || flags.isFollowing(f.company.key)) : [];
  const names = useRef(new Map<string, string>());
  for (const f of companies) names.current.set(f.company.key, f.company.name);
  useRemovalFocus(
    companies.map((f) => f.company.key),
    list,
    (gone) => setSaid(gone.map((key) => `You no longer follow ${names.current.get(key) ?? 'the startup'}.`).join(' ')),
  );

  return (
    <div className="page container">
      <header className="page-head">
        <h1>Followed startups</h1>
        <p className="page-head__lead">Keep an eye on the startups you care about and see their new jobs first.</p>
      </header>
      <div ref={list} tabIndex={-1} className="tab-panel" aria-busy={revalidator.state === 'loading' || undefined}>
        <p role="status" className="visually-hidden">
          {said}
        </p>
        {!data.ok ? (
          <LoadFailed
            title="The startups you follow could not be loaded"
            message={data.message}
            busy={revalidator.state === 'loading'}
            onRetry={() => void revalidator.revalidate()}
          />
        ) : companies.length ? (
          <ul className="mark-list" aria-label="Startups you follow">
            {companies.map((followed) => (
              <li key={followed.company.key}>
                <FollowedCard followed={followed} onUnfollow={() => flags.setFollowing(followed.company.key, false).catch(() => {})} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="empty-state">
            <Icon name="building" className="empty-state__icon" />
            <h2 className="empty-state__title">You follow no startups yet</h2>
            <p>Startups you follow will appear here, with their open jobs. Press Follow on a startup's page or card to add it.</p>
            <p className="empty-state__actions">
              <Link to={PATHS.startups} className="button button--primary">
                Browse startups
              </Link>
              <Link to={PATHS.jobs} className="button button--ghost">
                Find jobs
              </Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function FollowedCard({ followed, onUnfollow }: { followed: FollowedCompany; onUnfollow: () => void }) {
  const { company, openJobs } = followed;
  const titleId = `followed-${company.key}`;
  return (
    <article className="followed-card" aria-labelledby={titleId}>
      <div className="followed-card__head">
        <CompanyLogo company={company} size={48} />
        <h2 id={titleId} className="followed-card__name">
          <Link to={paths.startup(company.key)}>{company.name}</Link>
        </h2>
      </div>
      {company.whatWeDo ? <p className="followed-card__text">{shareText(company.whatWeDo, 140)}</p> : null}
      <p className="followed-card__actions">
        {openJobs ? (
          <Link to={`${paths.startup(company.key)}#open-jobs`} className="button button--ghost button--small">
            <Icon name="briefcase" /> {countLabel(openJobs, 'open job')}
            <span className="visually-hidden"> at {company.name}</span>
          </Link>
        ) : (
          <span className="muted">No open jobs right now</span>
        )}
        <button type="button" className="button button--ghost button--small" onClick={onUnfollow}>
          Unfollow<span className="visually-hidden"> {company.name}</span>
        </button>
      </p>
    </article>
  );
}
