/** A profile entry (spec 3) as a card: picture, type, name as the link, '(Draft)' or the countries, and the description. */
import { MODAL_TEXTS } from '@nordlys/sdk/modals';
import type { ProfileEntry } from '@nordlys/sdk/schemas';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';

/** The profile's picture, or a monogram of its name (as the profile modals show it); decorative. */
function ProfileImage({ profile, size = 48 }: { profile: Pick<ProfileEntry, 'name' | 'imageLink'>; size?: number }) {
  const logoImage = profile.imageLink ? { sizes: { thumbnail: profile.imageLink } } : null;
  return <CompanyLogo company={{ name: profile.name, logoImage }} size={size} />;
}

export interface ProfileCardProps {
  profile: ProfileEntry;
  /** The selected profile (spec 4). */
  current?: boolean;
  /** Called when the card's link is followed (before the page changes). */
  onOpen?: () => void;
}

export function ProfileCard({ profile, current = false, onOpen }: ProfileCardProps) {
  const extra = profile.isDraft ? MODAL_TEXTS.draft : profile.additional.join(', ');
  return (
    <article className={current ? 'profile-card profile-card--current' : 'profile-card'}>
      <ProfileImage profile={profile} />
      <div className="profile-card__body">
        <p className="profile-card__type">
          {profile.typeLabel}
          {current ? <span className="badge profile-card__current">Current profile</span> : null}
        </p>
        <h2 className="profile-card__name">
          <Link to={profile.link} className="profile-card__link" onClick={onOpen}>
            {profile.name}
          </Link>
        </h2>
        {extra ? <p className="profile-card__extra">{extra}</p> : null}
        <p className="profile-card__description">{profile.description}</p>
      </div>
    </article>
  );
}
