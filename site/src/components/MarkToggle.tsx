/**
 * The toggle behind Save, I'm interested and Follow (issue #13): a real <button aria-pressed> with a
 * visible label for each state and an icon. Signed in, a click flips the mark at once (FlagsProvider
 * sends it and rolls back on failure). A visitor's click opens the sign-in modal with spec 2.8's `to`
 * set to this page plus the intent (sdk intent.ts); back on the page signed in, `useIntent` completes
 * the mark once, with no second click.
 */
import { sameIntent, withIntent, type Intent } from '@nordlys/sdk/intent';
import { useLocation } from 'react-router';
import { useIntent } from '../lib/useIntent';
import { useSession } from '../session/SessionProvider';
import { Icon, type IconName } from './Icon';

export interface MarkToggleProps {
  /** What a visitor meant to do, carried through sign-in. */
  intent: Intent;
  pressed: boolean;
  /** Sets the mark; rejects (after rolling back) when the server refuses. */
  set(on: boolean): Promise<void>;
  label: string;
  pressedLabel: string;
  icon: IconName;
  pressedIcon?: IconName;
  /** Said after the label to screen readers, where a list repeats the button ("Save" + the job's title). */
  context?: string;
  /** Small on cards; the page's size beside the apply action. */
  size?: 'small' | 'regular';
}

/** Sign-in first for a visitor, then the mark; the mark right away for a signed-in user. */
export function MarkToggle({ intent, pressed, set, label, pressedLabel, icon, pressedIcon = icon, context, size = 'regular' }: MarkToggleProps) {
  const { user, openAuth } = useSession();
  const location = useLocation();
  // After sign-in the page comes back with the intent: complete it (set, never toggle: it may be set already).
  useIntent(
    (wanted) => sameIntent(wanted, intent),
    () => set(true).catch(() => {}),
  );
  const onClick = () => {
    if (!user) {
      openAuth({ step: 'signin', to: withIntent(`${location.pathname}${location.search}${location.hash}`, intent) });
      return;
    }
    // The provider reports a failure in its message region; nothing more to do here.
    set(!pressed).catch(() => {});
  };
  return (
    <button
      type="button"
      className={`button button--ghost mark-toggle${size === 'small' ? ' button--small mark-toggle--small' : ''}`}
      aria-pressed={pressed}
      onClick={onClick}
    >
      <Icon name={pressed ? pressedIcon : icon} />
      {pressed ? pressedLabel : label}
      {context ? <span className="visually-hidden"> {context}</span> : null}
    </button>
  );
}
