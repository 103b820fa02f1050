/**
 * `/client/startups/{company}/edit`: the startup profile form (spec 2.4, spec 3 Company, issue #11),
 * where a DRAFT startup is sent (spec 2.12). Every field of the sdk's CompanyInputSchema in sections;
 * the required ones (sdk COMPANY_REQUIRED) marked. The values are checked with the same schema the
 * server uses before they are sent; a 400 keeps what was typed and shows the messages under the
 * fields. A DRAFT shows what is still missing (sdk companyMissing, live) and "Submit for review" once
 * nothing is; where it stands in review comes from sdk reviewState.
 */
import { COUNTRIES, PERKS } from '@nordlys/sdk/constants';
import { COMPANY_REQUIRED, companyMissing, reviewState, type ReviewState } from '@nordlys/sdk/profile-review';
import { paths } from '@nordlys/sdk/routes';
import { CompanyInputSchema, type Company, type CompanyInput, type Image, type UploadOwner } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/with-scheme';
import { BUSINESS_MODELS, EMPLOYEE_COUNTS, FUNDING_STAGES, INDUSTRIES, KEY_FIGURE_NAMES, SDGS } from '@nordlys/sdk/vocabulary';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { GalleryField } from '../../../../components/GalleryField';
import { ImageField } from '../../../../components/ImageField';
import { ChipPicker, CheckboxGroup } from '../../../../components/form/CheckboxGroup';
import { errorsUnder, fieldErrorsOf, serverFieldErrors, withoutErrorsOf, type FormErrors } from '../../../../components/form/errors';
import { FieldLink, focusFirstInvalidIn, FormErrorSummary } from '../../../../components/form/FormErrorSummary';
import { PeopleEditor, peopleInput, type PersonDraft } from '../../../../components/form/PeopleEditor';
import { RichTextField } from '../../../../components/form/RichTextField';
import { Select } from '../../../../components/form/Select';
import { TextArea } from '../../../../components/form/TextArea';
import { TextField } from '../../../../components/form/TextField';
import { useUnsavedChangesPrompt } from '../../../../components/form/useUnsavedChangesPrompt';
import { FieldError } from '../../../../components/form/Field';
import { apiFrom } from '../../../../api';
import { companyArea, type AreaOwner } from '../../../../layouts/areas';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';
import { SubmitButton } from '../../../../modals/fields';
import { useApi } from '../../../../modals/useApi';
import { useGuardedSubmit } from '../../../../modals/useGuardedSubmit';

interface EditData {
  owner: AreaOwner;
  /** The admin record (GET companies/{key}/hidden): every field, and `manage` with the review state. */
  company: Company;
}

export async function loader(args: LoaderFunctionArgs): Promise<EditData> {
  const owner = await companyArea(args);
  const company = await orRouteError(apiFrom(args.context).companies.hidden(owner.key));
  return { owner, company };
}

export const handle: RouteHandle<EditData> = {
  meta: ({ data }) => ({ title: `Edit startup profile · ${data.owner.name}`, noindex: true }),
};

/** The form's values: text as typed, images as the upload answered them. */
interface CompanyDraft {
  name: string;
  website: string;
  foundedYear: string;
  logoImage: Image | null;
  coverImage: Image | null;
  galleryImages: Image[];
  whatWeDo: string;
  quoteText: string;
  quoteAuthor: string;
  team: PersonDraft[];
  addresses: { countryCode: string; address: string }[];
  fundingStage: string;
  numberOfEmployees: string;
  businessModel: string;
  industries: string[];
  perks: string[];
  sdgs: string[];
  keyFigures: { name: string; value: string }[];
}

function draftOf(company: Company): CompanyDraft {
  return {
    name: company.name,
    website: company.website ?? '',
    foundedYear: company.foundedYear === null ? '' : String(company.foundedYear),
    logoImage: company.logoImage,
    coverImage: company.coverImage,
    galleryImages: company.galleryImages,
    whatWeDo: company.whatWeDo ?? '',
    quoteText: company.quote?.text ?? '',
    quoteAuthor: company.quote?.author ?? '',
    team: company.team.map((p) => ({ name: p.name, title: p.title ?? '', image: p.image })),
    addresses: company.addresses.map((a) => ({ countryCode: a.countryCode, address: a.address ?? '' })),
    fundingStage: company.fundingStage ?? '',
    numberOfEmployees: company.numberOfEmployees ?? '',
    businessModel: company.businessModel ?? '',
    industries: company.industries,
    perks: company.perks,
    sdgs: company.sdgs,
    keyFigures: company.keyFigures.map((k) => ({ name: k.name, value: k.value })),
  };
}

/** What PUT companies/{key} takes; the schema (here and on the server) trims, turns '' into null and checks. */
function inputOf(draft: CompanyDraft): unknown {
  const year = draft.foundedYear.trim();
  return {
    name: draft.name,
    website: draft.website,
    logoImage: draft.logoImage?.path ?? null,
    coverImage: draft.coverImage?.path ?? null,
    galleryImages: draft.galleryImages.map((i) => i.path),
    whatWeDo: draft.whatWeDo,
    team: peopleInput(draft.team),
    quote: draft.quoteText.trim() || draft.quoteAuthor.trim() ? { text: draft.quoteText, author: draft.quoteAuthor } : null,
    addresses: draft.addresses,
    fundingStage: draft.fundingStage || null,
    numberOfEmployees: draft.numberOfEmployees || null,
    businessModel: draft.businessModel || null,
    perks: draft.perks,
    industries: draft.industries,
    sdgs: draft.sdgs,
    keyFigures: draft.keyFigures,
    // A year as a number; anything else is passed on as typed, for the schema's message.
    foundedYear: year === '' ? null : /^\d+$/.test(year) ? Number(year) : year,
  };
}

/** The id of a field's element from its message path: 'team.0.name' → 'team-0-name', 'quote.text' → 'quote-text'. */
const idOf = (path: string) => path.replace(/\./g, '-');

const REQUIRED = new Set(COMPANY_REQUIRED.map((f) => f.field));
const same = (a: CompanyDraft, b: CompanyDraft) => JSON.stringify(a) === JSON.stringify(b);
const COUNTRY_TERMS = COUNTRIES.filter((c) => c.value !== 'REMOTE');

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead ? <p className="form-section__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

/** Where the profile stands in review, what is missing, and the admin's reason when it was sent back. */
function ReviewPanel({ state, company, missing }: { state: ReviewState; company: Company; missing: { field: string; label: string }[] }) {
  if (state === 'active') return null;
  if (state === 'inactive') {
    return (
      <section className="review-panel" aria-labelledby="review-title">
        <h2 id="review-title">Not public</h2>
        <p>{company.name} is inactive: its page and jobs are not shown. Contact us to make it active again.</p>
      </section>
    );
  }
  if (state === 'submitted') {
    return (
      <section className="review-panel review-panel--submitted" aria-labelledby="review-title">
        <h2 id="review-title">Waiting for review</h2>
        <p>
          An admin is reviewing {company.name}. You get an e-mail when it is approved and public. You can keep editing meanwhile; save
          your changes as usual.
        </p>
      </section>
    );
  }
  return (
    <section className="review-panel" aria-labelledby="review-title">
      <h2 id="review-title">{state === 'returned' ? 'Sent back by an admin' : 'Finish your profile'}</h2>
      {state === 'returned' && company.manage?.reviewNote ? (
        <>
          <p>What the admin asks you to change:</p>
          <blockquote className="review-note">{company.manage.reviewNote}</blockquote>
        </>
      ) : (
        <p>{company.name} is a draft. When the required fields are filled in, submit it for review; an admin then makes it public.</p>
      )}
      {missing.length > 0 ? (
        <>
          <p id="missing-title">Still missing before you can submit:</p>
          <ul className="checklist" aria-labelledby="missing-title">
            {missing.map((m) => (
              <li key={m.field}>
                <FieldLink id={idOf(m.field)}>{m.label}</FieldLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Everything required is filled in. Submit it for review with the button below the form.</p>
      )}
    </section>
  );
}

function EditForm({ initial }: { initial: Company }) {
  const api = useApi();
  const revalidator = useRevalidator();
  const [company, setCompany] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [saved, setSaved] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const saving = useGuardedSubmit();
  const sending = useGuardedSubmit(saving.guard);
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef(draft);
  latest.current = draft;
  // Set when new messages arrive: focus moves to the first invalid field once they are shown.
  const [focusErrors, setFocusErrors] = useState(0);

  const key = company.key;
  const owner: UploadOwner = { kind: 'company', key };
  const dirty = !same(draft, saved);
  const state = reviewState(company);
  const missing = companyMissing({
    name: draft.name,
    website: draft.website,
    logoImage: draft.logoImage,
    whatWeDo: draft.whatWeDo,
    addresses: draft.addresses,
    industries: draft.industries,
    numberOfEmployees: draft.numberOfEmployees || null,
  });
  const canSubmit = (state === 'draft' || state === 'returned') && missing.length === 0;
  const { prompt } = useUnsavedChangesPrompt(dirty, 'your changes to the profile');

  useEffect(() => {
    if (focusErrors) focusFirstInvalidIn(form.current);
  }, [focusErrors]);

  /** Changes fields and clears their messages (and those of their parts). */
  function change(patch: Partial<CompanyDraft>, ...fields: string[]) {
    setDraft((d) => ({ ...d, ...patch }));
    setStatus('');
    const names = fields.length ? fields : Object.keys(patch);
    setErrors((current) => withoutErrorsOf(current, names));
  }

  function showErrors(next: FormErrors, message: string | null = null) {
    setErrors(next);
    setAlert(message);
    setFocusErrors((n) => n + 1);
  }

  /** Saves the form; the stored profile, or null when it was refused (messages shown). */
  async function save(): Promise<Company | null> {
    setAlert(null);
    const sent = draft;
    const checked = fieldErrorsOf(CompanyInputSchema, inputOf(sent));
    if (!checked.ok) {
      showErrors(checked.errors);
      return null;
    }
    setErrors({});
    try {
      const result = await saving.submit(() => api.companyAdmin.update(key, checked.output as CompanyInput));
      if (result.ignored) return null;
      const stored = result.value;
      const storedDraft = draftOf(stored);
      setCompany(stored);
      setSaved(storedDraft);
      // What the server stored (the website with its http://, trimmed text) replaces what was sent, unless the user typed on meanwhile.
      if (same(latest.current, sent)) setDraft(storedDraft);
      setStatus('Your changes are saved.');
      // The layout shows the name: let it read the stored one.
      void revalidator.revalidate();
      return stored;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) showErrors(fields);
      else setAlert(error instanceof Error && error.message ? error.message : 'The profile could not be saved. Please try again.');
      return null;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await save();
  }

  async function submitForReview() {
    if (dirty && !(await save())) return;
    setAlert(null);
    try {
      const result = await sending.submit(() => api.companyAdmin.submit(key));
      if (result.ignored) return;
      setCompany(result.value);
      setStatus('Your profile is sent for review. You get an e-mail when an admin has approved it.');
      void revalidator.revalidate();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) showErrors(fields, 'Fill in what is missing, then submit again.');
      else setAlert(error instanceof Error && error.message ? error.message : 'The profile could not be submitted. Please try again.');
    }
  }

  const summary = Object.entries(errors).map(([path, message]) => ({ id: idOf(path), message }));
  const websiteShown = draft.website.trim();
  const websiteNote =
    websiteShown && !errors.website && withScheme(websiteShown) !== websiteShown ? (
      <p className="form-hint" aria-live="polite">
        Saved as {withScheme(websiteShown)}
      </p>
    ) : null;

  return (
    <>
      <ReviewPanel state={state} company={company} missing={missing} />
      <form ref={form} className="profile-form" noValidate onSubmit={onSubmit} aria-label={`${company.name} profile`}>
        <p className="form-hint">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required before the profile can be submitted for review.
        </p>
        <Section id="basics" title="Basics">
          <TextField id="name" label="Name" required value={draft.name} onChange={(name) => change({ name })} error={errors.name} maxLength={100} autoComplete="organization" />
          <TextField
            id="website"
            label="Website"
            required={REQUIRED.has('website')}
            type="url"
            inputMode="url"
            value={draft.website}
            onChange={(website) => change({ website })}
            error={errors.website}
            maxLength={300}
            autoComplete="url"
            hint="Your own site, e.g. northwind.dk."
            after={websiteNote}
          />
          <TextField
            id="foundedYear"
            label="Founded"
            inputMode="numeric"
            value={draft.foundedYear}
            onChange={(foundedYear) => change({ foundedYear })}
            error={errors.foundedYear}
            maxLength={4}
            hint="The year, e.g. 2019."
            className="form-input--short"
          />
        </Section>

        <Section id="images" title="Images" lead="JPEG, PNG, WebP, AVIF or GIF, up to 10 MB. We make every size the pages need.">
          <ImageField id="logoImage" label="Logo" type="logo" owner={owner} required value={draft.logoImage} onChange={(logoImage) => change({ logoImage })} error={errors.logoImage} hint="Square works best." />
          <ImageField
            id="coverImage"
            label="Cover image"
            type="cover"
            owner={owner}
            value={draft.coverImage}
            onChange={(coverImage) => change({ coverImage })}
            error={errors.coverImage}
            hint="Shown wide at the top of your page (16:9)."
          />
          <GalleryField
            id="galleryImages"
            label="Gallery"
            owner={owner}
            value={draft.galleryImages}
            onChange={(galleryImages) => change({ galleryImages })}
            error={errors.galleryImages ?? errors[Object.keys(errors).find((p) => p.startsWith('galleryImages.')) ?? '']}
            hint="Your office, your team at work. Up to 12."
          />
        </Section>

        <Section id="about" title="About">
          <RichTextField id="whatWeDo" label="What we do" required value={draft.whatWeDo} onChange={(whatWeDo) => change({ whatWeDo })} error={errors.whatWeDo} hint="What you make, for whom, and why it matters." />
          <TextArea id="quote-text" label="Quote" value={draft.quoteText} onChange={(quoteText) => change({ quoteText }, 'quote')} error={errors['quote.text'] ?? errors.quote} maxLength={500} hint="A line from a founder or the team, shown on your page." />
          <TextField id="quote-author" label="Quote by" value={draft.quoteAuthor} onChange={(quoteAuthor) => change({ quoteAuthor }, 'quote')} error={errors['quote.author']} maxLength={100} />
        </Section>

        <Section id="team-section" title="Team">
          <PeopleEditor id="team" legend="People on your page" noun="team member" value={draft.team} onChange={(team) => change({ team })} owner={owner} errors={errorsUnder(errors, 'team')} />
        </Section>

        <Section id="locations" title="Locations" lead="The countries you are in, each with its address.">
          <fieldset className="form-group" id="addresses" aria-invalid={errors.addresses ? true : undefined} aria-describedby={errors.addresses ? 'addresses-error' : undefined}>
            <legend>
              Countries
              {REQUIRED.has('addresses') ? (
                <span className="form-required">
                  <span aria-hidden="true"> *</span>
                  <span className="visually-hidden"> (required)</span>
                </span>
              ) : null}
            </legend>
            <ol className="row-list">
              {draft.addresses.map((row, i) => (
                <li key={i} className="row-list__item">
                  <div className="row-list__fields">
                    <Select
                      id={`addresses-${i}-countryCode`}
                      label={`Country ${i + 1}`}
                      value={row.countryCode}
                      options={COUNTRY_TERMS}
                      onChange={(countryCode) => change({ addresses: draft.addresses.map((a, j) => (j === i ? { ...a, countryCode } : a)) }, `addresses.${i}.countryCode`, 'addresses')}
                      error={errors[`addresses.${i}.countryCode`]}
                    />
                    <TextField
                      id={`addresses-${i}-address`}
                      label={`Address in country ${i + 1}`}
                      value={row.address}
                      onChange={(address) => change({ addresses: draft.addresses.map((a, j) => (j === i ? { ...a, address } : a)) }, `addresses.${i}.address`)}
                      error={errors[`addresses.${i}.address`]}
                      maxLength={300}
                      autoComplete="off"
                      hint="Street, postcode and city."
                    />
                  </div>
                  <div className="row-list__actions">
                    <button type="button" className="button button--ghost" aria-label={`Remove country ${i + 1}`} onClick={() => change({ addresses: draft.addresses.filter((_, j) => j !== i) }, 'addresses')}>
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <FieldError id="addresses" error={errors.addresses} />
            {draft.addresses.length < 20 ? (
              <div>
                <button type="button" className="button button--ghost" onClick={() => change({ addresses: [...draft.addresses, { countryCode: '', address: '' }] }, 'addresses')}>
                  Add a country
                </button>
              </div>
            ) : null}
          </fieldset>
        </Section>

        <Section id="facts" title="Company facts">
          <div className="form-row">
            <Select id="numberOfEmployees" label="Number of employees" required value={draft.numberOfEmployees} options={EMPLOYEE_COUNTS} onChange={(numberOfEmployees) => change({ numberOfEmployees })} error={errors.numberOfEmployees} />
            <Select id="fundingStage" label="Funding stage" value={draft.fundingStage} options={FUNDING_STAGES} onChange={(fundingStage) => change({ fundingStage })} error={errors.fundingStage} />
            <Select id="businessModel" label="Business model" value={draft.businessModel} options={BUSINESS_MODELS} onChange={(businessModel) => change({ businessModel })} error={errors.businessModel} />
          </div>
          <ChipPicker id="industries" legend="Industries" required value={draft.industries} options={INDUSTRIES} onChange={(industries) => change({ industries })} error={errors.industries} />
        </Section>

        <Section id="perks-section" title="Perks" lead="What working with you comes with.">
          <ChipPicker id="perks" legend="Perks" value={draft.perks} options={PERKS} onChange={(perks) => change({ perks })} error={errors.perks} />
        </Section>

        <Section id="impact" title="Impact" lead="The UN Sustainable Development Goals your work contributes to.">
          <CheckboxGroup id="sdgs" legend="Sustainable Development Goals" value={draft.sdgs} options={SDGS.map((s) => ({ value: s.value, text: `${s.value}. ${s.text}` }))} onChange={(sdgs) => change({ sdgs })} error={errors.sdgs} />
        </Section>

        <Section id="figures" title="Key figures" lead="Up to 6 numbers you are proud of, written as you like: €2M, 40k, 12.">
          <fieldset className="form-group" id="keyFigures" aria-invalid={errors.keyFigures ? true : undefined} aria-describedby={errors.keyFigures ? 'keyFigures-error' : undefined}>
            <legend>Figures</legend>
            <ol className="row-list">
              {draft.keyFigures.map((row, i) => (
                <li key={i} className="row-list__item">
                  <div className="row-list__fields">
                    <Select
                      id={`keyFigures-${i}-name`}
                      label={`Figure ${i + 1}`}
                      value={row.name}
                      options={KEY_FIGURE_NAMES}
                      onChange={(name) => change({ keyFigures: draft.keyFigures.map((k, j) => (j === i ? { ...k, name } : k)) }, `keyFigures.${i}.name`)}
                      error={errors[`keyFigures.${i}.name`]}
                    />
                    <TextField
                      id={`keyFigures-${i}-value`}
                      label={`Value of figure ${i + 1}`}
                      value={row.value}
                      onChange={(value) => change({ keyFigures: draft.keyFigures.map((k, j) => (j === i ? { ...k, value } : k)) }, `keyFigures.${i}.value`)}
                      error={errors[`keyFigures.${i}.value`]}
                      maxLength={40}
                      autoComplete="off"
                    />
                  </div>
                  <div className="row-list__actions">
                    <button type="button" className="button button--ghost" aria-label={`Remove figure ${i + 1}`} onClick={() => change({ keyFigures: draft.keyFigures.filter((_, j) => j !== i) }, 'keyFigures')}>
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <FieldError id="keyFigures" error={errors.keyFigures} />
            {draft.keyFigures.length < 6 ? (
              <div>
                <button type="button" className="button button--ghost" onClick={() => change({ keyFigures: [...draft.keyFigures, { name: '', value: '' }] }, 'keyFigures')}>
                  Add a figure
                </button>
              </div>
            ) : null}
          </fieldset>
        </Section>

        <FormErrorSummary items={summary} message={alert} />
        <div className="form-actions">
          <p className="form-actions__status" role="status">
            {status || (dirty ? 'You have unsaved changes.' : '')}
          </p>
          {company.status === 'ACTIVE' ? (
            <Link to={paths.startup(key)} className="button button--ghost">
              View your page
            </Link>
          ) : null}
          <SubmitButton busy={saving.busy} busyLabel="Saving…" className="button button--ghost">
            Save
          </SubmitButton>
          {state === 'draft' || state === 'returned' ? (
            <button
              type="button"
              className="button button--primary"
              aria-disabled={!canSubmit || sending.busy || undefined}
              aria-busy={sending.busy || undefined}
              aria-describedby={canSubmit ? undefined : 'submit-note'}
              onClick={() => {
                if (canSubmit) void submitForReview();
              }}
            >
              {sending.busy ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  Submitting…
                </>
              ) : (
                'Submit for review'
              )}
            </button>
          ) : null}
          {(state === 'draft' || state === 'returned') && !canSubmit ? (
            <p id="submit-note" className="form-hint">
              {missing.length === 1 ? '1 required field is' : `${missing.length} required fields are`} still missing.
            </p>
          ) : null}
        </div>
      </form>
      {prompt}
    </>
  );
}

export function Component() {
  const { owner, company } = useLoaderData<typeof loader>();
  return (
    <div>
      <header className="page-head">
        <h1>Edit startup profile</h1>
        <p className="page-head__lead">
          {company.status === 'DRAFT'
            ? `${owner.name} is a draft. Finish its profile to publish it and post jobs.`
            : `What talent sees on the ${owner.name} page: what you do, your team, perks and pictures.`}
        </p>
      </header>
      {/* A new form for another startup; the same startup keeps its form (and what was typed) across revalidations. */}
      <EditForm key={company.key} initial={company} />
    </div>
  );
}
