/** spec 5: the live checklist under a new password: upper-case letter, minimum 8 characters, number and special character. */
import { passwordChecklist } from '@nordlys/sdk/validation';

/**
 * Each item of the sdk's checklist, marked met or not met in words (for screen readers) and with a
 * tick or a dot (for the eye); polite live region, so changes are announced while typing.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-checklist" aria-label="Password requirements" aria-live="polite">
      {passwordChecklist(password).map((item) => (
        <li key={item.rule} className="password-checklist__item" data-met={item.met}>
          <span className="password-checklist__mark" aria-hidden="true">
            {item.met ? '✓' : '•'}
          </span>
          <span className="visually-hidden">{item.met ? 'Met: ' : 'Not met: '}</span>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
