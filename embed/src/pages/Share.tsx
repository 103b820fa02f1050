/** @jsxImportSource preact */
/**
 * The share island of a job page (ui.md, job page: share links, text cut at 200 characters). The
 * links work without JavaScript; once hydrated, "Copy link" and the system share sheet join them.
 */
import { useEffect, useState } from 'preact/hooks';
import { log } from '../log';

export interface ShareProps {
  /** The job page's address on this host. */
  url: string;
  /** "{title} at {company}". */
  title: string;
  /** The share text: title and description, cut at 200 characters (sdk shareText). */
  text: string;
}

/** The share targets, as plain links (the same as the main site's job page). */
export function shareLinks({ url, title, text }: ShareProps) {
  const e = encodeURIComponent;
  return [
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
    { name: 'Email', href: `mailto:?subject=${e(title)}&body=${e(`${text}\n\n${url}`)}` },
  ];
}

export function Share(props: ShareProps) {
  // The buttons need the browser: the first render (server and hydration) has the links only.
  const [browser, setBrowser] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setBrowser(true), []);
  const canCopy = browser && typeof navigator.clipboard?.writeText === 'function';
  const canShare = browser && typeof navigator.share === 'function';

  const copy = () =>
    navigator.clipboard.writeText(props.url).then(
      () => setStatus('Link copied.'),
      (error: unknown) => {
        log.error('could not copy the link:', error);
        setStatus("Couldn't copy the link. Copy it from the address bar instead.");
      },
    );
  // A cancelled share sheet rejects with AbortError: nothing to report.
  const share = () => navigator.share({ title: props.title, text: props.text, url: props.url }).catch(() => undefined);

  return (
    <section class="share" aria-labelledby="share-heading">
      <h2 id="share-heading">Share this job</h2>
      <ul class="share-links">
        {shareLinks(props).map((link) => (
          <li key={link.name}>
            {link.name === 'Email' ? (
              <a href={link.href}>{link.name}</a>
            ) : (
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.name}
              </a>
            )}
          </li>
        ))}
        {canCopy ? (
          <li>
            <button type="button" class="link-button" onClick={copy}>
              Copy link
            </button>
          </li>
        ) : null}
        {canShare ? (
          <li>
            <button type="button" class="link-button" onClick={share}>
              Share…
            </button>
          </li>
        ) : null}
      </ul>
      <p class="share-status" role="status">
        {status}
      </p>
    </section>
  );
}
