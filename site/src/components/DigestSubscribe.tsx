/**
 * "Get these jobs by e-mail" (issue #14), on /jobs and the home page: subscribes an address to the job
 * digest for the current search's countries and categories (spec 7 POST /digest; a remote choice is sent
 * as includeRemoteJobs, spec 5). Visitors included, with double opt-in: the answer is "Check your inbox
 * to confirm", and only a confirmed address gets digests. A signed-in user's own address is used, and
 * merged into their subscription (mergeData). The call returns its error instead of throwing (spec 8):
 * a 400 shows at the field, anything else above the form. The schema check before sending
 * (lib/digestSubscriptionErrors) loads on the form's first focus or submit, so the page's first load
 * carries no valibot (#16).
 */
import { countryName, REMOTE, SEARCH_COUNTRIES } from '@nordlys/sdk/constants';
import { PATHS } from '@nordlys/sdk/navigation';
import type { DigestFrequency } from '@nordlys/sdk/schemas';
import { browserTimeZone, FREQUENCY_OPTIONS } from '../lib/digest';
import { domId } from '../lib/domId';
import { CATEGORIES, type CategoryValue } from '@nordlys/sdk/vocabulary';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../lib/Link';
import { Field, FormAlert, FormStatus, SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { useSession } from '../session';
import { failureMessage, serverFieldErrors } from './form/errors';

export interface DigestSubscribeProps {
  /** The search's country codes; REMOTE for remote jobs. Empty: every country. */
  countryCodes?: readonly string[];
  /** The search's categories (sdk vocabulary values). Empty: every category. */
  categories?: readonly CategoryValue[];
  /** Offer a country choice (the home page, where there is no search yet). */
  chooseCountry?: boolean;
  /** More classes for the section (its place on the page). */
  className?: string;
  /** The heading: "Get these jobs by e-mail" under a search. */
  title?: string;
}

const EMAIL_MESSAGE = 'Please enter your email address';

type Check = typeof import('../lib/digestSubscriptionErrors');
let check: Promise<Check> | null = null;
/** The schema check, loaded once (a failed load is tried again next time). */
function loadCheck(): Promise<Check> {
  check ??= import('../lib/digestSubscriptionErrors').catch((error: unknown) => {
    check = null;
    throw error;
  });
  return check;
}

/**
 * What the e-mails will hold, in words.
 * @example digestScope(['DK', 'REMOTE'], ['frontend']) // 'New Frontend jobs in Denmark or remote'
 */
export function digestScope(countryCodes: readonly string[], categories: readonly string[]): string {
  const kinds = categories.map((value) => CATEGORIES.find((c) => c.value === value)?.text ?? value);
  const what = kinds.length ? `${joinOr(kinds)} jobs` : 'startup jobs';
  const countries = countryCodes.filter((code) => code !== REMOTE).map(countryName);
  const remote = countryCodes.includes(REMOTE);
  if (!countries.length) return remote ? `New remote ${what}` : `New ${what}`;
  return `New ${what} in ${joinOr(remote ? [...countries, 'remote'] : countries)}`;
}

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

export function DigestSubscribe({ countryCodes = [], categories = [], chooseCountry = false, className, title = 'Get these jobs by e-mail' }: DigestSubscribeProps) {
  const api = useApi();
  const { user } = useSession();
  // The form appears once per page (the home page's, or the one under /jobs' search).
  const id = domId('digest-subscribe');
  const { busy, submit } = useGuardedSubmit();
  const checking = useRef(false);
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState(countryCodes[0] ?? '');
  const [frequency, setFrequency] = useState<DigestFrequency>('daily');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; confirm: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const codes = chooseCountry ? (country ? [country] : []) : countryCodes;
  const scope = digestScope(codes, categories);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || checking.current) return;
    setAlert(null);
    const address = user ? user.email : email.trim();
    if (!address) {
      setError(EMAIL_MESSAGE);
      input.current?.focus();
      return;
    }
    const zone = browserTimeZone();
    const payload = {
      email: address,
      locations: codes.map((countryCode) => ({ countryCode })),
      categories: [...categories],
      frequency,
      // The hour is the server's default (DEFAULT_DIGEST_HOUR), in the visitor's own time zone.
      ...(zone ? { timeZone: zone } : {}),
      // A signed-in user keeps what they chose before; this search's places and categories are added.
      ...(user ? { mergeData: true } : {}),
    };
    let found;
    checking.current = true;
    try {
      found = (await loadCheck()).digestSubscriptionErrors(payload);
    } catch (loadError) {
      console.error('[site] the subscription check could not be loaded', loadError);
      setAlert('We could not subscribe you. Check your connection and try again.');
      return;
    } finally {
      checking.current = false;
    }
    if (found) {
      setError(found.email ?? Object.values(found)[0]);
      input.current?.focus();
      return;
    }
    setError(undefined);
    const result = await submit(() => api.digest.subscribe(payload));
    if (result.ignored) return;
    if (result.value.ok) {
      // A visitor, or an account whose address is not verified yet, confirms by the mail's link (double opt-in).
      setDone({ email: address, confirm: result.value.data.status === 'pending' });
      return;
    }
    const fields = serverFieldErrors(result.value.error);
    if (fields?.email) {
      setError(fields.email);
      input.current?.focus();
    } else setAlert(failureMessage(result.value.error, 'We could not subscribe you. Please try again.'));
  }

  return (
    <section className={className ? `digest-subscribe ${className}` : 'digest-subscribe'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="digest-subscribe__title">
        {title}
      </h2>
      {done ? (
        <FormStatus>
          {done.confirm ? (
            <>
              <strong>Check your inbox to confirm.</strong> We sent a link to {done.email}. Your job alerts start once you open it.
            </>
          ) : (
            <>
              <strong>You are subscribed.</strong> {scope} come to {done.email} {frequency === 'daily' ? 'once a day' : 'once a week'}.{' '}
              <Link to={PATHS.applicantSettings}>Change your job alerts</Link>
            </>
          )}
        </FormStatus>
      ) : (
        <>
          <p className="digest-subscribe__lead">
            {scope}, in one e-mail a day or a week. Unsubscribe with one click.
          </p>
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <form
            className="digest-subscribe__form"
            onSubmit={onSubmit}
            // Someone who starts filling the form in is likely to send it: the check loads meanwhile.
            onFocus={() => void loadCheck().catch(() => {})}
            noValidate
            aria-label={title}
          >
            {chooseCountry ? (
              <div className="field form-field">
                <label htmlFor={`${id}-country`}>Country</label>
                <select id={`${id}-country`} className="form-input form-select" value={country} onChange={(event) => setCountry(event.currentTarget.value)}>
                  <option value="">All countries</option>
                  {SEARCH_COUNTRIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.text}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="field form-field">
              <label htmlFor={`${id}-frequency`}>How often</label>
              <select id={`${id}-frequency`} className="form-input form-select" value={frequency} onChange={(event) => setFrequency(event.currentTarget.value as DigestFrequency)}>
                {FREQUENCY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.text}
                  </option>
                ))}
              </select>
            </div>
            {user ? (
              <p className="digest-subscribe__to">To {user.email}</p>
            ) : (
              <Field
                id={`${id}-email`}
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                maxLength={50}
                value={email}
                inputRef={input}
                error={error}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setError(undefined);
                }}
              />
            )}
            {user && error ? <FormAlert>{error}</FormAlert> : null}
            <SubmitButton busy={busy} busyLabel="Subscribing…" className="button button--primary">
              Subscribe
            </SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
