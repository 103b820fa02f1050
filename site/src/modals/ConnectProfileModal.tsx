/** spec 2.11 connect-profile 'Choose your option': continue with a sister-platform profile, or create a new one. */
import { connectProfileOptions, MODAL_TEXTS, switchProfileOptions } from '@nordlys/sdk/modals';
import type { ProfileEntry } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { domId } from '../lib/domId';
import { FormAlert } from './fields';
import { Modal } from './Modal';
import { ProfileImage, ProfileText } from './ProfileBadge';
import { useGuardedSubmit } from './useGuardedSubmit';

export interface ConnectProfileModalProps {
  /** The user's profiles from the sister platform that can be connected. */
  profiles: ProfileEntry[];
  /** Connects the profile (e.g. POST {companies|investors}/{key}/platform) and goes on; a rejection is shown. */
  onContinue(profile: ProfileEntry): Promise<void>;
  /** '+ Create a new profile': the caller opens choose-role (spec 2.11). */
  onCreateNew(): void;
  onClose(): void;
}

/**
 * Each profile with its picture, name, '(Draft)' or country codes, description and 'Continue with
 * this profile' (busy while `onContinue` runs; one at a time), then '+ Create a new profile'.
 */
export function ConnectProfileModal({ profiles, onContinue, onCreateNew, onClose }: ConnectProfileModalProps) {
  const id = domId('connect-profile');
  const { options, createNew } = connectProfileOptions(profiles);
  // The same texts as switch-profile: name, then '(Draft)' or the country codes, and the description.
  const texts = switchProfileOptions(profiles);
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { submit } = useGuardedSubmit();

  async function connect(profile: ProfileEntry, index: number) {
    setError(null);
    try {
      await submit(async () => {
        setPending(index);
        try {
          await onContinue(profile);
        } finally {
          setPending(null);
        }
      });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'The profile could not be connected. Please try again.');
    }
  }

  return (
    <Modal id={id} title={MODAL_TEXTS.connectProfileTitle} onClose={() => onClose()}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <ul className="choice-list">
        {options.map((option, index) => (
          <li key={`${option.profile.type}:${option.profile.key}`} className="connect-option">
            <ProfileImage profile={option.profile} />
            <ProfileText option={texts[index]!} nameId={`${id}-${index}`} />
            <button
              type="button"
              className="button button--primary connect-option__action"
              aria-describedby={`${id}-${index}`}
              aria-busy={pending === index || undefined}
              aria-disabled={pending !== null || undefined}
              onClick={() => void connect(option.profile, index)}
            >
              {pending === index ? <span className="spinner" aria-hidden="true" /> : null}
              {option.action}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onCreateNew}>
        {createNew.label}
      </button>
    </Modal>
  );
}
