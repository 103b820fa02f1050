/** spec 2.11 choose-role: how the user will use the site; it cannot be dismissed, only answered. */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { chooseRoleDismissible, chooseRoleOptions, type RoleChoice } from '@nordlys/sdk/modals';
import { PATHS } from '@nordlys/sdk/navigation';
import { Link } from '../lib/Link';
import { domId } from '../lib/domId';
import { Modal } from './Modal';

/** One line under each option; the options and their links are the sdk's. */
const DESCRIPTIONS: Record<string, string> = {
  [`${PATHS.applicant}?create=1`]: 'Create a talent profile and apply to jobs at Nordic startups.',
  [PATHS.startupsJoin]: 'Present your startup, post jobs and manage your applicants.',
  [PATHS.investorsJoin]: 'Get an investor profile and follow the startups you care about.',
};

export interface ChooseRoleModalProps {
  /** 'sign-up' offers jobs, startup and investor; 'profile' only startup and investor (spec 2.11). */
  variant: 'sign-up' | 'profile';
  /** Called as an option's link is followed, so the caller can close the modal. */
  onChoose?(choice: RoleChoice): void;
  productName?: string;
}

/**
 * spec 2.11: no Escape, no backdrop click and no × (the sdk's chooseRoleDismissible). Each option
 * is a link to where that role starts, with a one-line description.
 */
export function ChooseRoleModal({ variant, onChoose, productName = DEFAULT_PRODUCT_NAME }: ChooseRoleModalProps) {
  const id = domId('choose-role');
  const options = chooseRoleOptions(variant);
  return (
    <Modal id={id} title={`How will you use ${productName}?`} dismissible={chooseRoleDismissible}>
      <ul className="choice-list">
        {options.map((option, index) => (
          <li key={option.href} className="choice-card">
            <Link
              to={option.href}
              className="choice-card__link"
              aria-describedby={`${id}-${index}`}
              onClick={() => onChoose?.(option)}
            >
              {option.label}
            </Link>
            <p id={`${id}-${index}`} className="choice-card__text">
              {DESCRIPTIONS[option.href]}
            </p>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
