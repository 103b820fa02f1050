/** The parts the startup and investor profiles share: wide images with their sizes, rich text, people, the preview banner. */
import type { ReviewState } from '@nordlys/sdk/profile-review';
import type { Image } from '@nordlys/sdk/schemas';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';

/**
 * A 16:9 image (cover, gallery) over its two 16:9 sizes, listing (1200×675) and cover (1600×900):
 * the browser picks by the width it lays the image out at (`sizes`). Lazy unless `eager`.
 */
export function WideImage({ image, alt, sizes, eager = false, className }: { image: Image; alt: string; sizes: string; eager?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={image.sizes.listing}
      srcSet={`${image.sizes.listing} 1200w, ${image.sizes.cover} 1600w`}
      sizes={sizes}
      width={1600}
      height={900}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

/** Whether stored text is HTML (the rich-text editor's) rather than plain text with line breaks (older and demo rows). */
export function isHtml(text: string): boolean {
  return /<(?:p|h[2-4]|ul|ol|li|b|strong|i|em|a|br)\b[^>]*>/i.test(text);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };

/** The entities the sanitizer writes, decoded: its output for plain text is that text, escaped. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

/** The plain text of sanitized HTML, for previews: tags dropped, entities decoded. */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '));
}

/**
 * User text as the server sends it: HTML the server sanitized (on write, and again when it reads
 * the row, as for job descriptions), or plain text (older and demo rows) kept with its line breaks.
 */
export function RichText({ text }: { text: string }) {
  if (isHtml(text)) return <div className="prose" dangerouslySetInnerHTML={{ __html: text }} />;
  return <p className="prose prose--text">{decodeEntities(text)}</p>;
}

interface Person {
  name: string;
  title: string | null;
  image: Image | null;
}

/** Team members or key people: a round photo (thumbnail size) or initials, the name and the title. */
export function People({ people }: { people: readonly Person[] }) {
  return (
    <ul className="people">
      {people.map((person, i) => (
        <li key={`${person.name}-${i}`} className="person">
          {person.image ? (
            <img className="person__photo" src={person.image.sizes.thumbnail} alt="" width={48} height={48} loading="lazy" decoding="async" />
          ) : (
            <CompanyLogo company={{ name: person.name, logoImage: null }} size={48} />
          )}
          <span>
            <span className="person__name">{person.name}</span>
            {person.title ? <span className="person__title">{person.title}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

const STATE_TEXT: Record<ReviewState, string> = {
  draft: 'It is a draft: finish the profile and submit it for review.',
  submitted: 'It is waiting for an administrator’s review.',
  returned: 'An administrator sent it back.',
  active: 'It is live, but not listed on this site.',
  inactive: 'It is no longer public.',
};

/**
 * Shown to the members and admins who see a profile that is not public (a draft, one in review):
 * everybody else gets 'Page not found' for it.
 */
export function PreviewBanner({ state, reviewNote, editHref }: { state: ReviewState; reviewNote?: string | null; editHref?: string | null }) {
  return (
    <div className="preview-banner" role="note" aria-label="Preview">
      <p className="preview-banner__title">Preview: this page is not public yet.</p>
      <p>
        {STATE_TEXT[state]}
        {state === 'returned' && reviewNote ? <> The reason: “{reviewNote}”</> : null}
      </p>
      {editHref ? (
        <p>
          <Link to={editHref}>Edit the profile</Link>
        </p>
      ) : null}
    </div>
  );
}
