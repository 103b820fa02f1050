/**
 * Asks before leaving a form with unsaved changes: the browser's own prompt when the tab closes or
 * reloads (beforeunload), and a dialog when a link inside the site would leave the page (the
 * router's blocker). Render the returned `prompt` somewhere on the page.
 */
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from '../../modals/Modal';

export function useUnsavedChangesPrompt(dirty: boolean, what = 'your changes'): { prompt: ReactNode } {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  const prompt =
    blocker.state === 'blocked' ? (
      <Modal id="unsaved-changes" title="Leave without saving?" onClose={() => blocker.reset()}>
        <p>You have not saved {what}. If you leave this page now, they are lost.</p>
        <div className="account-form__actions">
          <button type="button" className="button button--ghost" onClick={() => blocker.proceed()}>
            Leave the page
          </button>
          <button type="button" className="button button--primary" data-autofocus onClick={() => blocker.reset()}>
            Stay and keep editing
          </button>
        </div>
      </Modal>
    ) : null;
  return { prompt };
}
