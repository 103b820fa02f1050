/**
 * The confirmation before a rejection (issue #13), from a drag, "Move to…" or the bulk bar: a
 * rejection is final (a rejected card never moves again), and it may send one kind rejection
 * e-mail per candidate, never two: the box starts off when every one of them had it already.
 */
import { useState } from 'react';
import { domId } from '../../lib/domId';
import { Modal } from '../../modals/Modal';

export interface RejectDialogProps {
  /** Who: one name, or how many. */
  names: readonly string[];
  /** How many of them got the rejection e-mail already. */
  alreadyMailed: number;
  busy?: boolean;
  onConfirm(sendRejectionMail: boolean): void;
  onCancel(): void;
}

export function RejectDialog({ names, alreadyMailed, busy = false, onConfirm, onCancel }: RejectDialogProps) {
  const id = domId('reject-dialog');
  const all = names.length;
  const everyoneMailed = alreadyMailed >= all;
  const [send, setSend] = useState(!everyoneMailed);
  const who = all === 1 ? names[0]! : `${all} candidates`;

  return (
    <Modal id={id} title={`Reject ${who}?`} onClose={() => (busy ? undefined : onCancel())} className="modal__panel--confirm">
      <p>
        {all === 1 ? `${who} moves to Rejected` : `They move to Rejected`}, and stay there: a rejection cannot be undone. The candidate sees “Not selected” in
        My jobs.
      </p>
      <label className="check reject-dialog__mail" htmlFor={`${id}-mail`}>
        <input id={`${id}-mail`} type="checkbox" checked={send} disabled={everyoneMailed} onChange={(event) => setSend(event.currentTarget.checked)} aria-describedby={`${id}-mail-hint`} />
        <span>Send a kind rejection e-mail</span>
      </label>
      <p id={`${id}-mail-hint`} className="form-hint">
        {everyoneMailed
          ? all === 1
            ? 'This candidate has had the e-mail already; nobody gets it twice.'
            : 'Each of them has had the e-mail already; nobody gets it twice.'
          : alreadyMailed > 0
            ? `${alreadyMailed} of them had it already and will not get it again.`
            : 'One short, friendly message thanking them for applying.'}
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button button--danger"
          data-autofocus
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => (busy ? undefined : onConfirm(send && !everyoneMailed))}
        >
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Rejecting…
            </>
          ) : all === 1 ? (
            `Reject ${who}`
          ) : (
            `Reject ${all} candidates`
          )}
        </button>
        <button type="button" className="button button--ghost" onClick={() => (busy ? undefined : onCancel())}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
