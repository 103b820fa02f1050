/**
 * Getting a deal (issue #15): the claim form a startup's member sends (a plain form post, so it
 * works without JavaScript), what everyone else is told instead, and the claimed deal with its code
 * or its document.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { signInPath } from '@nordlys/sdk/navigation';
import { paths } from '@nordlys/sdk/routes';
import type { ClaimedDeal, Deal } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import { Link } from '../lib/Link';
import { CLAIM_FIELD, type ClaimResult, type DealAccess } from '../lib/directory';
import { domId } from '../lib/domId';
import { FormAlert, SubmitButton } from '../modals/fields';
import { fileSize } from './CvField';
import { describedBy, FieldFrame } from './form/Field';

const actionLabel = (deal: Pick<Deal, 'type'>) => (deal.type === 'EXTENDED' ? 'Reveal the code' : 'Get the document');

/** The claimed deal: its code and where to redeem it, or its document; and for which startup it was claimed. */
export function ClaimedDealPanel({ claim, headingLevel = 2, focus = false }: { claim: ClaimedDeal; headingLevel?: 2 | 3; focus?: boolean }) {
  const id = domId('deal', claim.deal.id, 'claimed');
  const Heading = `h${headingLevel}` as const;
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState('');
  const { deal, company } = claim;
  // Just claimed: the answer replaces the form, so focus moves to it and a screen reader reads the news.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(claim.code ?? '');
      setStatus('Copied.');
    } catch {
      // No clipboard permission: select the code so Ctrl+C / ⌘C copies it.
      const code = document.getElementById(`${id}-code`);
      if (code) window.getSelection()?.selectAllChildren(code);
      setStatus('Press Ctrl+C (⌘C on a Mac) to copy the selected code.');
    }
  };

  return (
    <section className="deal-claimed" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} ref={heading} tabIndex={-1}>
        {deal.type === 'EXTENDED' ? 'Your code' : 'Your document'}
      </Heading>
      {deal.type === 'EXTENDED' ? (
        claim.code ? (
          <>
            <p className="deal-code">
              <code id={`${id}-code`} className="deal-code__value">
                {claim.code}
              </code>
              <button type="button" className="button button--ghost" onClick={() => void copy()}>
                Copy code
              </button>
            </p>
            <p role="status" className="muted deal-code__status">
              {status}
            </p>
          </>
        ) : (
          <p>This deal needs no code: follow the link to redeem it.</p>
        )
      ) : null}
      {claim.redeemUrl ? (
        <p>
          <a className="button button--primary" href={claim.redeemUrl} target="_blank" rel="noopener noreferrer">
            Redeem at {deal.partnerName ?? 'the partner'}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      {claim.document ? (
        <p className="deal-document">
          <a className="button button--primary" href={claim.document.url} target="_blank" rel="noopener">
            Open {claim.document.fileName}
            <span className="visually-hidden"> (PDF, opens in a new tab)</span>
          </a>
          <span className="muted">PDF, {fileSize(claim.document.sizeBytes)}</span>
        </p>
      ) : deal.type === 'DOWNLOAD' ? (
        <p>The document is not available right now. Please try again later.</p>
      ) : null}
      <p className="muted deal-claimed__by">
        Claimed for {company.name}
        {claim.claimedBy ? ` by ${claim.claimedBy}` : ''} on <time dateTime={claim.claimedAt}>{exactDate(claim.claimedAt)}</time>. It stays in{' '}
        <Link to={paths.companyAdmin(company.key, 'deals')}>{company.name}&apos;s deals</Link>.
      </p>
    </section>
  );
}

export interface DealClaimFormProps {
  deal: Deal;
  access: DealAccess;
  /** The last post's answer, when it failed (the chosen startup and the messages are kept). */
  failed: Extract<ClaimResult, { ok: false }> | null;
  /** The form's action: the page itself (public, or the startup's copy). */
  action: string;
}

/** What the viewer can do about a deal they have not claimed: claim it for a startup, or how to become able to. */
export function DealClaimForm({ deal, access, failed, action }: DealClaimFormProps) {
  const id = domId('deal', deal.id, 'claim');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === action;
  const select = useRef<HTMLSelectElement>(null);
  const error = failed?.errors[CLAIM_FIELD] ?? null;

  // spec 5: a second press while the first request runs is ignored.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) event.preventDefault();
  };
  // ui.md "Forms": the invalid field is focused.
  useEffect(() => {
    if (error) select.current?.focus();
  }, [error, failed]);

  switch (access.kind) {
    case 'visitor':
      return (
        <div className="deal-access">
          <p>Deals are for startups on Nordlys. Log in as a member of your startup to {deal.type === 'EXTENDED' ? 'reveal the code' : 'get the document'}.</p>
          <p className="deal-access__actions">
            <Link className="button button--primary" to={signInPath(action)}>
              Log in to {deal.type === 'EXTENDED' ? 'get the code' : 'get the document'}
            </Link>
            <Link className="button button--ghost" to={paths.startupsJoin()}>
              Create a startup profile
            </Link>
          </p>
        </div>
      );
    case 'no-startup':
      return (
        <div className="deal-access">
          <p>Deals are for startups: create a startup profile, or ask your startup&apos;s team to invite you, to claim them.</p>
          <p className="deal-access__actions">
            <Link className="button button--primary" to={paths.startupsJoin()}>
              Create a startup profile
            </Link>
          </p>
        </div>
      );
    case 'draft':
      return (
        <div className="deal-access">
          <p>Finish your startup profile and send it for review, and {access.startup.name} can claim deals.</p>
          <p className="deal-access__actions">
            <Link className="button button--primary" to={paths.companyAdmin(access.startup.key, 'edit')}>
              Finish {access.startup.name}
            </Link>
          </p>
        </div>
      );
    case 'admin':
      return (
        <div className="deal-access">
          <p>You are signed in as an administrator. To claim this deal for a startup, open it from that startup&apos;s admin area, under Deals.</p>
        </div>
      );
    case 'claim': {
      const only = access.startups.length === 1 ? access.startups[0]! : null;
      const chosen = failed?.company ?? access.preselected ?? '';
      return (
        <Form method="post" action={action} className="deal-claim-form" onSubmit={onSubmit}>
          {failed && !error ? (
            <FormAlert>
              {failed.message}
              {failed.link ? (
                <>
                  {' '}
                  <Link to={failed.link}>Go there</Link>
                </>
              ) : null}
            </FormAlert>
          ) : null}
          {only ? (
            <>
              <input type="hidden" name={CLAIM_FIELD} value={only.key} />
              <p>For {only.name}: the deal is saved to your startup&apos;s deals.</p>
            </>
          ) : (
            <FieldFrame id={`${id}-company`} label="Claim it for" required error={error}>
              <select
                id={`${id}-company`}
                ref={select}
                name={CLAIM_FIELD}
                className="form-input form-select"
                defaultValue={chosen}
                key={chosen}
                aria-required
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(`${id}-company`, error)}
              >
                <option value="">Choose a startup…</option>
                {access.startups.map((startup) => (
                  <option key={startup.key} value={startup.key}>
                    {startup.name}
                  </option>
                ))}
              </select>
            </FieldFrame>
          )}
          <SubmitButton busy={busy} busyLabel={deal.type === 'EXTENDED' ? 'Revealing…' : 'Getting it…'}>
            {actionLabel(deal)}
          </SubmitButton>
        </Form>
      );
    }
  }
}
