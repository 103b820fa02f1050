/**
 * A domain a startup points at this site (the career domain, spec 2.5; a white-label feed's domain):
 * the input, the exact DNS record to create with a copy button, and "Check", which asks the server
 * whether the domain already points here (GET /domain-check) and says what it found, in a live region.
 */
import { DomainSchema, type DomainCheck } from '@nordlys/sdk/schemas';
import { useEffect, useState, type Ref } from 'react';
import * as v from 'valibot';
import { domId } from '../lib/domId';
import { Field } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { failureMessage } from './form/errors';

export interface DomainFieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** This site's host name, the CNAME's target until a check answers the server's own record. */
  siteHost: string;
  hint?: string;
  required?: boolean;
}

/** The host name as the record names it (DomainSchema lower-cases it), or null while it is not one. */
function asDomain(value: string): string | null {
  const result = v.safeParse(DomainSchema, value.trim());
  return result.success ? result.output : null;
}

type CheckState = { state: 'idle' } | { state: 'done'; result: DomainCheck } | { state: 'failed'; message: string };

/** The sentence the live region reads after a check. */
export function checkMessage(result: DomainCheck): string {
  if (result.pointsHere) return `${result.domain} points here. It is ready to be served by this site.`;
  if (result.found.length === 0) return `${result.domain} does not point here yet: it has no DNS records. DNS changes can take a few hours to show.`;
  return `${result.domain} does not point here yet. It points to ${result.found.join(', ')}. DNS changes can take a few hours to show.`;
}

export function DomainField({ id, label, name, value, onChange, error, inputRef, siteHost, hint, required }: DomainFieldProps) {
  const api = useApi();
  const live = domId(id, 'check');
  const { busy, submit } = useGuardedSubmit();
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const [copied, setCopied] = useState(false);
  const domain = asDomain(value);
  // The server's record wins once a check for this very domain answered.
  const record = check.state === 'done' && check.result.domain === domain ? check.result.record : domain ? { type: 'CNAME', name: domain, value: siteHost } : null;
  const recordText = record ? `${record.name} CNAME ${record.value}` : '';

  useEffect(() => setCopied(false), [recordText]);

  async function runCheck() {
    if (!domain) return;
    try {
      const result = await submit(() => api.companyAdmin.checkDomain(domain));
      if (!result.ignored) setCheck({ state: 'done', result: result.value });
    } catch (failure) {
      setCheck({ state: 'failed', message: failureMessage(failure, 'The check did not work. Please try again.') });
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(recordText);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const hintId = `${id}-hint`;
  return (
    <div className="domain-field">
      <Field
        id={id}
        label={label}
        name={name}
        type="text"
        inputMode="url"
        autoComplete="off"
        // The string: preact/compat (#16) leaves out a `false` spellcheck where React writes spellcheck="false".
        spellCheck="false"
        placeholder="careers.example.com"
        value={value}
        required={required}
        inputRef={inputRef}
        error={error}
        describedBy={hint ? hintId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {hint ? (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        ) : null}
      </Field>
      {record ? (
        <div className="dns-record">
          <p className="field__hint">Create this record at your DNS provider:</p>
          <p className="dns-record__code" data-testid="dns-record">
            CNAME <strong>{record.name}</strong> → <strong>{record.value}</strong>
          </p>
          <div className="dns-record__actions">
            <button type="button" className="button button--ghost button--small" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy record'}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              onClick={() => void runCheck()}
            >
              {busy ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  Checking…
                </>
              ) : (
                'Check'
              )}
            </button>
          </div>
        </div>
      ) : null}
      <div id={live} aria-live="polite">
        {check.state === 'done' && check.result.domain === domain ? (
          <p className={check.result.pointsHere ? 'dns-result dns-result--ok' : 'dns-result'}>{checkMessage(check.result)}</p>
        ) : check.state === 'failed' ? (
          <p className="dns-result">{check.message}</p>
        ) : copied ? (
          <p className="dns-result">The record is copied.</p>
        ) : null}
      </div>
    </div>
  );
}
