/**
 * The one policy for HTML written by users (job descriptions; later blog posts and other rich texts):
 * run on write and once more on render. Its own entry point (`@nordlys/sdk/sanitize`) so that
 * sanitize-html (and its parser) never reaches the sdk's small browser bundles.
 */
import sanitizeHtml from 'sanitize-html';

/** What user HTML may contain: paragraphs, h2–h4, lists, bold, italic, links and line breaks. */
export const ALLOWED_TAGS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'a', 'br'] as const;

/** Every link a user writes carries this: no ranking credit, no window.opener for the target. */
export const USER_LINK_REL = 'nofollow noopener';

/**
 * Only absolute http, https and mailto links. sanitize-html alone would also keep relative and
 * protocol-relative URLs; the parser has already decoded entities here, so `java&#115;cript:` or a
 * control character before the scheme fails this test too.
 */
const ALLOWED_HREF = /^(?:https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Unknown tags go, their text stays; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      return { tagName, attribs: { ...(href && ALLOWED_HREF.test(href) ? { href } : {}), rel: USER_LINK_REL } };
    },
  },
};

/**
 * User HTML reduced to the policy. On well-formed HTML (anything it produced from sensible input)
 * a second pass changes nothing, so the render pass over clean stored text costs only time.
 * @example sanitizeUserHtml('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeUserHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
