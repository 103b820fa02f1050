/**
 * `/client/startups/{company}/white-label-feeds` (issue #11, spec 1 and 2.5): the job feeds a startup
 * runs for partners on their own domains. The list of its feeds, a form to create or edit one (name,
 * logo, description, domain with its DNS record and check, countries with remote, categories and
 * startups), delete with a confirmation, and a live preview: the feed's header and the first jobs its
 * filters select (GET /v2/jobs with the feed's query, sdk feedJobFilter, as the white-label page
 * itself searches), plus a link to open it on its domain.
 */
import { COUNTRIES } from '@nordlys/sdk/constants';
import { companyAdminPath } from '@nordlys/sdk/navigation';
import { jobPath } from '@nordlys/sdk/routes';
import {
  WhiteLabelFeedInputSchema,
  type CompanySummary,
  type Image,
  type JobSummary,
  type ManagedFeed,
  type WhiteLabelFeedInput,
} from '@nordlys/sdk/schemas';
import { categorySections } from '@nordlys/sdk/vocabulary';
import { feedJobFilter } from '@nordlys/sdk/visibility';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { apiFrom, siteHostFrom } from '../../../../api';
import { DOMAIN_STATE_LABELS, DomainField } from '../../../../components/DomainField';
import { failureMessage, isConflict } from '../../../../components/form/errors';
import { CheckboxGroup, fieldErrorsOf, focusFirstInvalidIn, serverFieldErrors, TextArea, TextField, type FormErrors } from '../../../../components/form';
import { ImageField } from '../../../../components/ImageField';
import { ConfirmRow } from '../../../../components/TeamManager';
import { companyArea, type AreaOwner } from '../../../../layouts/areas';
import { domId } from '../../../../lib/domId';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';
import { FormAlert, FormStatus, SubmitButton } from '../../../../modals/fields';
import { useApi } from '../../../../modals/useApi';
import { useGuardedSubmit } from '../../../../modals/useGuardedSubmit';

interface FeedsData {
  owner: AreaOwner;
  feeds: ManagedFeed[];
  siteHost: string;
}

export async function loader(args: LoaderFunctionArgs): Promise<FeedsData> {
  const owner = await companyArea(args);
  const { feeds } = await orRouteError(apiFrom(args.context).companyAdmin.feeds(owner.key));
  return { owner, feeds, siteHost: siteHostFrom(args.context) };
}

export const handle: RouteHandle<FeedsData> = {
  meta: ({ data }) => ({ title: `White-label feeds · ${data.owner.name}`, noindex: true }),
};

/** How many jobs the preview lists. */
const PREVIEW_JOBS = 5;
/** How many of a saved feed's startups get their names looked up (the rest show their keys). */
const NAMES_LOOKED_UP = 30;
/** How long the form rests before the preview and the startup search ask again. */
const DEBOUNCE_MS = 300;

/** A startup the feed shows, by key; its name when known. */
interface PickedStartup {
  key: string;
  name: string;
}

interface Draft {
  name: string;
  domain: string;
  description: string;
  logo: Image | null;
  countryCodes: string[];
  includeRemote: boolean;
  categories: string[];
  startups: PickedStartup[];
}

const emptyDraft = (): Draft => ({
  name: '',
  domain: '',
  description: '',
  logo: null,
  countryCodes: [],
  includeRemote: false,
  categories: [],
  startups: [],
});

function draftOf(feed: ManagedFeed): Draft {
  return {
    name: feed.name,
    domain: feed.domain,
    description: feed.description ?? '',
    logo: feed.logoImage,
    countryCodes: feed.filters.countryCodes ?? [],
    includeRemote: feed.filters.includeRemote === true,
    categories: feed.filters.categories ?? [],
    // The list answers keys only: a key stands for its name until the startup search names it.
    startups: (feed.filters.companyKeys ?? []).map((key) => ({ key, name: key })),
  };
}

/** The body of POST/PUT …/white-label-feeds. */
function inputOf(draft: Draft): WhiteLabelFeedInput {
  return {
    name: draft.name,
    domain: draft.domain.trim(),
    description: draft.description,
    logoImage: draft.logo?.path ?? null,
    filters: {
      countryCodes: draft.countryCodes,
      includeRemote: draft.includeRemote,
      categories: draft.categories,
      companyKeys: draft.startups.map((s) => s.key),
    },
  };
}

/** Field messages by the form's fields: a filter's message goes to its group ('filters.countryCodes.0' → 'countryCodes'). */
function byField(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const [first, second] = path.split('.');
    const field = first === 'filters' ? (second ?? 'filters') : (first ?? '_');
    out[field] ??= message;
  }
  return out;
}

/** A value that settles DEBOUNCE_MS after its last change. */
function useDebounced<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const feedUrl = (domain: string) => `http://${domain}/`;

export function Component() {
  const { owner, feeds: initial, siteHost } = useLoaderData<typeof loader>();
  const api = useApi();
  const [feeds, setFeeds] = useState<ManagedFeed[]>(initial);
  // null: the list; 'new' or a feed: the editor.
  const [editing, setEditing] = useState<'new' | ManagedFeed | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const remove = useGuardedSubmit();
  const newButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setFeeds(initial), [initial]);

  async function onDelete(feed: ManagedFeed) {
    setAlert(null);
    try {
      const result = await remove.submit(() => api.companyAdmin.deleteFeed(owner.key, feed.id));
      if (result.ignored) return;
      setDeleting(null);
      setFeeds((list) => list.filter((f) => f.id !== feed.id));
      setStatus(`The feed ${feed.name} was deleted; ${feed.domain} no longer shows it.`);
      newButton.current?.focus();
    } catch (error) {
      setDeleting(null);
      setAlert(failureMessage(error, 'The feed could not be deleted. Please try again.'));
    }
  }

  function onSaved(feed: ManagedFeed, created: boolean) {
    setFeeds((list) => (created ? [...list, feed] : list.map((f) => (f.id === feed.id ? feed : f))));
    setEditing(null);
    setStatus(created ? `The feed ${feed.name} was created.` : `The feed ${feed.name} was saved.`);
  }

  return (
    <div>
      <header className="page-head">
        <h1>White-label feeds</h1>
        <p className="page-head__lead">
          Job feeds that {owner.name} runs for partners on their own domains: the jobs you choose, under their name and logo.
        </p>
      </header>
      <div aria-live="polite">{status ? <FormStatus>{status}</FormStatus> : null}</div>
      {alert ? <FormAlert>{alert}</FormAlert> : null}

      {editing ? (
        <FeedEditor
          key={editing === 'new' ? 'new' : editing.id}
          owner={owner}
          feed={editing === 'new' ? null : editing}
          siteHost={siteHost}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <section className="admin-section" aria-labelledby="feeds-list">
          <h2 id="feeds-list">Your feeds</h2>
          {feeds.length === 0 ? (
            <p className="muted">{owner.name} runs no feeds yet.</p>
          ) : (
            <ul className="row-list">
              {feeds.map((feed) => (
                <li key={feed.id}>
                  <div className="row-list__main">
                    <span className="row-list__title">{feed.name}</span>
                    <span className="row-list__meta">
                      <a href={feedUrl(feed.domain)} target="_blank" rel="noopener noreferrer">
                        {feed.domain}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>{' '}
                      <span className={`badge status-badge domain-state domain-state--${feed.domainClaim.state}`}>{DOMAIN_STATE_LABELS[feed.domainClaim.state]}</span>
                    </span>
                  </div>
                  {deleting === feed.id ? (
                    <ConfirmRow
                      text={`Delete the feed ${feed.name}? ${feed.domain} will no longer show it.`}
                      action="Delete"
                      busy={remove.busy}
                      onConfirm={() => void onDelete(feed)}
                      onCancel={() => setDeleting(null)}
                    />
                  ) : (
                    <div className="row-list__actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => {
                          setStatus(null);
                          setEditing(feed);
                        }}
                      >
                        Edit<span className="visually-hidden"> {feed.name}</span>
                      </button>
                      <button type="button" className="button button--ghost button--small" onClick={() => setDeleting(feed.id)}>
                        Delete<span className="visually-hidden"> {feed.name}</span>
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p>
            <button
              ref={newButton}
              type="button"
              className="button button--primary"
              onClick={() => {
                setStatus(null);
                setEditing('new');
              }}
            >
              New feed
            </button>
          </p>
          <p className="muted">
            Jobs are posted from <Link to={companyAdminPath(owner.key, 'jobs')}>the jobs page</Link>; a feed shows the public jobs
            its filters select.
          </p>
        </section>
      )}
    </div>
  );
}

interface FeedEditorProps {
  owner: AreaOwner;
  feed: ManagedFeed | null;
  siteHost: string;
  onSaved: (feed: ManagedFeed, created: boolean) => void;
  onCancel: () => void;
}

function FeedEditor({ owner, feed, siteHost, onSaved, onCancel }: FeedEditorProps) {
  const api = useApi();
  // One editor at a time: it replaces the list.
  const id = domId('feed-editor');
  const { busy, submit } = useGuardedSubmit();
  const [draft, setDraft] = useState<Draft>(() => (feed ? draftOf(feed) : emptyDraft()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Draft>(field: K) => (value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  // The editor replaces the list: focus moves to its heading.
  useEffect(() => heading.current?.focus(), []);

  // A saved feed names its startups by key: look their names up (a startup no longer public keeps its key).
  useEffect(() => {
    const keys = (feed?.filters.companyKeys ?? []).slice(0, NAMES_LOOKED_UP);
    if (!keys.length) return;
    let current = true;
    void Promise.all(keys.map((key) => api.companies.get(key).then((c) => [key, c.name] as const, () => null))).then((found) => {
      if (!current) return;
      const names = new Map(found.filter((entry) => entry !== null));
      setDraft((d) => ({ ...d, startups: d.startups.map((s) => ({ ...s, name: names.get(s.key) ?? s.name })) }));
    });
    return () => {
      current = false;
    };
  }, [api, feed]);

  function show(found: FormErrors) {
    setErrors(found);
    // After React has marked the fields invalid.
    requestAnimationFrame(() => focusFirstInvalidIn(form.current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const body = inputOf(draft);
    const checked = fieldErrorsOf(WhiteLabelFeedInputSchema, body);
    if (!checked.ok) return show(byField(checked.errors));
    setErrors({});
    try {
      const result = await submit(() => (feed ? api.companyAdmin.updateFeed(owner.key, feed.id, body) : api.companyAdmin.createFeed(owner.key, body)));
      if (!result.ignored) onSaved(result.value, feed === null);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(byField(fields));
      else if (isConflict(error)) show({ domain: failureMessage(error, 'This domain is taken') });
      else setAlert(failureMessage(error, 'The feed could not be saved. Please try again.'));
    }
  }

  const title = feed ? `Edit ${feed.name}` : 'New feed';
  return (
    <section className="admin-section admin-section--wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <div className="feed-editor">
        <form ref={form} className="admin-form" onSubmit={onSubmit} noValidate>
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TextField id={`${id}-name`} label="Name" required value={draft.name} onChange={set('name')} error={errors.name} maxLength={100} />
          <ImageField
            id={`${id}-logo`}
            label="Logo"
            type="logo"
            owner={{ kind: 'company', key: owner.key }}
            value={draft.logo}
            onChange={set('logo')}
            error={errors.logoImage}
            hint="Shown at the top of the feed instead of its name."
          />
          <TextArea
            id={`${id}-description`}
            label="Description"
            value={draft.description}
            onChange={set('description')}
            error={errors.description}
            maxLength={500}
            hint="One or two sentences under the header. At most 500 characters."
          />
          <DomainField
            id={`${id}-domain`}
            label="Domain"
            name="domain"
            required
            value={draft.domain}
            onChange={set('domain')}
            error={errors.domain}
            claim={feed?.domainClaim ?? null}
            siteHost={siteHost}
            hint="The partner's host name the feed is served on, like jobs.partner.com."
          />
          <CheckboxGroup
            id={`${id}-countries`}
            legend="Countries"
            options={COUNTRIES}
            value={draft.countryCodes}
            onChange={set('countryCodes')}
            error={errors.countryCodes}
            hint="Jobs in these countries. None chosen: every country."
            variant="chips"
          />
          <label className="check">
            <input
              type="checkbox"
              checked={draft.includeRemote}
              disabled={draft.countryCodes.length === 0}
              aria-describedby={`${id}-remote-hint`}
              onChange={(event) => set('includeRemote')(event.currentTarget.checked)}
            />
            Remote jobs too
          </label>
          <p id={`${id}-remote-hint`} className="field__hint">
            With countries chosen, add remote jobs from anywhere. Without countries, remote jobs are in already.
          </p>
          <fieldset className="check-group form-group" aria-describedby={errors.categories ? `${id}-categories-error` : undefined}>
            <legend>Categories</legend>
            <p className="field__hint">Jobs of these categories. None chosen: every category.</p>
            {categorySections().map((section) => (
              <div className="category-section" key={section.label}>
                <p className="category-section__label">{section.label}</p>
                <CategoryChecks section={section.categories} value={draft.categories} onChange={set('categories')} />
              </div>
            ))}
            {errors.categories ? (
              <p id={`${id}-categories-error`} className="form-field__error">
                {errors.categories}
              </p>
            ) : null}
          </fieldset>
          <StartupPicker id={`${id}-startups`} value={draft.startups} onChange={set('startups')} error={errors.companyKeys} />
          {errors.filters ? <FormAlert>{errors.filters}</FormAlert> : null}
          <div className="admin-form__actions">
            <SubmitButton busy={busy} busyLabel="Saving…" className="button button--primary">
              {feed ? 'Save feed' : 'Create feed'}
            </SubmitButton>
            <button type="button" className="button button--ghost" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
        <FeedPreview draft={draft} saved={feed} />
      </div>
    </section>
  );
}

function CategoryChecks({
  section,
  value,
  onChange,
}: {
  section: readonly { value: string; text: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const chosen = new Set(value);
  return (
    <div className="check-group__options">
      {section.map((category) => (
        <label className="check" key={category.value}>
          <input
            type="checkbox"
            name="categories"
            value={category.value}
            checked={chosen.has(category.value)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange(on ? [...value, category.value] : value.filter((v) => v !== category.value));
            }}
          />
          {category.text}
        </label>
      ))}
    </div>
  );
}

/** The feed's startups: search the directory (GET /companiesProper?search=) and pick several; none picked means every startup. */
function StartupPicker({ id, value, onChange, error }: { id: string; value: PickedStartup[]; onChange: (value: PickedStartup[]) => void; error?: string | undefined }) {
  const api = useApi();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const [results, setResults] = useState<CompanySummary[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const picked = new Set(value.map((s) => s.key));

  useEffect(() => {
    if (query.length < 2) {
      setResults([]);
      setState('idle');
      return;
    }
    let current = true;
    setState('loading');
    api.companies
      .list({ search: query, pageSize: 8 })
      .then((list) => {
        if (!current) return;
        setResults(list.companies);
        setState('done');
      })
      .catch(() => {
        if (current) setState('failed');
      });
    return () => {
      current = false;
    };
  }, [api, query]);

  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="check-group form-group" aria-describedby={described}>
      <legend>Startups</legend>
      <p id={`${id}-hint`} className="field__hint">
        Only the jobs of these startups. None chosen: every startup.
      </p>
      {value.length ? (
        <ul className="picked-list" aria-label="Chosen startups">
          {value.map((startup) => (
            <li key={startup.key}>
              {startup.name}
              <button type="button" aria-label={`Remove ${startup.name}`} onClick={() => onChange(value.filter((s) => s.key !== startup.key))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field form-field">
        <label htmlFor={`${id}-search`}>Find a startup</label>
        <input
          id={`${id}-search`}
          type="search"
          className="form-input"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          aria-controls={`${id}-results`}
        />
      </div>
      <div id={`${id}-results`} aria-live="polite">
        {state === 'loading' ? <p className="field__hint">Searching…</p> : null}
        {state === 'failed' ? <p className="field__hint">The search did not work. Please try again.</p> : null}
        {state === 'done' && results.length === 0 ? <p className="field__hint">No startup matches “{query}”.</p> : null}
        {state === 'done' && results.length > 0 ? (
          <ul className="row-list" aria-label="Startups found">
            {results.map((company) => (
              <li key={company.key}>
                <span className="row-list__title">{company.name}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={picked.has(company.key)}
                  onClick={() => onChange([...value, { key: company.key, name: company.name }])}
                >
                  {picked.has(company.key) ? 'Added' : 'Add'}
                  <span className="visually-hidden"> {company.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The feed as a visitor of its domain will see it: the logo (else the name) and the description,
 * then the first jobs its filters select, searched as the white-label page searches.
 */
function FeedPreview({ draft, saved }: { draft: Draft; saved: ManagedFeed | null }) {
  const api = useApi();
  const id = domId('feed-preview');
  const filters = useDebounced(
    JSON.stringify(
      feedJobFilter({
        countryCodes: draft.countryCodes,
        includeRemote: draft.includeRemote,
        categories: draft.categories,
        companyKeys: draft.startups.map((s) => s.key),
      }),
    ),
  );
  const [jobs, setJobs] = useState<{ list: JobSummary[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    api.jobs
      .search({ ...(JSON.parse(filters) as ReturnType<typeof feedJobFilter>), pageSize: PREVIEW_JOBS })
      .then((list) => {
        if (current) setJobs({ list: list.jobs, total: list.total });
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [api, filters]);

  const logo = draft.logo?.sizes.thumbnail;
  return (
    <aside className="feed-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="field__hint">
        Preview
      </h3>
      <div className="feed-preview__head">
        {logo ? <img className="feed-preview__logo" src={logo} alt={draft.name || 'Feed logo'} height={48} /> : null}
        {logo ? null : <p className="feed-preview__name">{draft.name || 'Your feed'}</p>}
        {draft.description.trim() ? <p className="muted">{draft.description}</p> : null}
      </div>
      <div aria-live="polite">
        {failed ? (
          <p className="muted">The jobs could not be loaded for the preview.</p>
        ) : jobs === null ? (
          <p className="muted">Loading jobs…</p>
        ) : jobs.list.length === 0 ? (
          <p className="muted">No public job matches these filters yet.</p>
        ) : (
          <>
            <p className="field__hint">
              {jobs.total} {jobs.total === 1 ? 'job matches' : 'jobs match'}; the first {Math.min(PREVIEW_JOBS, jobs.list.length)}:
            </p>
            <ul className="feed-preview__jobs">
              {jobs.list.map((job) => (
                <li key={job.id}>
                  <a href={jobPath(job.id)}>{job.title}</a>
                  <span className="row-list__meta">{job.company.name}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {saved ? (
        <p>
          <a href={feedUrl(saved.domain)} target="_blank" rel="noopener noreferrer">
            Open {saved.domain}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : (
        <p className="field__hint">Once created and its domain proven in DNS, the feed opens on its domain.</p>
      )}
    </aside>
  );
}
