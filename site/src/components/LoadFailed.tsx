/** The error state of a part of a page that could not be loaded (ui.md "States"): what failed, why, and a Try again button that shows it is busy. */
export function LoadFailed({ title, message, busy, onRetry }: { title: string; message: string; busy: boolean; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">{title}</p>
      <p>{message}</p>
      <p className="empty-state__actions">
        <button type="button" className="button button--ghost" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={() => (busy ? undefined : onRetry())}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Loading…
            </>
          ) : (
            'Try again'
          )}
        </button>
      </p>
    </div>
  );
}
