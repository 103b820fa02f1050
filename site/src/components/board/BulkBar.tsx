/**
 * The bar of the chosen cards (issue #13): how many, "Move to…" (every stage but Rejected) and
 * "Reject…" (asks first, with the kind rejection e-mail), and "Clear". Cards that cannot go where
 * asked (rejected ones) are skipped by the server and counted in its report.
 */
import { domId } from '../../lib/domId';
import { MoveMenu, type MoveTarget } from './MoveMenu';

export interface BulkBarProps {
  count: number;
  targets: readonly MoveTarget[];
  busy: boolean;
  onMove(columnKey: string): void;
  onReject(): void;
  onClear(): void;
  menuOpen: boolean;
  onMenuOpenChange(open: boolean): void;
}

export function BulkBar({ count, targets, busy, onMove, onReject, onClear, menuOpen, onMenuOpenChange }: BulkBarProps) {
  const who = count === 1 ? '1 candidate' : `${count} candidates`;
  return (
    <div className="bulk-bar" role="region" aria-label="Chosen candidates" aria-busy={busy || undefined}>
      <p className="bulk-bar__count">{who} chosen</p>
      <MoveMenu id={domId('bulk-bar', 'move')} name={`the ${who} chosen`} targets={targets} open={menuOpen} onOpenChange={onMenuOpenChange} onPick={onMove} disabled={busy} className="bulk-bar__move" />
      <button type="button" className="button button--danger button--small" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : onReject())}>
        Reject…<span className="visually-hidden"> ({who} chosen)</span>
      </button>
      <button type="button" className="text-button" onClick={onClear}>
        Clear the choice
      </button>
      {busy ? (
        <span className="bulk-bar__busy">
          <span className="spinner" aria-hidden="true" /> Working…
        </span>
      ) : null}
    </div>
  );
}
