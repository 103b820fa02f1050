/**
 * The job form's grouped fields (issue #12): categories in the spec's selection groups, where the job
 * is, salary, equity, how to apply and the screening questions. Each takes the form's values, a
 * `change` that also clears the messages of the paths it names, and the messages by path.
 */
import { countryName, SALARY_CURRENCIES, SCREENING } from '@nordlys/sdk/constants';
import { categorySections, type Term } from '@nordlys/sdk/vocabulary';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from '../../lib/Link';
import { ChipPicker } from '../form/CheckboxGroup';
import { FieldError, RequiredMark } from '../form/Field';
import { Select } from '../form/Select';
import { TextField } from '../form/TextField';
import { fieldId, PLACE_COUNTRIES, type ApplyMethod, type EquityType, type JobDraft, type LocationKind, type SalaryType, type StartupAddress } from './draft';
import { RadioGroup } from './RadioGroup';

export type Change = (patch: Partial<JobDraft>, ...paths: string[]) => void;

interface GroupProps {
  draft: JobDraft;
  change: Change;
  errors: Record<string, string>;
}

/** The most categories a job takes (the schema's limit, sdk JobInputSchema). */
export const MAX_CATEGORIES = 3;

/**
 * Categories in the spec 3 selection groups, each group its own set of chips. At most three: a
 * fourth is refused with the schema's message (`onTooMany`), so nothing is lost silently.
 */
export function CategoryField({ draft, change, errors, onTooMany, required }: GroupProps & { onTooMany: (tried: string[]) => void; required?: boolean }) {
  const id = fieldId('categories');
  const error = errors.categories;
  return (
    <fieldset className="form-group category-field" id={id} aria-invalid={error ? true : undefined} aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}>
      <legend>
        Categories
        <RequiredMark required={required} />
      </legend>
      <p id={`${id}-hint`} className="form-hint">
        Up to {MAX_CATEGORIES}: talent filters jobs by them. {draft.categories.length} of {MAX_CATEGORIES} chosen.
      </p>
      <div className="category-field__groups">
        {categorySections().map((section) => {
          const own = section.categories.map((c) => c.value as string);
          return (
            <ChipPicker
              key={section.label}
              id={`${id}-${(section.group ?? 'other').replace(/\s+/g, '-')}`}
              legend={section.label}
              value={draft.categories.filter((c) => own.includes(c))}
              options={section.categories}
              onChange={(chosen) => {
                // This group's choice replaces its part; the order stays the order of choosing.
                const others = draft.categories.filter((c) => !own.includes(c));
                const next = [...draft.categories.filter((c) => others.includes(c) || chosen.includes(c)), ...chosen.filter((c) => !draft.categories.includes(c))];
                if (next.length > MAX_CATEGORIES) onTooMany(next);
                else change({ categories: next }, 'categories');
              }}
            />
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

const addressText = (a: StartupAddress) => (a.address ? `${a.address} (${countryName(a.countryCode)})` : countryName(a.countryCode));

/** Where the job is: one of the startup's addresses, another place, or remote (with an optional country requirement). */
export function LocationField({ draft, change, errors, addresses, editProfileHref, required }: GroupProps & { addresses: readonly StartupAddress[]; editProfileHref: string; required?: boolean }) {
  const kinds: { value: LocationKind; text: string; hint?: ReactNode; disabled?: boolean }[] = [
    {
      value: 'address',
      text: 'One of our addresses',
      ...(addresses.length
        ? {}
        : {
            disabled: true,
            hint: (
              <>
                Your startup profile lists no addresses yet: <Link to={editProfileHref}>add them to your profile</Link>.
              </>
            ),
          }),
    },
    { value: 'place', text: 'Another place' },
    { value: 'remote', text: 'Remote' },
  ];
  const addressOptions: Term[] = addresses.map((a, i) => ({ value: String(i), text: addressText(a) }));
  return (
    <RadioGroup
      id={fieldId('location')}
      legend="Where is the job?"
      required={required}
      value={draft.locationKind}
      options={kinds}
      onChange={(locationKind) => change({ locationKind, ...(locationKind === 'address' && draft.addressIndex === '' && addresses.length ? { addressIndex: '0' } : {}) }, 'location')}
      error={errors.location}
    >
      {draft.locationKind === 'address' ? (
        <Select
          id={fieldId('location.addressIndex')}
          label="Address"
          value={draft.addressIndex}
          options={addressOptions}
          onChange={(addressIndex) => change({ addressIndex }, 'location')}
          error={errors['location.addressIndex']}
        />
      ) : null}
      {draft.locationKind === 'place' ? (
        <div className="form-row">
          <TextField id={fieldId('location.locality')} label="City" required value={draft.locality} onChange={(locality) => change({ locality }, 'location.locality', 'location')} error={errors['location.locality']} maxLength={100} autoComplete="off" />
          <Select
            id={fieldId('location.countryCode')}
            label="Country"
            required
            value={draft.placeCountry}
            options={PLACE_COUNTRIES}
            onChange={(placeCountry) => change({ placeCountry }, 'location.countryCode', 'location')}
            error={errors['location.countryCode']}
          />
          <TextField
            id={fieldId('location.address')}
            label="Address"
            value={draft.placeAddress}
            onChange={(placeAddress) => change({ placeAddress }, 'location.address')}
            error={errors['location.address']}
            maxLength={200}
            autoComplete="off"
            hint="Street and postcode, if you want to show them."
          />
        </div>
      ) : null}
      {draft.locationKind === 'remote' ? (
        <Select
          id={fieldId('location.countryCode')}
          label="Candidates must live in"
          value={draft.remoteCountry}
          options={PLACE_COUNTRIES}
          placeholder="Anywhere"
          onChange={(remoteCountry) => change({ remoteCountry }, 'location.countryCode', 'location')}
          error={errors['location.countryCode']}
          hint="Leave it at Anywhere when the job can be done from any country."
        />
      ) : null}
    </RadioGroup>
  );
}

const CURRENCIES: Term[] = SALARY_CURRENCIES.map((c) => ({ value: c, text: c }));
const PERIODS: Term[] = [
  { value: 'year', text: 'per year' },
  { value: 'month', text: 'per month' },
  { value: 'hour', text: 'per hour' },
];

export function SalaryField({ draft, change, errors }: GroupProps) {
  const types: { value: SalaryType; text: string }[] = [
    { value: 'competitive', text: 'Competitive' },
    { value: 'range', text: 'A range' },
    { value: 'unpaid', text: 'Unpaid' },
  ];
  return (
    <RadioGroup id={fieldId('salary')} legend="Salary" value={draft.salaryType} options={types} onChange={(salaryType) => change({ salaryType }, 'salary')} error={errors.salary}>
      {draft.salaryType === 'range' ? (
        <div className="form-row form-row--money">
          <TextField id={fieldId('salary.min')} label="From" required inputMode="numeric" value={draft.salaryMin} onChange={(salaryMin) => change({ salaryMin }, 'salary.min', 'salary')} error={errors['salary.min']} maxLength={12} autoComplete="off" />
          <TextField id={fieldId('salary.max')} label="To" required inputMode="numeric" value={draft.salaryMax} onChange={(salaryMax) => change({ salaryMax }, 'salary.max', 'salary')} error={errors['salary.max']} maxLength={12} autoComplete="off" />
          <Select id={fieldId('salary.currency')} label="Currency" placeholder={null} value={draft.salaryCurrency} options={CURRENCIES} onChange={(salaryCurrency) => change({ salaryCurrency }, 'salary.currency')} error={errors['salary.currency']} />
          <Select id={fieldId('salary.period')} label="Paid" placeholder={null} value={draft.salaryPeriod} options={PERIODS} onChange={(salaryPeriod) => change({ salaryPeriod }, 'salary.period')} error={errors['salary.period']} />
        </div>
      ) : null}
    </RadioGroup>
  );
}

export function EquityField({ draft, change, errors }: GroupProps) {
  const types: { value: EquityType; text: string }[] = [
    { value: 'undisclosed', text: 'Not disclosed' },
    { value: 'negotiated', text: 'Negotiable' },
    { value: 'percentage', text: 'A percentage' },
  ];
  return (
    <RadioGroup id={fieldId('equity')} legend="Equity" value={draft.equityType} options={types} onChange={(equityType) => change({ equityType }, 'equity')} error={errors.equity}>
      {draft.equityType === 'percentage' ? (
        <div className="form-row">
          <TextField id={fieldId('equity.min')} label="From (%)" required inputMode="decimal" value={draft.equityMin} onChange={(equityMin) => change({ equityMin }, 'equity.min', 'equity')} error={errors['equity.min']} maxLength={6} autoComplete="off" />
          <TextField id={fieldId('equity.max')} label="To (%)" required inputMode="decimal" value={draft.equityMax} onChange={(equityMax) => change({ equityMax }, 'equity.max', 'equity')} error={errors['equity.max']} maxLength={6} autoComplete="off" />
        </div>
      ) : null}
    </RadioGroup>
  );
}

export function ApplyField({ draft, change, errors, productName }: GroupProps & { productName: string }) {
  const methods: { value: ApplyMethod; text: string; hint?: string }[] = [
    { value: 'nordlys', text: `On ${productName}`, hint: 'Candidates apply here and you follow them on your applicants board.' },
    { value: 'url', text: 'On our website' },
    { value: 'email', text: 'By e-mail' },
  ];
  return (
    <RadioGroup id={fieldId('apply')} legend="How do candidates apply?" value={draft.applyMethod} options={methods} onChange={(applyMethod) => change({ applyMethod }, 'apply')} error={errors.apply}>
      {draft.applyMethod === 'url' ? (
        <TextField
          id={fieldId('apply.url')}
          label="Application link"
          required
          type="url"
          inputMode="url"
          value={draft.applyUrl}
          onChange={(applyUrl) => change({ applyUrl }, 'apply.url', 'apply')}
          error={errors['apply.url']}
          maxLength={300}
          autoComplete="url"
          hint="The page of your site where candidates apply, e.g. northwind.dk/jobs/42."
        />
      ) : null}
      {draft.applyMethod === 'email' ? (
        <TextField
          id={fieldId('apply.email')}
          label="Application e-mail"
          required
          type="email"
          inputMode="email"
          value={draft.applyEmail}
          onChange={(applyEmail) => change({ applyEmail }, 'apply.email', 'apply')}
          error={errors['apply.email']}
          maxLength={254}
          autoComplete="email"
        />
      ) : null}
    </RadioGroup>
  );
}

/** Up to SCREENING.maxQuestions short questions, added and removed with buttons; focus follows, and each change is announced. */
export function ScreeningQuestionsField({ draft, change, errors }: GroupProps) {
  const id = fieldId('screeningQuestions');
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const questions = draft.screeningQuestions;
  const focusLater = (find: () => HTMLElement | null | undefined) => requestAnimationFrame(() => find()?.focus());

  function add() {
    change({ screeningQuestions: [...questions, ''] }, 'screeningQuestions');
    setAnnouncement(`Added question ${questions.length + 1}`);
    focusLater(() => document.getElementById(fieldId(`screeningQuestions.${questions.length}`)));
  }

  function remove(index: number) {
    change({ screeningQuestions: questions.filter((_, i) => i !== index) }, 'screeningQuestions');
    setAnnouncement(`Removed question ${index + 1}`);
    focusLater(() =>
      questions.length > 1 ? document.getElementById(fieldId(`screeningQuestions.${Math.min(index, questions.length - 2)}`)) : document.getElementById(`${id}-add`),
    );
  }

  return (
    <fieldset className="form-group" id={id} aria-invalid={errors.screeningQuestions ? true : undefined} aria-describedby={[errors.screeningQuestions ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}>
      <legend>Screening questions</legend>
      <p id={`${id}-hint`} className="form-hint">
        Optional: up to {SCREENING.maxQuestions} short questions candidates answer when they apply on the site, e.g. “Can you work from Aarhus two days a week?”
      </p>
      {questions.length ? (
        <ol ref={list} className="row-list">
          {questions.map((question, i) => (
            // The index is the identity: questions have no id of their own.
            <li key={i} className="row-list__item row-list__item--inline">
              <TextField
                id={fieldId(`screeningQuestions.${i}`)}
                label={`Question ${i + 1}`}
                value={question}
                onChange={(value) => change({ screeningQuestions: questions.map((q, j) => (j === i ? value : q)) }, `screeningQuestions.${i}`, 'screeningQuestions')}
                error={errors[`screeningQuestions.${i}`]}
                maxLength={SCREENING.questionMax}
                autoComplete="off"
              />
              <div className="row-list__actions">
                <button type="button" className="button button--ghost" onClick={() => remove(i)}>
                  Remove question {i + 1}
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <FieldError id={id} error={errors.screeningQuestions} />
      {questions.length < SCREENING.maxQuestions ? (
        <div>
          <button type="button" id={`${id}-add`} className="button button--ghost" onClick={add}>
            Add a question
          </button>
        </div>
      ) : (
        <p className="form-hint">That is the most: {SCREENING.maxQuestions} questions.</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
