/**
 * A domain a startup serves on this site (the career domain, spec 2.5; a white-label feed's domain),
 * with its proof (issue #33, sdk/domains.ts). The input; once saved, the domain's state (pending
 * proof, verified and served, lapsed), the DNS records that prove it is yours (TXT `_nordlys.{domain}`
 * with the claim's token, or a CNAME to the startup's own target), each with a copy button, and
 * "Check now", which asks the server to look the proof up (POST /domain-check) and says what it
 * found in a live region. A domain typed but not saved yet has no token: saving claims it.
 */
import { DomainSchema, type DomainCheck, type DomainClaim } from '@nordlys/sdk/schemas';
import type { DomainState } from '@nordlys/sdk/domains';
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
  /** The saved domain with its proof, as the server answered it; null when none is saved. */
  claim: DomainClaim | null;
  /** This site's host: where a domain's traffic is pointed (a CNAME to it routes, but proves nothing). */
  siteHost: string;
  hint?: string;
  required?: boolean;
}

/** The host name as the record names it (DomainSchema lower-cases it), or null while it is not one. */
function asDomain(value: string): string | null {
  const result = v.safeParse(DomainSchema, value.trim());
  return result.success ? result.output : null;
}

/** Each state's badge. */
export const DOMAIN_STATE_LABELS: Record<DomainState, string> = {
  claimed: 'Waiting for proof',
  verified: 'Verified: served',
  lapsed: 'Lapsed: not served',
};

type CheckState = { state: 'idle' } | { state: 'done'; result: DomainCheck } | { state: 'failed'; message: string };

/** The sentence the live region reads after a check. */
export function checkMessage(result: DomainCheck): string {
  const routing = result.pointsHere
    ? ''
    : result.found.length === 0
      ? ' Its traffic does not reach this site yet: it has no address records.'
      : ` Its traffic does not reach this site yet: it points to ${result.found.join(', ')}.`;
  if (result.state === 'verified') return `${result.domain} is verified by its ${result.proof ?? 'DNS'} record and served by this site.${routing}`;
  const none = `Neither record was found for ${result.domain}. DNS changes can take a few hours to show.`;
  return result.state === 'lapsed' ? `${result.domain} has lapsed and is not served. ${none}` : `${result.domain} is waiting for its proof. ${none}`;
}

function RecordLine({ type, name, value, onCopy }: { type: string; name: string; value: string; onCopy: (text: string) => void }) {
  return (
    <div className="dns-record__line">
      <p className="dns-record__code" data-testid={`dns-record-${type.toLowerCase()}`}>
        {type} <strong>{name}</strong> → <strong>{value}</strong>
      </p>
      <button type="button" className="button button--ghost button--small" onClick={() => onCopy(value)}>
        Copy<span className="visually-hidden"> the {type} record's value</span>
      </button>
    </div>
  );
}

export function DomainField({ id, label, name, value, onChange, error, inputRef, claim, siteHost, hint, required }: DomainFieldProps) {
  const api = useApi();
  const live = domId(id, 'check');
  const { busy, submit } = useGuardedSubmit();
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const [copied, setCopied] = useState(false);
  const domain = asDomain(value);
  // The records belong to the saved claim: a domain typed over it has none until it is saved.
  const saved = claim && claim.domain === domain ? claim : null;
  const result = check.state === 'done' && saved && check.result.domain === saved.domain ? check.result : null;
  const shown = result ?? saved;

  useEffect(() => setCopied(false), [domain]);
  // A new save (a new claim, a new token) makes an older check's answer stale.
  useEffect(() => setCheck({ state: 'idle' }), [claim]);

  async function runCheck() {
    if (!saved) return;
    try {
      const answer = await submit(() => api.companyAdmin.checkDomain(saved.domain));
      if (!answer.ignored) setCheck({ state: 'done', result: answer.value });
    } catch (failure) {
      setCheck({ state: 'failed', message: failureMessage(failure, 'The check did not work. Please try again.') });
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
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
      {shown ? (
        <div className="dns-record">
          <p className="dns-record__state">
            <span className={`badge status-badge domain-state domain-state--${shown.state}`} data-testid="domain-state">
              {DOMAIN_STATE_LABELS[shown.state]}
            </span>
          </p>
          <p className="field__hint">
            {shown.state === 'verified'
              ? 'Keep one of these records in place: the domain is checked every day, and one without its proof stops being served.'
              : `Prove that ${shown.domain} is yours with one of these records at your DNS provider, then press Check now. It is served once proven.`}
          </p>
          <RecordLine type="TXT" name={shown.records.txt.name} value={shown.records.txt.value} onCopy={(text) => void copy(text)} />
          {shown.records.cname ? (
            <>
              <p className="field__hint">Or, for a subdomain, a CNAME to your own target, which also brings its visitors here:</p>
              <RecordLine type="CNAME" name={shown.records.cname.name} value={shown.records.cname.value} onCopy={(text) => void copy(text)} />
            </>
          ) : null}
          <p className="field__hint">
            With the TXT record, point the domain here as well: a CNAME to {siteHost}, or for an apex domain the address records of {siteHost}.
          </p>
          <div className="dns-record__actions">
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
                'Check now'
              )}
            </button>
          </div>
        </div>
      ) : domain ? (
        <p className="field__hint" data-testid="domain-unsaved">
          Save to claim {domain}: then the DNS record that proves it is yours shows here.
        </p>
      ) : null}
      <div id={live} aria-live="polite">
        {result ? (
          <p className={result.state === 'verified' ? 'dns-result dns-result--ok' : 'dns-result'}>{checkMessage(result)}</p>
        ) : check.state === 'failed' && saved ? (
          <p className="dns-result">{check.message}</p>
        ) : copied ? (
          <p className="dns-result">The value is copied.</p>
        ) : null}
      </div>
    </div>
  );
}
