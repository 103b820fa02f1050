/** spec 2.11 switch-profile 'Choose profile': pick one of the user's profiles, optionally remembered. */
import { chooseProfile, MODAL_TEXTS, switchProfileOptions, type ProfileChoice } from '@nordlys/sdk/modals';
import type { ProfileEntry } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { domId } from '../lib/domId';
import { FormAlert } from './fields';
import { Modal } from './Modal';
import { ProfileImage, ProfileText } from './ProfileBadge';
import { useGuardedSubmit } from './useGuardedSubmit';

export interface SwitchProfileModalProps {
  profiles: ProfileEntry[];
  /** spec 2.11: list startups only. */
  onlyStartups?: boolean;
  /** The 'to' query parameter: where to go after choosing instead of the profile's own link. */
  to?: string | null;
  /** Stores the choice (cookie, and the user record when remembered) and goes to `choice.goTo`. */
  onChoose(choice: ProfileChoice): void | Promise<void>;
  onClose(): void;
}

/**
 * Each profile is a button showing its picture, name, '(Draft)' or country codes, and description;
 * the checkbox 'Remember my choice next time I log in' goes into the choice (sdk chooseProfile).
 * While `onChoose` runs the chosen button is busy and other choices are ignored; a failure is shown.
 */
export function SwitchProfileModal({ profiles, onlyStartups = false, to, onChoose, onClose }: SwitchProfileModalProps) {
  const id = domId('switch-profile');
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { submit } = useGuardedSubmit();
  const options = switchProfileOptions(profiles, { onlyStartups });

  async function choose(profile: ProfileEntry) {
    setError(null);
    try {
      await submit(async () => {
        setPending(`${profile.type}:${profile.key}`);
        try {
          await onChoose(chooseProfile(profile, { remember, to }));
        } finally {
          setPending(null);
        }
      });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'The profile could not be chosen. Please try again.');
    }
  }

  return (
    <Modal id={id} title={MODAL_TEXTS.switchProfileTitle} onClose={() => onClose()}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {options.length === 0 ? (
        <p className="muted">{onlyStartups ? 'You have no startup profiles yet.' : 'You have no profiles yet.'}</p>
      ) : (
        <ul className="choice-list">
          {options.map((option) => {
            const busy = pending === `${option.profile.type}:${option.profile.key}`;
            return (
              <li key={`${option.profile.type}:${option.profile.key}`}>
                <button
                  type="button"
                  className="profile-option"
                  aria-busy={busy || undefined}
                  aria-disabled={pending !== null || undefined}
                  onClick={() => void choose(option.profile)}
                >
                  <ProfileImage profile={option.profile} />
                  <ProfileText option={option} />
                  {busy ? <span className="spinner" aria-hidden="true" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label className="check profile-remember" htmlFor={`${id}-remember`}>
        <input id={`${id}-remember`} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {MODAL_TEXTS.rememberChoice}
      </label>
    </Modal>
  );
}
