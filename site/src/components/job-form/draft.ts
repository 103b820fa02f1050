/**
 * The job form's values as typed (text for numbers, one field per input), what it sends (the sdk's
 * JobInputSchema checks and trims it, here and on the server), and the job it previews.
 */
import { COUNTRIES, SALARY_PERIODS, type JobStatus } from '@nordlys/sdk/constants';
import { jobPlace } from '@nordlys/sdk/jobs';
import { companyPriceCountry, jobPrice } from '@nordlys/sdk/pricing';
import { expiresAtEndOf, isoDay, jobMissing, type Company, type Job, type JobInput, type JobManage, type JobRequiredField, type ManagedJob } from '@nordlys/sdk/schemas';

export type LocationKind = 'address' | 'place' | 'remote';
export type SalaryType = 'competitive' | 'unpaid' | 'range';
export type EquityType = 'undisclosed' | 'negotiated' | 'percentage';
export type ApplyMethod = 'nordlys' | 'url' | 'email';

export interface JobDraft {
  title: string;
  /** HTML from the editor. */
  description: string;
  categories: string[];
  positionType: string;
  /** '' while none is chosen. */
  locationKind: LocationKind | '';
  /** The chosen address's place in the startup's list, as the select's value. */
  addressIndex: string;
  locality: string;
  placeCountry: string;
  placeAddress: string;
  /** '' for anywhere. */
  remoteCountry: string;
  salaryType: SalaryType;
  salaryMin: string;
  salaryMax: string;
  salaryCurrency: string;
  salaryPeriod: string;
  equityType: EquityType;
  equityMin: string;
  equityMax: string;
  applyMethod: ApplyMethod;
  applyUrl: string;
  applyEmail: string;
  perks: string[];
  /** 'YYYY-MM-DD', the date input's value. */
  expirationDate: string;
  screeningQuestions: string[];
}

/** The addresses the location's select offers: the startup's, in its order. */
export type StartupAddress = Company['addresses'][number];

/** A new job's form: the startup's first address, its perks, the salary in its currency, expiring on `expirationDate`. */
export function newDraft(company: Pick<Company, 'addresses' | 'perks' | 'countries'>, expirationDate: string): JobDraft {
  return {
    title: '',
    description: '',
    categories: [],
    positionType: 'FULL_TIME',
    locationKind: company.addresses.length ? 'address' : '',
    addressIndex: company.addresses.length ? '0' : '',
    locality: '',
    placeCountry: '',
    placeAddress: '',
    remoteCountry: '',
    salaryType: 'competitive',
    salaryMin: '',
    salaryMax: '',
    // The currency of the country the startup pays in (sdk pricing), e.g. DKK for a Danish startup.
    salaryCurrency: jobPrice(companyPriceCountry(company)).currency,
    salaryPeriod: 'year',
    equityType: 'undisclosed',
    equityMin: '',
    equityMax: '',
    applyMethod: 'nordlys',
    applyUrl: '',
    applyEmail: '',
    perks: [...company.perks],
    expirationDate,
    screeningQuestions: [],
  };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form of a stored job (`manage.form`); a date that is not set becomes `fallbackExpiration`. */
export function draftOf(form: JobManage['form'], fallbackExpiration: string, salaryCurrency = 'EUR'): JobDraft {
  const { location, salary, equity, apply } = form;
  return {
    title: form.title,
    description: form.description,
    categories: [...form.categories],
    positionType: form.positionType,
    locationKind: location?.kind ?? '',
    addressIndex: location?.kind === 'address' ? String(location.addressIndex) : '',
    locality: location?.kind === 'place' ? location.locality : '',
    placeCountry: location?.kind === 'place' ? location.countryCode : '',
    placeAddress: location?.kind === 'place' ? (location.address ?? '') : '',
    remoteCountry: location?.kind === 'remote' ? (location.countryCode ?? '') : '',
    salaryType: salary.type,
    salaryMin: salary.type === 'range' ? text(salary.min) : '',
    salaryMax: salary.type === 'range' ? text(salary.max) : '',
    salaryCurrency: salary.type === 'range' ? salary.currency : salaryCurrency,
    salaryPeriod: salary.type === 'range' ? salary.period : 'year',
    equityType: equity.type,
    equityMin: equity.type === 'percentage' ? text(equity.min) : '',
    equityMax: equity.type === 'percentage' ? text(equity.max) : '',
    applyMethod: apply.method,
    applyUrl: apply.method === 'url' ? (apply.url ?? '') : '',
    applyEmail: apply.method === 'email' ? (apply.email ?? '') : '',
    perks: [...form.perks],
    // Stored as the end of the day in UTC (sdk expiresAtEndOf), so the UTC day is the one that was chosen.
    expirationDate: form.expirationDate ? isoDay(new Date(form.expirationDate)) : fallbackExpiration,
    screeningQuestions: [...form.screeningQuestions],
  };
}

/** A number as typed: a number when it reads as one, '' as missing, anything else as typed (for the schema's message). */
function amount(typed: string): unknown {
  const t = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : typed;
}

/** What POST/PUT companies/{key}/jobs take; the schema trims, turns '' into null and checks. */
export function inputOf(draft: JobDraft): unknown {
  const location =
    draft.locationKind === 'address'
      ? { kind: 'address', addressIndex: draft.addressIndex === '' ? undefined : Number(draft.addressIndex) }
      : draft.locationKind === 'place'
        ? { kind: 'place', locality: draft.locality, countryCode: draft.placeCountry || undefined, address: draft.placeAddress }
        : draft.locationKind === 'remote'
          ? { kind: 'remote', countryCode: draft.remoteCountry || null }
          : null;
  const salary =
    draft.salaryType === 'range'
      ? { type: 'range', min: amount(draft.salaryMin), max: amount(draft.salaryMax), currency: draft.salaryCurrency || undefined, period: draft.salaryPeriod || undefined }
      : { type: draft.salaryType };
  const equity = draft.equityType === 'percentage' ? { type: 'percentage', min: amount(draft.equityMin), max: amount(draft.equityMax) } : { type: draft.equityType };
  const apply =
    draft.applyMethod === 'url' ? { method: 'url', url: draft.applyUrl } : draft.applyMethod === 'email' ? { method: 'email', email: draft.applyEmail } : { method: 'nordlys' };
  return {
    title: draft.title,
    description: draft.description,
    categories: draft.categories,
    positionType: draft.positionType,
    location,
    salary,
    equity,
    apply,
    perks: draft.perks,
    expirationDate: draft.expirationDate,
    screeningQuestions: draft.screeningQuestions,
  } satisfies Record<keyof JobInput, unknown>;
}

export const sameDraft = (a: JobDraft, b: JobDraft) => JSON.stringify(a) === JSON.stringify(b);

/** The id of a field's element from its message path: 'salary.max' → 'job-salary-max'. Prefixed: the preview shows the job page, whose ids ('perks', 'apply') must stay unique. */
export const fieldId = (path: string) => `job-${path.replace(/\./g, '-')}`;

/** What the job still lacks before it is published (sdk jobMissing), from the form as typed. */
export function missingOf(draft: JobDraft): Partial<Record<JobRequiredField, string>> {
  return jobMissing({
    description: draft.description || null,
    categories: draft.categories as never,
    location: draft.locationKind ? ({ kind: draft.locationKind } as never) : null,
  });
}

/** The statuses whose changes save as the user types; the others save with "Save changes" (a live job changes only on purpose). */
export const autosaves = (status: JobStatus | null) => status === null || status === 'DRAFT';

const number = (typed: string): number | null => {
  const n = amount(typed);
  return typeof n === 'number' ? n : null;
};

export interface PreviewContext {
  company: Company;
  /** The stored job, once there is one (its id, dates and the startup's public backers). */
  job: ManagedJob | null;
  /** The description to show, sanitized with the sdk policy. */
  descriptionHtml: string;
  now: Date;
}

/** The job as talent will see it, from the form as typed: what the job page and the job card of the preview show. */
export function previewJob(draft: JobDraft, { company, job, descriptionHtml, now }: PreviewContext): Job {
  const location =
    draft.locationKind === 'address'
      ? { kind: 'address' as const, addressIndex: Number(draft.addressIndex) }
      : draft.locationKind === 'place'
        ? { kind: 'place' as const, locality: draft.locality.trim(), countryCode: draft.placeCountry, address: draft.placeAddress.trim() || null }
        : draft.locationKind === 'remote'
          ? { kind: 'remote' as const, countryCode: draft.remoteCountry || null }
          : null;
  const place = jobPlace(location, company.addresses) ?? { isRemote: false, remoteCountryCode: null, location: null };
  const iso = now.toISOString();
  return {
    id: job?.id ?? 0,
    title: draft.title.trim() || 'Job title',
    status: 'ACTIVE',
    company: job?.company ?? {
      id: company.id,
      key: company.key,
      name: company.name,
      logoImage: company.logoImage,
      website: company.website,
      whatWeDo: company.whatWeDo,
      countries: company.countries,
      numberOfActiveJobs: company.numberOfActiveJobs,
    },
    location: place.location,
    isRemote: place.isRemote,
    remoteCountryCode: place.remoteCountryCode,
    categories: draft.categories,
    positionType: draft.positionType as Job['positionType'],
    salary:
      draft.salaryType === 'range'
        ? {
            type: 'range',
            min: number(draft.salaryMin),
            max: number(draft.salaryMax),
            currency: draft.salaryCurrency || null,
            period: (SALARY_PERIODS as readonly string[]).includes(draft.salaryPeriod) ? (draft.salaryPeriod as 'year') : null,
          }
        : { type: draft.salaryType, min: null, max: null, currency: null },
    equity: draft.equityType === 'percentage' ? { type: 'percentage', min: number(draft.equityMin), max: number(draft.equityMax) } : { type: draft.equityType, min: null, max: null },
    // A job not yet live shows as posted now: the day it goes live.
    createdAt: job?.createdAt ?? iso,
    approvedAt: job?.approvedAt ?? iso,
    boostingExpiresAt: job?.boostingExpiresAt ?? null,
    expirationDate: /^\d{4}-\d{2}-\d{2}$/.test(draft.expirationDate) ? expiresAtEndOf(draft.expirationDate) : null,
    views: job?.views ?? 0,
    board: job?.board ?? 'nordlys',
    description: descriptionHtml,
    perks: draft.perks,
    apply: { method: draft.applyMethod, url: draft.applyUrl.trim() || null, email: draft.applyEmail.trim() || null },
    screeningQuestions: draft.screeningQuestions.filter((q) => q.trim()),
  };
}

/** The countries a job may be in (a startup is somewhere: REMOTE is its own choice). */
export const PLACE_COUNTRIES = COUNTRIES.filter((c) => c.value !== 'REMOTE');
