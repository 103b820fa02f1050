/**
 * Share buttons for a job's public link (ui.md job page; the confirmation pages of issue #12):
 * LinkedIn, X, Facebook, e-mail, and copy the link. The text shared is cut at 200 characters (spec 9,
 * sdk shareText).
 */
import { shareText } from '@nordlys/sdk/format';
import { useState } from 'react';
import { Icon } from './Icon';

export interface ShareLinksProps {
  /** The absolute public URL to share. */
  url: string;
  /** What is shared, e.g. "Backend engineer at Aurora Labs". */
  title: string;
  /** More text after the title (HTML is reduced to text); the whole is cut at 200 characters. */
  description?: string;
  /** Adds a "Copy link" button (the confirmation pages). */
  copy?: boolean;
}

/** The share targets of a URL, in the order the buttons show. */
export function shareTargets({ url, title, description = '' }: Pick<ShareLinksProps, 'url' | 'title' | 'description'>) {
  const text = shareText(description ? `${title}. ${description}` : title);
  const e = encodeURIComponent;
  return [
    { name: 'LinkedIn', icon: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}` },
    { name: 'X', icon: 'x', href: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}` },
    { name: 'Facebook', icon: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
    { name: 'Email', icon: 'mail', href: `mailto:?subject=${e(title)}&body=${e(`${text}\n\n${url}`)}` },
  ] as const;
}

export function ShareLinks({ url, title, description, copy = false }: ShareLinksProps) {
  const [status, setStatus] = useState('');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied.');
    } catch {
      // No clipboard permission: the link is on the page to select by hand.
      setStatus(`Copy the link by hand: ${url}`);
    }
  };

  return (
    <>
      <ul className="share-links">
        {shareTargets({ url, title, description }).map((link) => (
          <li key={link.name}>
            <a className="share-link" href={link.href} {...(link.name === 'Email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
              <Icon name={link.icon} />
              <span className="visually-hidden">Share on </span>
              {link.name}
              {link.name === 'Email' ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
            </a>
          </li>
        ))}
        {copy ? (
          <li>
            <button type="button" className="share-link" onClick={() => void copyLink()}>
              Copy link
            </button>
          </li>
        ) : null}
      </ul>
      {copy ? (
        <p className="muted" role="status">
          {status}
        </p>
      ) : null}
    </>
  );
}
