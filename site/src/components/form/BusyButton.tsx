/** The submit buttons of the long forms (job form, blog post editor). */
import type { ReactNode } from 'react';

export /** A button that shows its request running: busy text and spinner, still focusable (aria-disabled) so focus stays on it. */
function BusyButton({ type, busy, busyLabel, className, onClick, children }: { type: 'submit' | 'button'; busy: boolean; busyLabel: string; className: string; onClick?: () => void; children: ReactNode }) {
  return (
    <button type={type} className={className} aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={onClick}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
