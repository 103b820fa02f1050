/**
 * `/profile-settings/{id}` (spec 2.1, issue #13): the settings page of one of the signed-in user's
 * profiles, reached from the account menu's "Profile settings". `{id}` is sdk profileSettingsId:
 * 'applicant', 'company-{key}' or 'investor-{key}'; a profile that is not the user's (on this
 * platform) is 404, and a visitor is sent to sign in ('/?to=…', as /settings).
 *
 * What the page holds (our choice; the spec names the page and the profile entry of spec 3 only):
 * - the profile entry itself: its name, its type label (Startup, Investor, Talent), '(Draft)' or its
 *   additional info (country codes), and its description;
 * - "Make this my default profile": the user record's saved choice (PUT users/me `profile`, spec 7),
 *   the profile the user starts with at each sign-in (spec 4). It says so when it already is (or is the
 *   user's only profile, selected anyway), and "Use this profile now" selects it for this session (the
 *   cookie, spec 4) when another one is;
 * - the profile's own pages: for talent the talent profile, My jobs, Email notifications (the
 *   applicant settings) and the "Delete talent profile" zone; for a startup its edit page, settings,
 *   applicants and jobs; for an investor its edit page and settings;
 * - a link to My Account (/settings) for what belongs to the account, not the profile.
 * Editing happens on those pages: one home for each form.
 */
import { isApiError } from '@nordlys/sdk/api';
import { countryName } from '@nordlys/sdk/constants';
import { auth } from '@nordlys/sdk/guards';
import { findProfileBySettingsId, selectionOf, toSavedChoice } from '@nordlys/sdk/profiles';
import { paths } from '@nordlys/sdk/routes';
import type { ProfileEntry, User } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../lib/Link';
import { apiFrom } from '../api';
import { DELETE_TALENT_PROFILE_ID } from '../components/TalentProfileForm';
import { failureMessage } from '../components/form/errors';
import { notFound, rethrowAsRouteError } from '../lib/routeErrors';
import type { RouteHandle } from '../meta';
import { FormAlert, FormStatus } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { profilesOf, useSession } from '../session';

interface ProfileSettingsData {
  profile: ProfileEntry;
}

/** spec 2.12: logged-out visitors go to '/?to=…' (the sdk auth guard); a profile that is not theirs is 404. */
export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<ProfileSettingsData> {
  let user: User;
  try {
    user = await apiFrom(context).users.me();
  } catch (error) {
    // 401: not logged in; 403: the session ended (spec 8).
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      const url = new URL(request.url);
      const guard = auth(null, { path: url.pathname, params: {} }, url.searchParams);
      if (!guard.allow) throw redirect(guard.redirect);
    }
    rethrowAsRouteError(error);
  }
  const profile = findProfileBySettingsId(profilesOf(user), params.id ?? '');
  if (!profile) notFound('This profile could not be found');
  return { profile };
}

export const handle: RouteHandle<ProfileSettingsData> = {
  meta: ({ data }) => ({ title: `Profile settings · ${data.profile.name}`, noindex: true }),
};

interface PageLink {
  label: string;
  href: string;
  text: string;
}

/** The profile's own pages, where its settings are edited. */
function pagesOf(profile: ProfileEntry): PageLink[] {
  switch (profile.type) {
    case 'applicant':
      return [
        { label: 'Talent profile', href: paths.applicant(), text: 'Your name, photo, headline, CV, categories and whether startups may find you.' },
        { label: 'My jobs', href: paths.myJobs(), text: 'The jobs you saved, marked as interesting or applied to.' },
        { label: 'Email notifications', href: paths.applicantSettings(), text: 'The job e-mails you get.' },
      ];
    case 'company':
      return [
        { label: 'Edit startup profile', href: paths.companyAdmin(profile.key, 'edit'), text: 'What talent sees on your startup page.' },
        { label: 'Startup settings', href: paths.companyAdmin(profile.key, 'settings'), text: 'Career domain, application notices, team and invoices.' },
        { label: 'Applicants', href: paths.companyApplicants(profile.key), text: 'Everyone who applied, stage by stage.' },
        { label: 'Jobs', href: paths.companyAdmin(profile.key, 'jobs'), text: 'Your job posts and how they do.' },
      ];
    case 'investor':
      return [
        { label: 'Edit investor profile', href: paths.investorAdmin(profile.key, 'edit'), text: 'What founders see on your investor page.' },
        { label: 'Investor settings', href: paths.investorAdmin(profile.key, 'settings'), text: 'Your team and how founders reach you.' },
      ];
  }
}

/** spec 2.11's line under a profile's name: '(Draft)', or its additional info (country codes, by name here). */
function additionalText(profile: ProfileEntry): string | null {
  if (profile.isDraft) return '(Draft)';
  return profile.additional.length ? profile.additional.map((code) => countryName(code)).join(', ') : null;
}

/** "Make this my default profile" (PUT users/me profile), and "Use this profile now" (the cookie). */
function DefaultProfile({ profile }: { profile: ProfileEntry }) {
  const api = useApi();
  const session = useSession();
  const saving = useGuardedSubmit();
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const choice = toSavedChoice(selectionOf(profile));
  const isDefault = session.user?.profile === choice;
  const isSelected = session.profile?.type === profile.type && session.profile.key === profile.key;

  async function makeDefault() {
    setAlert(null);
    setStatus('');
    try {
      const result = await saving.submit(async () => {
        await api.users.updateMe({ profile: choice });
        await session.refresh();
      });
      if (!result.ignored) setStatus(`${profile.name} is now your default profile.`);
    } catch (error) {
      setAlert(failureMessage(error, 'Your default profile could not be saved. Please try again.'));
    }
  }

  async function useNow() {
    setAlert(null);
    await session.selectProfile(selectionOf(profile));
    setStatus(`You are now using ${profile.name}.`);
  }

  return (
    <section className="account-section" aria-labelledby="profile-default">
      <h2 id="profile-default">Default profile</h2>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {session.profiles.length === 1 ? (
        <p>
          <strong>This is your only profile,</strong> so you always start with it when you log in.
        </p>
      ) : isDefault ? (
        <p>
          <strong>This is your default profile.</strong> You start with it each time you log in.
        </p>
      ) : (
        <>
          <p>Start with {profile.name} each time you log in, whichever profile you use now.</p>
          <button type="button" className="button button--primary" aria-disabled={saving.busy || undefined} aria-busy={saving.busy || undefined} onClick={() => void makeDefault()}>
            {saving.busy ? 'Saving…' : 'Make this my default profile'}
          </button>
        </>
      )}
      {isSelected ? null : (
        <p>
          <button type="button" className="button button--ghost" onClick={() => void useNow()}>
            Use this profile now
          </button>
        </p>
      )}
      <div aria-live="polite">{status ? <FormStatus>{status}</FormStatus> : null}</div>
    </section>
  );
}

export function Component() {
  const { profile } = useLoaderData<typeof loader>();
  const additional = additionalText(profile);
  return (
    <div className="container page account-page profile-settings">
      <header className="page-head">
        <p className="page-head__kind">
          <span className="badge">{profile.typeLabel}</span> Profile settings
        </p>
        <h1>{profile.name}</h1>
        {additional ? <p className="muted">{additional}</p> : null}
        <p className="page-head__lead">{profile.description}</p>
      </header>

      {/* Another profile's page in the same tab: its own state. */}
      <DefaultProfile key={`${profile.type}:${profile.key}`} profile={profile} />

      <section className="account-section" aria-labelledby="profile-pages">
        <h2 id="profile-pages">Settings and pages</h2>
        <ul className="profile-settings__links">
          {pagesOf(profile).map((page) => (
            <li key={page.href}>
              <Link to={page.href}>{page.label}</Link>
              <span className="muted"> – {page.text}</span>
            </li>
          ))}
        </ul>
        <p className="muted">
          Your name, e-mail and password belong to your account: <Link to={paths.account()}>My Account</Link>.
        </p>
      </section>

      {profile.type === 'applicant' ? (
        <section className="account-section" aria-labelledby="profile-delete">
          <h2 id="profile-delete">Delete talent profile</h2>
          <p>
            Deleting your talent profile removes it with your CVs, applications and saved jobs. Your account stays.{' '}
            <Link to={`${paths.applicant()}#${DELETE_TALENT_PROFILE_ID}`}>Go to Delete talent profile</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
