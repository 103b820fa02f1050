/** A profile's picture (or monogram), name, '(Draft)' or country codes, and description, as the profile modals list them (spec 2.11). */
import type { SwitchProfileOption } from '@nordlys/sdk/modals';
import type { ProfileEntry } from '@nordlys/sdk/schemas';
import { CompanyLogo } from '../components/CompanyLogo';

/** The profile's image, or a monogram of its name; decorative, the name is written beside it. */
export function ProfileImage({ profile, size = 40 }: { profile: ProfileEntry; size?: number }) {
  const logoImage = profile.imageLink ? { sizes: { thumbnail: profile.imageLink } } : null;
  return <CompanyLogo company={{ name: profile.name, logoImage }} size={size} />;
}

/** The texts of one profile: name, then '(Draft)' or the country codes, then the description. */
export function ProfileText({ option, nameId }: { option: Pick<SwitchProfileOption, 'name' | 'additional' | 'description'>; nameId?: string }) {
  return (
    <span className="profile-text">
      <span className="profile-text__name" id={nameId}>
        {option.name}
        {option.additional ? <span className="profile-text__additional"> {option.additional}</span> : null}
      </span>
      <span className="profile-text__description">{option.description}</span>
    </span>
  );
}
