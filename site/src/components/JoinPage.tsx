/**
 * The entry pages /startups/join and /investors/join: what a startup or an investor gets, then the
 * next step: 'Sign up' (the auth modal; /emailsignup without JavaScript) when logged out, the
 * user's own profiles or the profile form when logged in.
 */
import { PATHS, signInPath } from '@nordlys/sdk/navigation';
import { selectionOf } from '@nordlys/sdk/profiles';
import type { ProfileEntry } from '@nordlys/sdk/schemas';
import type { MouseEvent } from 'react';
import { Link } from '../lib/Link';
import { useSession } from '../session/SessionProvider';
import { Icon } from './Icon';
import { ProfileCard } from './ProfileCard';

export interface Benefit {
  title: string;
  text: string;
}

export interface JoinPageProps {
  /** This page's path, where signing up comes back to. */
  path: string;
  kind: ProfileEntry['type'];
  title: string;
  lead: string;
  benefits: Benefit[];
  /** The 'new profile' form of this kind. */
  newPath: string;
  /** 'startup' or 'investor', in the next-step texts. */
  noun: string;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function NextStep({ path, kind, newPath, noun }: Pick<JoinPageProps, 'path' | 'kind' | 'newPath' | 'noun'>) {
  const session = useSession();
  const { user, profiles } = session;
  if (!user) {
    const open = (step: 'signup-landing' | 'signin') => (event: MouseEvent<HTMLAnchorElement>) => {
      if (!plainClick(event)) return;
      event.preventDefault();
      session.openAuth({ step, to: path });
    };
    return (
      <div className="cta join__next">
        <h2>Get started</h2>
        <p>Create your free account, then your {noun} profile.</p>
        <p className="cta__actions">
          <a href={PATHS.emailSignup} className="button button--primary button--large" onClick={open('signup-landing')}>
            Sign up
          </a>
          <a href={signInPath(path)} className="button button--ghost button--large" onClick={open('signin')}>
            Log in
          </a>
        </p>
      </div>
    );
  }
  const own = profiles.filter((p) => p.type === kind);
  if (!own.length) {
    return (
      <div className="cta join__next">
        <h2>Next: your {noun} profile</h2>
        <p>You are signed in as {user.fullName}. Create your {noun} profile to continue.</p>
        <p className="cta__actions">
          <Link to={newPath} className="button button--primary button--large">
            Create your {noun} profile <Icon name="arrow-right" />
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="cta join__next">
      <h2>Your {noun} profiles</h2>
      <ul className="profile-cards">
        {own.map((profile) => (
          <li key={profile.key}>
            <ProfileCard profile={profile} onOpen={() => void session.selectProfile(selectionOf(profile))} />
          </li>
        ))}
      </ul>
      <p className="cta__actions">
        <Link to={newPath} className="button button--ghost">
          Create another {noun} profile
        </Link>
      </p>
    </div>
  );
}

export function JoinPage({ path, kind, title, lead, benefits, newPath, noun }: JoinPageProps) {
  return (
    <div className="page container join">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="page-head__lead">{lead}</p>
      </header>
      <section aria-labelledby="join-benefits" className="join__benefits">
        <h2 id="join-benefits">What you get</h2>
        <ul className="benefits">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="benefit">
              <Icon name="check" className="benefit__icon" />
              <div>
                <h3 className="benefit__title">{benefit.title}</h3>
                <p>{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <NextStep path={path} kind={kind} newPath={newPath} noun={noun} />
    </div>
  );
}
