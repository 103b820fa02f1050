/**
 * `/client/investors/{investor}/startups`: the investor's portfolio (spec 2.3, issue #11). The
 * startups it has invested in, each removable; a startup is added from the startup directory
 * (debounced search, keyboard-navigable results) or, when it is not on the site, by name and
 * website. Adds and removals show at once and roll back when the server refuses them.
 */
import { paths } from '@nordlys/sdk/routes';
import { withScheme } from '@nordlys/sdk/with-scheme';
import type { CompanySummary, Investment, InvestmentInput } from '@nordlys/sdk/schemas';
import { InvestmentInputSchema } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { apiFrom } from '../../../../api';
import { CompanyLogo } from '../../../../components/CompanyLogo';
import { serverFieldErrors, failureMessage, type FormErrors } from '../../../../components/form/errors';
import { fieldErrorsOf } from '../../../../components/form';
import { investorArea, type AreaOwner } from '../../../../layouts/areas';
import { domId } from '../../../../lib/domId';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';
import { Field, FormAlert, SubmitButton } from '../../../../modals/fields';
import { useApi } from '../../../../modals/useApi';
import { useGuardedSubmit } from '../../../../modals/useGuardedSubmit';

interface PortfolioData {
  investor: AreaOwner;
  investments: Investment[];
}

export async function loader(args: LoaderFunctionArgs): Promise<PortfolioData> {
  const investor = await investorArea(args);
  const { investments } = await orRouteError(apiFrom(args.context).investors.investments(investor.key));
  return { investor, investments };
}

export const handle: RouteHandle<PortfolioData> = {
  meta: ({ data }) => ({ title: `Portfolio · ${data.investor.name}`, noindex: true }),
};

/** How long typing rests before the directory is searched. */
export const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_PAGE_SIZE = 8;

/** A portfolio row: a stored entry, or one being added (`pending`, no id yet). */
interface Entry extends Investment {
  /** A stable React key for the row's lifetime, also while it has no id. */
  rowKey: string;
  pending?: boolean;
}

let rowCounter = 0;
const toEntry = (investment: Investment): Entry => ({ ...investment, rowKey: investment.id !== undefined ? `id-${investment.id}` : `row-${++rowCounter}` });

/** What an add did: saved, or refused with the server's field messages (400). */
type AddResult = { ok: true } | { ok: false; errors: FormErrors };

/** The "Not on Nordlys?" branch of the investment body: a name and a website. */
const ByNameSchema = InvestmentInputSchema.options[1];

export function Component() {
  const { investor, investments } = useLoaderData<typeof loader>();
  const api = useApi();
  const [entries, setEntries] = useState<Entry[]>(() => investments.map(toEntry));
  const [message, setMessage] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // A new visit to the page (another investor, a revalidation) starts from the server's list.
  useEffect(() => setEntries(investments.map(toEntry)), [investments]);

  const inPortfolio = new Set(entries.flatMap((e) => (e.company ? [e.company.key] : [])));

  function announce(text: string, isError = false) {
    setMessage(isError ? '' : text);
    setAlert(isError ? text : null);
  }

  /** Optimistic add: the row shows at once (marked as being added) and goes again if the server refuses. */
  async function add(preview: Investment, body: InvestmentInput): Promise<AddResult> {
    const row: Entry = { ...preview, rowKey: `row-${++rowCounter}`, pending: true };
    setEntries((list) => [...list, row]);
    announce(`Adding ${preview.name}…`);
    try {
      const saved = await api.investors.addInvestment(investor.key, body);
      setEntries((list) => list.map((e) => (e.rowKey === row.rowKey ? { ...saved, rowKey: row.rowKey } : e)));
      announce(`${saved.name} was added to your portfolio.`);
      return { ok: true };
    } catch (error) {
      setEntries((list) => list.filter((e) => e.rowKey !== row.rowKey));
      announce(`${preview.name} was not added. ${failureMessage(error, 'Please try again.')}`, true);
      return { ok: false, errors: serverFieldErrors(error) ?? {} };
    }
  }

  /** Optimistic removal: the row goes at once and comes back in its place if the server refuses. */
  async function remove(entry: Entry) {
    if (entry.id === undefined) return;
    const index = entries.findIndex((e) => e.rowKey === entry.rowKey);
    setConfirming(null);
    setEntries((list) => list.filter((e) => e.rowKey !== entry.rowKey));
    announce(`${entry.name} was removed from your portfolio.`);
    // The row and its buttons are gone: focus moves to the list's heading, not to the page's top.
    listHeading.current?.focus();
    try {
      await api.investors.removeInvestment(investor.key, entry.id);
    } catch (error) {
      setEntries((list) => {
        if (list.some((e) => e.rowKey === entry.rowKey)) return list;
        const next = [...list];
        next.splice(Math.min(index, next.length), 0, entry);
        return next;
      });
      announce(`${entry.name} could not be removed. ${failureMessage(error, 'Please try again.')}`, true);
    }
  }

  return (
    <div className="portfolio">
      <header className="page-head">
        <h1>Portfolio</h1>
        <p className="page-head__lead">
          The startups {investor.name} has invested in. They show on your public profile, and on their pages as backed by you.
        </p>
      </header>

      <div className="portfolio__messages">
        <p className="portfolio__status" role="status">
          {message}
        </p>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
      </div>

      <section className="client-section" aria-labelledby="portfolio-list-title">
        <h2 id="portfolio-list-title" ref={listHeading} tabIndex={-1}>
          Your startups {entries.length > 0 ? <span className="muted">({entries.length})</span> : null}
        </h2>
        {entries.length === 0 ? (
          <p className="portfolio__empty">No startups yet. Search the startup directory below to add the first one.</p>
        ) : (
          <ul className="portfolio-list">
            {entries.map((entry) => (
              <PortfolioRow
                key={entry.rowKey}
                investorKey={investor.key}
                entry={entry}
                confirming={confirming === entry.rowKey}
                onAsk={() => setConfirming(entry.rowKey)}
                onCancel={() => setConfirming(null)}
                onRemove={() => void remove(entry)}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="client-section" aria-labelledby="portfolio-add-title">
        <h2 id="portfolio-add-title">Add a startup</h2>
        <StartupSearch
          inPortfolio={inPortfolio}
          onPick={(company) => add({ company: { key: company.key, name: company.name, logoImage: company.logoImage }, name: company.name, website: company.website ?? null }, { companyKey: company.key })}
        />
        <NotOnSite onAdd={(name, website) => add({ company: null, name, website }, { name, website })} />
      </section>
    </div>
  );
}

interface RowProps {
  investorKey: string;
  entry: Entry;
  confirming: boolean;
  onAsk(): void;
  onCancel(): void;
  onRemove(): void;
}

function PortfolioRow({ investorKey, entry, confirming, onAsk, onCancel, onRemove }: RowProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Focus follows the question: onto "Yes, remove" when asked, back onto "Remove" when kept.
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) askRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const company = entry.company;
  return (
    <li className={entry.pending ? 'portfolio-item portfolio-item--pending' : 'portfolio-item'} aria-busy={entry.pending || undefined}>
      <CompanyLogo company={{ name: entry.name, logoImage: company?.logoImage ?? null }} size={48} />
      <div className="portfolio-item__body">
        <p className="portfolio-item__name">
          {company ? <Link to={paths.investorAdminStartup(investorKey, company.key)}>{company.name}</Link> : entry.name}
        </p>
        <p className="portfolio-item__meta">
          {company ? (
            <Link to={paths.startup(company.key)}>
              Public page<span className="visually-hidden"> of {company.name}</span>
            </Link>
          ) : entry.website ? (
            <a href={withScheme(entry.website)} target="_blank" rel="noopener noreferrer">
              {entry.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span className="muted">Not on Nordlys</span>
          )}
        </p>
      </div>
      <div className="portfolio-item__actions">
        {entry.pending ? (
          <span className="muted">Adding…</span>
        ) : entry.id === undefined ? null : confirming ? (
          <div className="portfolio-item__confirm" role="group" aria-label={`Remove ${entry.name}?`}>
            <span>Remove {entry.name}?</span>
            <button type="button" ref={confirmRef} className="button button--danger button--small" onClick={onRemove}>
              Yes, remove
            </button>
            <button type="button" className="button button--ghost button--small" onClick={onCancel}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" ref={askRef} className="button button--ghost button--small" onClick={onAsk}>
            Remove<span className="visually-hidden"> {entry.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; results: CompanySummary[] }
  | { kind: 'error'; message: string };

/**
 * A combobox over the startup directory (WAI-ARIA combobox with a listbox): typing searches after a
 * pause, arrow keys move through the results, Enter adds the active one, Escape closes the list.
 */
function StartupSearch({ inPortfolio, onPick }: { inPortfolio: ReadonlySet<string>; onPick(company: CompanySummary): Promise<AddResult> }) {
  const api = useApi();
  // Once per page (the investor's portfolio).
  const id = domId('portfolio-search');
  const inputId = `${id}-search`;
  const listId = `${id}-results`;
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  const term = query.trim();
  useEffect(() => {
    if (term.length < 2) {
      setState({ kind: 'idle' });
      return;
    }
    const call = ++latest.current;
    setState({ kind: 'loading' });
    const timer = setTimeout(() => {
      api.companies
        .list({ search: term, pageSize: SEARCH_PAGE_SIZE })
        .then((list) => {
          if (call !== latest.current) return;
          setState({ kind: 'done', results: list.companies });
          setActive(list.companies.length > 0 ? 0 : -1);
        })
        .catch((error: unknown) => {
          if (call !== latest.current) return;
          setState({ kind: 'error', message: failureMessage(error, 'The search did not answer.') });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, term, attempt]);

  const results = state.kind === 'done' ? state.results : [];
  const expanded = open && term.length >= 2;

  async function pick(company: CompanySummary) {
    if (inPortfolio.has(company.key)) return;
    setOpen(false);
    setQuery('');
    await onPick(company);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : results.length - 1) : (i + step + results.length) % results.length));
    } else if (event.key === 'Enter') {
      // Enter never submits anything here; it adds the highlighted startup.
      event.preventDefault();
      const company = expanded ? results[active] : undefined;
      if (company) void pick(company);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else setQuery('');
    }
  }

  const activeId = expanded && active >= 0 && results[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="startup-search">
      <div className="field form-field">
        <label htmlFor={inputId}>Search the startup directory</label>
        <input
          id={inputId}
          type="text"
          className="form-input"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-describedby={`${id}-hint`}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-hint`} className="form-hint">
          Type at least two letters of the startup's name. Use the arrow keys to choose and Enter to add.
        </p>
      </div>
      <div className="startup-search__popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label="Startups found" className="startup-search__results" hidden={results.length === 0}>
          {results.map((company, index) => {
            const taken = inPortfolio.has(company.key);
            return (
              <li
                key={company.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                aria-disabled={taken || undefined}
                className="startup-search__option"
                // Keep focus in the field while the pointer chooses.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => void pick(company)}
              >
                <CompanyLogo company={company} size={32} />
                <span className="startup-search__name">{company.name}</span>
                {taken ? <span className="startup-search__taken">In your portfolio</span> : null}
              </li>
            );
          })}
        </ul>
        <SearchNote state={state} term={term} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    </div>
  );
}

function SearchNote({ state, term, onRetry }: { state: SearchState; term: string; onRetry(): void }) {
  if (state.kind === 'loading') return <p className="startup-search__note" role="status">Searching…</p>;
  if (state.kind === 'error') {
    return (
      <div className="startup-search__note" role="alert">
        <p>{state.message}</p>
        <button
          type="button"
          className="button button--ghost"
          onMouseDown={(event) => event.preventDefault()}
          onClick={onRetry}
        >
          Try again
        </button>
      </div>
    );
  }
  if (state.kind === 'done') {
    return (
      <p className="startup-search__note" role="status">
        {state.results.length === 0
          ? `No startup on Nordlys matches "${term}". Not on Nordlys? Add it by name below.`
          : `${state.results.length} ${state.results.length === 1 ? 'startup' : 'startups'} found.`}
      </p>
    );
  }
  return null;
}

/** "Not on Nordlys?": a startup outside the directory, by name and website. Keeps what was typed when it fails. */
function NotOnSite({ onAdd }: { onAdd(name: string, website: string | null): Promise<AddResult> }) {
  const id = domId('portfolio-by-name');
  const { busy, submit } = useGuardedSubmit();
  const [values, setValues] = useState({ name: '', website: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const websiteRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked with the schema the server uses; its output (trimmed, 'http://' added) is what is sent.
    const checked = fieldErrorsOf(ByNameSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.name) nameRef.current?.focus();
      else websiteRef.current?.focus();
      return;
    }
    setErrors({});
    const { name, website } = checked.output;
    const result = await submit(() => onAdd(name, website));
    if (result.ignored) return;
    if (result.value.ok) return setValues({ name: '', website: '' });
    // A 400 keeps what was typed and puts the server's messages under their fields.
    const server = result.value.errors;
    setErrors(server);
    if (server.name) nameRef.current?.focus();
    else if (server.website) websiteRef.current?.focus();
  }

  return (
    <form className="portfolio-by-name" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Not on Nordlys?</h3>
      <p className="muted">Add a startup that has no profile here by its name and website.</p>
      <div className="portfolio-by-name__fields">
        <Field
          id={`${id}-name`}
          label="Startup name"
          value={values.name}
          error={errors.name}
          inputRef={nameRef}
          autoComplete="off"
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <Field
          id={`${id}-website`}
          label="Website (optional)"
          value={values.website}
          error={errors.website}
          inputRef={websiteRef}
          inputMode="url"
          autoComplete="off"
          placeholder="northwind.dk"
          onChange={(event) => setValues({ ...values, website: event.target.value })}
        />
      </div>
      <SubmitButton busy={busy} busyLabel="Adding…" className="button button--primary">
        Add to portfolio
      </SubmitButton>
    </form>
  );
}
