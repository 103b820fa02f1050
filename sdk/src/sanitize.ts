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

/**
 * Issue #15: the site's own pages written in Markdown (server/content: terms, privacy policy, FAQ…) go
 * through the same policy, widened by what such a document needs and a user's text never gets: tables,
 * code, quotes and rules, ids on h2–h4 (anchors for the table of contents), and links within the site
 * ('/contact', '#cookies') beside absolute ones. The site's own links carry no rel; links out carry
 * 'noopener'. Everything else is the user policy's: no scripts, styles, handlers or other attributes.
 */
export const CONTENT_TAGS = [...ALLOWED_TAGS, 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'blockquote', 'hr'] as const;

/** The rel of a content page's link out of the site. */
export const CONTENT_LINK_REL = 'noopener';

/** A path on this site ('/contact', not '//elsewhere') or an anchor on the page. */
const SITE_HREF = /^(?:\/(?![/\\])|#)/;
/** A heading id as the server's Markdown renderer writes them (sdk content-pages headingId). */
const CONTENT_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

const keepId: sanitizeHtml.Transformer = (tagName, attribs) => {
  const kept: sanitizeHtml.Attributes = {};
  if (attribs.id && CONTENT_ID.test(attribs.id)) kept.id = attribs.id;
  return { tagName, attribs: kept };
};

const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...CONTENT_TAGS],
  allowedAttributes: { a: ['href', 'rel'], h2: ['id'], h3: ['id'], h4: ['id'] },
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: sanitizeHtml.Attributes = {};
      if (href && SITE_HREF.test(href)) kept.href = href;
      else if (href && ALLOWED_HREF.test(href)) Object.assign(kept, { href, rel: CONTENT_LINK_REL });
      return { tagName, attribs: kept };
    },
    h2: keepId,
    h3: keepId,
    h4: keepId,
  },
};

/**
 * The site's own content HTML reduced to the content policy (see CONTENT_TAGS): on the server after
 * Markdown, and again where the page renders it.
 * @example sanitizeContentHtml('<h2 id="cookies" onclick="x()">Cookies</h2><a href="/contact">Contact</a>') // '<h2 id="cookies">Cookies</h2><a href="/contact">Contact</a>'
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS);
}
