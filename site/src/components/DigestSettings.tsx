/**
 * One job digest's settings form and the preview of its next e-mail (issue #14), as
 * /client/applicant/settings and the manage page of the mails' link both show them: a save builds the
 * preview again.
 */
import type { DigestPreview as Preview, DigestProfile } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { DigestPreview } from './DigestPreview';
import { DigestSettingsForm } from './DigestSettingsForm';

export interface DigestSettingsProps {
  /** Where the e-mails go before there is a subscription (the account's address). */
  email: string;
  /** The digest, or null before the first save (the form then subscribes). */
  profile: DigestProfile | null;
  /** The preview the page's loader built, or null (the panel builds it). */
  preview: Preview | null;
}

export function DigestSettings({ profile: loaded, preview, email }: DigestSettingsProps) {
  const [profile, setProfile] = useState(loaded);
  const [version, setVersion] = useState(0);
  return (
    <div className="digest-settings">
      <DigestSettingsForm
        settingsKey={profile?.settingsKey ?? null}
        profile={profile}
        email={profile?.email ?? email}
        onSaved={(stored) => {
          setProfile(stored);
          setVersion((n) => n + 1);
        }}
      />
      {profile ? <DigestPreview settingsKey={profile.settingsKey} profile={profile} initial={preview} version={version} /> : null}
    </div>
  );
}
