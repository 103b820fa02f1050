/**
 * The startup toolbox's pages (issue #15): the categories of tools and partners from the site
 * configuration (spec 3 toolCategories, partnerCategories), and who may claim a deal and for which
 * startup (the user's selected company profile, or a choice when they have several).
 */
import { isApiError } from '@nordlys/sdk/api';
import type { ClaimedDeal, Option, ProfileEntry, User } from '@nordlys/sdk/schemas';
import type { RouterContextProvider } from 'react-router';
import { apiFrom } from '../api';
import { failureMessage, serverFieldErrors } from '../components/form/errors';
import { orFallback } from './routeErrors';

type ContextReader = Pick<RouterContextProvider, 'get'>;

/** The site configuration's categories of tools or partners; none when the configuration cannot be read (the pages still show every entry). */
export async function directoryCategories(context: ContextReader, kind: 'tool' | 'partner'): Promise<Option[]> {
  const config = await orFallback(apiFrom(context).site.config(), null);
  if (!config) return [];
  return kind === 'tool' ? config.toolCategories : config.partnerCategories;
}

/**
 * A category's name: its text in the configuration, else the value made readable.
 * @example categoryText([{ value: 'law-firm', text: 'Law firm' }], 'law-firm') // 'Law firm'
 */
export function categoryText(categories: readonly Option[], value: string): string {
  const known = categories.find((c) => c.value === value)?.text;
  if (known) return known;
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The categories to offer as filters or sections: the configuration's, in its order, that have an
 * entry, then any category an entry has that the configuration does not name.
 */
export function usedCategories(categories: readonly Option[], entries: readonly { category: string }[]): Option[] {
  const used = new Set(entries.map((e) => e.category));
  const known = categories.filter((c) => used.has(c.value));
  const unknown = [...used].filter((value) => !categories.some((c) => c.value === value)).map((value) => ({ value, text: categoryText(categories, value) }));
  return [...known, ...unknown];
}

/** What the viewer of a deal may do (spec 6: deals are for startups; admins bypass membership). */
export type DealAccess =
  /** Signed out: sign in, or create a startup profile. */
  | { kind: 'visitor' }
  /** Signed in without a startup on this platform. */
  | { kind: 'no-startup' }
  /** An admin without startups of their own: they claim from a startup's admin area. */
  | { kind: 'admin' }
  /** Only draft startups: finish the profile first. */
  | { kind: 'draft'; startup: StartupRef }
  /** Members of live startups: claim for one; `preselected` is the selected company profile, or the only one. */
  | { kind: 'claim'; startups: StartupRef[]; preselected: string | null };

/** A startup a deal can be claimed for. */
export interface StartupRef {
  key: string;
  name: string;
}

const refOf = ({ key, name }: ProfileEntry): StartupRef => ({ key, name });

/**
 * Who may claim a deal, and for which startup: the user's startups that are not drafts; the one
 * preselected is the selected company profile (spec 4), or the only startup, else none (the user chooses).
 */
export function dealAccess(user: Pick<User, 'isAdmin'> | null, profiles: readonly ProfileEntry[], selected: ProfileEntry | null): DealAccess {
  if (!user) return { kind: 'visitor' };
  const companies = profiles.filter((p) => p.type === 'company');
  const startups = companies.filter((p) => !p.isDraft);
  if (startups.length === 0) {
    if (user.isAdmin) return { kind: 'admin' };
    return companies[0] ? { kind: 'draft', startup: refOf(companies[0]) } : { kind: 'no-startup' };
  }
  const preselected =
    startups.length === 1 ? startups[0]!.key : selected?.type === 'company' && startups.some((s) => s.key === selected.key) ? selected.key : null;
  return { kind: 'claim', startups: startups.map(refOf), preselected };
}


/** The claim form's field naming the startup. */
export const CLAIM_FIELD = 'company';

/** The answer of a claim form's post: the claimed deal, or why not, with the startup that was chosen (kept for the form). */
export type ClaimResult =
  | { ok: true; claim: ClaimedDeal }
  | { ok: false; message: string; errors: Record<string, string>; company: string; link: string | null };

/**
 * A claim form's post (the public deal page's and the startup's copy): claims deal `dealKey` for the
 * startup the form names. A refusal is an answer for the form (400 under the field, 403 with where
 * to go instead), never the error page, and the choice is kept.
 */
export async function claimFromForm(context: ContextReader, request: Request, dealKey: string): Promise<ClaimResult> {
  const form = await request.formData();
  return claimDealFor(context, dealKey, String(form.get(CLAIM_FIELD) ?? ''));
}

/** Claims deal `dealKey` for the startup `company`: the claimed deal, or the refusal for the form. */
export async function claimDealFor(context: ContextReader, dealKey: string, company: string): Promise<ClaimResult> {
  try {
    return { ok: true, claim: await apiFrom(context).deals.claim(dealKey, company) };
  } catch (error) {
    return {
      ok: false,
      message: failureMessage(error, 'The deal could not be claimed just now. Please try again.'),
      errors: serverFieldErrors(error) ?? {},
      company,
      link: isApiError(error) ? (error.link ?? null) : null,
    };
  }
}
