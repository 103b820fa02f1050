/**
 * `/client/investors/{investor}/edit`: the investor profile form (spec 2.3, spec 3 Investor, the
 * configuration's `investor` group; issue #11). Where a DRAFT investor is sent (spec 2.12). Required
 * fields are marked from the sdk's INVESTOR_REQUIRED; a draft shows what is still missing
 * (investorMissing) and "Submit for review" once nothing is; a profile sent back shows the admin's
 * reason. Saving checks with the schema the server uses; a 400 keeps what was typed and shows the
 * field messages; leaving with unsaved changes asks first.
 */
import { COUNTRIES, CONTACT_PREFERENCES, INVESTOR_TYPE_KEYWORDS } from '@nordlys/sdk/constants';
import { INVESTOR_REQUIRED, investorMissing, reviewState, type ReviewState } from '@nordlys/sdk/profile-review';
import { paths } from '@nordlys/sdk/routes';
import { InvestorInputSchema, type Image, type Investor } from '@nordlys/sdk/schemas';
import { INDUSTRIES, INVESTMENT_RANGES, INVESTOR_CATEGORIES, MARKETS, type Term } from '@nordlys/sdk/vocabulary';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { apiFrom } from '../../../../api';
import { ImageField } from '../../../../components/ImageField';
import {
  ChipPicker,
  CheckboxGroup,
  FieldError,
  FormErrorSummary,
  PeopleEditor,
  RequiredMark,
  RichTextField,
  Select,
  TextField,
  errorsUnder,
  fieldErrorsOf,
  peopleInput,
  serverFieldErrors,
  useUnsavedChangesPrompt,
  type FormErrors,
  type PersonDraft,
} from '../../../../components/form';
import { failureMessage } from '../../../../components/form/errors';
import { investorArea, type AreaOwner } from '../../../../layouts/areas';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';
import { SubmitButton } from '../../../../modals/fields';
import { useApi } from '../../../../modals/useApi';
import { useGuardedSubmit } from '../../../../modals/useGuardedSubmit';

interface EditData {
  owner: AreaOwner;
  investor: Investor;
}

export async function loader(args: LoaderFunctionArgs): Promise<EditData> {
  const owner = await investorArea(args);
  // The hidden record: any status, with the review fields (members and admins only).
  const investor = await orRouteError(apiFrom(args.context).investors.hidden(owner.key));
  return { owner, investor };
}

export const handle: RouteHandle<EditData> = {
  meta: ({ data }) => ({ title: `Edit investor profile · ${data.owner.name}`, noindex: true }),
};

/** What the form holds: the input schema's fields, images as the uploads answered them. */
interface Values {
  name: string;
  website: string;
  logoImage: Image | null;
  smallImage: Image | null;
  coverImage: Image | null;
  keyPeople: PersonDraft[];
  intro: string;
  category: string;
  industries: string[];
  investmentRanges: string[];
  markets: string[];
  countryCodes: string[];
  contactPreference: string;
  contactEmail: string;
  typeKeywords: string[];
}

function valuesOf(investor: Investor): Values {
  return {
    name: investor.name,
    website: investor.website ?? '',
    logoImage: investor.logoImage,
    smallImage: investor.smallImage,
    coverImage: investor.coverImage,
    keyPeople: investor.keyPeople.map((p) => ({ name: p.name, title: p.title ?? '', image: p.image })),
    intro: investor.intro ?? '',
    category: investor.category,
    industries: investor.industries,
    investmentRanges: investor.investmentRanges,
    markets: investor.markets,
    countryCodes: investor.countryCodes,
    contactPreference: investor.contactPreference,
    contactEmail: investor.contactEmail ?? '',
    typeKeywords: investor.typeKeywords,
  };
}

/** The PUT body of the form's values, before InvestorInputSchema checks it. */
function inputOf(values: Values) {
  return {
    ...values,
    logoImage: values.logoImage?.path ?? null,
    smallImage: values.smallImage?.path ?? null,
    coverImage: values.coverImage?.path ?? null,
    keyPeople: peopleInput(values.keyPeople),
  };
}

const CONTACT_TEXT: Record<(typeof CONTACT_PREFERENCES)[number], string> = {
  EMAIL: 'By e-mail',
  WEBSITE: 'Through our website',
};
const CONTACT_OPTIONS: readonly Term[] = CONTACT_PREFERENCES.map((value) => ({ value, text: CONTACT_TEXT[value] }));
const TYPE_TEXT: Record<(typeof INVESTOR_TYPE_KEYWORDS)[number], string> = { ANGEL: 'Angel', ANGELS: 'Angels (a group)', VENTURES: 'Ventures' };
const TYPE_OPTIONS: readonly Term[] = INVESTOR_TYPE_KEYWORDS.map((value) => ({ value, text: TYPE_TEXT[value] }));
const COUNTRY_OPTIONS: readonly Term[] = COUNTRIES.map((c) => ({ value: c.value, text: c.text }));

/** The form's fields in order: the first with a message gets focus. */
const ORDER = [
  'name',
  'website',
  'logoImage',
  'smallImage',
  'coverImage',
  'category',
  'intro',
  'keyPeople',
  'industries',
  'investmentRanges',
  'markets',
  'countryCodes',
  'contactPreference',
  'contactEmail',
  'typeKeywords',
] as const;

/** The id of a field's control for a message path: 'keyPeople.0.name' → 'investor-keyPeople-0-name'. */
const idOf = (path: string) => `investor-${path.replace(/\./g, '-')}`;

/** Moves focus to the control of the first message, in form order. */
function focusFirst(errors: FormErrors) {
  const first = Object.keys(errors).sort((a, b) => rank(a) - rank(b))[0];
  if (!first) return;
  const target = document.getElementById(idOf(first));
  const control = target?.matches('input, select, textarea, [contenteditable="true"]')
    ? target
    : target?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]');
  (control ?? target)?.focus();
}

function rank(path: string): number {
  const index = ORDER.indexOf(path.split('.')[0] as (typeof ORDER)[number]);
  return index < 0 ? ORDER.length : index;
}

const REQUIRED = new Set(INVESTOR_REQUIRED.map((r) => r.field));

export function Component() {
  const { owner, investor: loaded } = useLoaderData<typeof loader>();
  const api = useApi();
  const revalidator = useRevalidator();
  const [investor, setInvestor] = useState(loaded);
  const [values, setValues] = useState(() => valuesOf(loaded));
  const [saved, setSaved] = useState(() => JSON.stringify(inputOf(valuesOf(loaded))));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const save = useGuardedSubmit();
  const send = useGuardedSubmit(save.guard);
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  // Another investor opened in the same tab: start from its record.
  useEffect(() => {
    setInvestor(loaded);
    setValues(valuesOf(loaded));
    setSaved(JSON.stringify(inputOf(valuesOf(loaded))));
    setErrors({});
    setAlert(null);
  }, [loaded]);

  const dirty = JSON.stringify(inputOf(values)) !== saved;
  const { prompt } = useUnsavedChangesPrompt(dirty, 'your changes to the profile');
  const set = <K extends keyof Values>(field: K) => (value: Values[K]) => setValues((v) => ({ ...v, [field]: value }));

  const state = reviewState(investor);
  const missing = investorMissing(values);
  const owned = { kind: 'investor', key: investor.key } as const;

  /** Checks and saves; the saved record, or null when something is wrong (the messages show). */
  async function store(): Promise<Investor | null> {
    setAlert(null);
    setStatus('');
    const checked = fieldErrorsOf(InvestorInputSchema, inputOf(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return null;
    }
    setErrors({});
    try {
      const result = await save.submit(() => api.investors.update(investor.key, checked.output));
      if (result.ignored) return null;
      setInvestor(result.value);
      setSaved(JSON.stringify(inputOf(values)));
      return result.value;
    } catch (error) {
      // A 400 keeps what was typed and shows the server's messages under their fields.
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirst(fields);
      }
      setAlert(failureMessage(error, 'The profile could not be saved. Please try again.'));
      return null;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const stored = await store();
    if (stored) {
      setStatus('Your changes are saved.');
      // The layout's name and status follow the saved record.
      if (stored.name !== owner.name) void revalidator.revalidate();
    }
  }

  async function onSendForReview() {
    const stored = dirty ? await store() : investor;
    if (!stored) return;
    try {
      const result = await send.submit(() => api.investors.submit(investor.key));
      if (result.ignored) return;
      setInvestor(result.value);
      setStatus('Submitted for review. We e-mail you when an admin has looked at it.');
      reviewHeading.current?.focus();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirst(fields);
      }
      setAlert(failureMessage(error, 'The profile could not be submitted. Please try again.'));
    }
  }

  const summary = Object.entries(errors)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([path, message]) => ({ id: idOf(path), message }));
  const emailContact = values.contactPreference === 'EMAIL';

  return (
    <div className="investor-edit">
      <header className="page-head">
        <h1>Edit investor profile</h1>
        <p className="page-head__lead">
          {investor.status === 'DRAFT'
            ? `${investor.name} is a draft. Finish its profile to list it among the investors.`
            : `What startups see on the ${investor.name} profile: your intro, key people and what you invest in.`}
        </p>
      </header>

      <ReviewPanel
        state={state}
        investor={investor}
        missing={missing}
        dirty={dirty}
        busy={send.busy}
        headingRef={reviewHeading}
        onSubmit={() => void onSendForReview()}
      />

      <form className="profile-form" onSubmit={onSubmit} noValidate aria-label="Investor profile">
        <FormErrorSummary items={summary} message={alert} />

        <section className="form-section" aria-labelledby="investor-basics">
          <h2 id="investor-basics">The basics</h2>
          <TextField id={idOf('name')} label="Name" required={REQUIRED.has('name')} value={values.name} onChange={set('name')} error={errors.name} maxLength={100} autoComplete="organization" />
          <TextField
            id={idOf('website')}
            label="Website"
            required={REQUIRED.has('website')}
            value={values.website}
            onChange={set('website')}
            error={errors.website}
            inputMode="url"
            autoComplete="url"
            hint="For example fjordventures.com. We add http:// when it is left out."
          />
          <Select
            id={idOf('category')}
            label="Category"
            required={REQUIRED.has('category')}
            value={values.category}
            onChange={set('category')}
            options={INVESTOR_CATEGORIES}
            error={errors.category}
          />
          <CheckboxGroup
            id={idOf('typeKeywords')}
            legend="Investor type"
            hint="The words founders search for."
            value={values.typeKeywords}
            onChange={set('typeKeywords')}
            options={TYPE_OPTIONS}
            error={errors.typeKeywords}
            variant="chips"
          />
        </section>

        <section className="form-section" aria-labelledby="investor-images">
          <h2 id="investor-images">Images</h2>
          <ImageField id={idOf('logoImage')} label="Logo" type="logo" owner={owned} required={REQUIRED.has('logoImage')} value={values.logoImage} onChange={set('logoImage')} error={errors.logoImage} hint="A square image works best." />
          <ImageField id={idOf('smallImage')} label="Small image" type="logo" owner={owned} value={values.smallImage} onChange={set('smallImage')} error={errors.smallImage} hint="Shown beside your name in lists." />
          <ImageField id={idOf('coverImage')} label="Cover image" type="cover" owner={owned} value={values.coverImage} onChange={set('coverImage')} error={errors.coverImage} hint="A wide image at the top of your public page, 1600 × 900 at best." />
        </section>

        <section className="form-section" aria-labelledby="investor-about">
          <h2 id="investor-about">About you</h2>
          <RichTextField id={idOf('intro')} label="Intro" required={REQUIRED.has('intro')} value={values.intro} onChange={set('intro')} error={errors.intro} hint="Who you are, what you invest in and how you help founders." />
          <PeopleEditor id={idOf('keyPeople')} legend="Key people" noun="key person" value={values.keyPeople} onChange={set('keyPeople')} owner={owned} errors={errorsUnder(errors, 'keyPeople')} />
        </section>

        <section className="form-section" aria-labelledby="investor-focus">
          <h2 id="investor-focus">What you invest in</h2>
          <ChipPicker id={idOf('industries')} legend="Industries" required={REQUIRED.has('industries')} value={values.industries} onChange={set('industries')} options={INDUSTRIES} error={errors.industries} />
          <ChipPicker id={idOf('investmentRanges')} legend="Investment ranges" value={values.investmentRanges} onChange={set('investmentRanges')} options={INVESTMENT_RANGES} error={errors.investmentRanges} />
          <ChipPicker id={idOf('markets')} legend="Markets" value={values.markets} onChange={set('markets')} options={MARKETS} error={errors.markets} />
          <CheckboxGroup id={idOf('countryCodes')} legend="Countries you invest in" value={values.countryCodes} onChange={set('countryCodes')} options={COUNTRY_OPTIONS} error={errors.countryCodes} />
        </section>

        <section className="form-section" aria-labelledby="investor-contact">
          <h2 id="investor-contact">How founders contact you</h2>
          <fieldset className="form-group" id={idOf('contactPreference')} aria-describedby={errors.contactPreference ? `${idOf('contactPreference')}-error` : undefined}>
            <legend>
              Contact preference
              <RequiredMark required />
            </legend>
            <div className="check-group__options">
              {CONTACT_OPTIONS.map((option) => (
                <label key={option.value} className="check">
                  <input
                    type="radio"
                    name="contactPreference"
                    value={option.value}
                    checked={values.contactPreference === option.value}
                    onChange={() => set('contactPreference')(option.value)}
                  />
                  <span>{option.text}</span>
                </label>
              ))}
            </div>
            <FieldError id={idOf('contactPreference')} error={errors.contactPreference} />
          </fieldset>
          {emailContact ? (
            <TextField
              id={idOf('contactEmail')}
              label="Contact e-mail"
              type="email"
              required
              value={values.contactEmail}
              onChange={set('contactEmail')}
              error={errors.contactEmail}
              autoComplete="email"
              hint="Your public page shows a button that writes to this address."
            />
          ) : (
            <p className="form-hint">Your public page links founders to your website.</p>
          )}
        </section>

        <div className="form-actions">
          <SubmitButton busy={save.busy} busyLabel="Saving…" className="button button--primary">
            Save changes
          </SubmitButton>
          <p className="form-actions__status" role="status">
            {status || (dirty ? 'You have unsaved changes.' : '')}
          </p>
        </div>
      </form>
      {prompt}
    </div>
  );
}

interface ReviewPanelProps {
  state: ReviewState;
  investor: Investor;
  missing: { field: string; label: string }[];
  dirty: boolean;
  busy: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSubmit(): void;
}

/** Where the profile stands in review, what a draft still lacks, and the "Submit for review" button. */
function ReviewPanel({ state, investor, missing, dirty, busy, headingRef, onSubmit }: ReviewPanelProps) {
  if (state === 'active' || state === 'inactive') {
    return (
      <section className="review-panel" aria-labelledby="investor-review">
        <h2 id="investor-review" ref={headingRef} tabIndex={-1}>
          {state === 'active' ? 'Your profile is live' : 'Your profile is not listed'}
        </h2>
        {state === 'active' ? (
          <p>
            Startups see it at <Link to={paths.fundingItem(investor.key)}>your public page</Link>. Changes you save show there at once.
          </p>
        ) : (
          <p>It is hidden from the investor list. Contact us to list it again.</p>
        )}
      </section>
    );
  }
  if (state === 'submitted') {
    return (
      <section className="review-panel review-panel--submitted" aria-labelledby="investor-review">
        <h2 id="investor-review" ref={headingRef} tabIndex={-1}>
          Waiting for review
        </h2>
        <p>An admin looks at your profile soon. We e-mail you when it is live, or what to change. You can still edit it meanwhile.</p>
      </section>
    );
  }
  return (
    <section className="review-panel" aria-labelledby="investor-review">
      <h2 id="investor-review" ref={headingRef} tabIndex={-1}>
        {state === 'returned' ? 'Sent back by an admin' : 'Before you submit'}
      </h2>
      {state === 'returned' && investor.manage?.reviewNote ? (
        <div className="review-note">
          <p>What to change:</p>
          <p>{investor.manage.reviewNote}</p>
        </div>
      ) : null}
      {missing.length > 0 ? (
        <>
          <p>Fill these in, then submit the profile for review:</p>
          <ul className="checklist">
            {missing.map((item) => (
              <li key={item.field}>
                <a
                  href={`#${idOf(item.field)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    focusFirst({ [item.field]: item.label });
                  }}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>Everything required is filled in. {dirty ? 'Your changes are saved first, then the profile goes to an admin.' : 'Submit it, and an admin reviews it.'}</p>
          <button type="button" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={onSubmit}>
            {busy ? (
              <>
                <span className="spinner" aria-hidden="true" />
                Submitting…
              </>
            ) : (
              'Submit for review'
            )}
          </button>
        </>
      )}
    </section>
  );
}
