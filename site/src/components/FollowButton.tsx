/**
 * Follow / Following on a startup (issue #13, spec 4): on every startup card and on its page. Open
 * to every signed-in user (investors follow startups too, spec 2.8); a visitor signs in first.
 */
import { useHasFlags, useViewerFlags } from '../session/flags';
import { MarkToggle } from './MarkToggle';

export interface FollowButtonProps {
  /** With `followed` when the answer carried it (spec 3 per-user field). */
  company: { key: string; name: string; followed?: boolean };
  /** Small on cards, where the startup's name tells the buttons of a list apart. */
  size?: 'small' | 'regular';
}

export function FollowButton({ company, size = 'regular' }: FollowButtonProps) {
  if (!useHasFlags()) return null;
  return <Follow company={company} size={size} />;
}

function Follow({ company, size }: Required<FollowButtonProps>) {
  const flags = useViewerFlags();
  return (
    <MarkToggle
      intent={{ kind: 'follow', companyKey: company.key }}
      pressed={flags.isFollowing(company.key, company.followed)}
      set={(on) => flags.setFollowing(company.key, on)}
      label="Follow"
      pressedLabel="Following"
      icon="plus"
      pressedIcon="check"
      context={size === 'small' ? company.name : undefined}
      size={size}
    />
  );
}
