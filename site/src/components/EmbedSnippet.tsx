/** #5: the startup admin's copy of the indexable snippet (its jobs as plain links, plus the widget script) for its own site. */
import { useRef, useState } from 'react';
import { paths } from '@nordlys/sdk/routes';
import { domId } from '../lib/domId';

export interface EmbedSnippetProps {
  companyKey: string;
  /** The snippet's HTML (GET companies/{key}/embed-snippet), or null when the startup is not public yet. */
  html: string | null;
}

/**
 * A read-only text area with the snippet and a Copy button. The snippet puts the job links in the
 * startup's own page, so search engines and visitors without JavaScript see them; the script then
 * turns them into the live widget.
 */
export function EmbedSnippet({ companyKey, html }: EmbedSnippetProps) {
  // Once per page (the startup's dashboard, a job's confirmation).
  const id = domId('embed-snippet');
  const area = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState('');

  const copy = async () => {
    const text = area.current?.value ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Copied. Paste it into your site where the jobs should appear.');
    } catch {
      // No clipboard permission (or an old browser): select the text so Ctrl+C / ⌘C copies it.
      area.current?.select();
      setStatus('Press Ctrl+C (⌘C on a Mac) to copy the selected snippet.');
    }
  };

  return (
    <section className="client-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Show your jobs on your website</h2>
      {html === null ? (
        <p className="muted">Your jobs can be shown on your own website once your startup is live on Nordlys.</p>
      ) : (
        <>
          <p>
            Paste this snippet into your site. It lists your open jobs as plain links, which search engines index,
            and the script turns them into the live job list. It updates itself when you post or close jobs.
          </p>
          <label htmlFor={`${id}-code`}>
            Snippet
          </label>
          <textarea
            id={`${id}-code`}
            ref={area}
            className="snippet-code"
            readOnly
            rows={8}
            value={html}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="snippet-actions">
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              Copy snippet
            </button>{' '}
            <a href={paths.jobListWidget(companyKey)}>Preview the job list</a>
          </p>
          <p role="status" className="muted">
            {status}
          </p>
        </>
      )}
    </section>
  );
}
