import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, sanitizeUserHtml, USER_LINK_REL } from './sanitize';

/** Every tag of an output with its attribute text: sanitize-html writes tags in one regular form. */
function tags(html: string): { name: string; attributes: string }[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)].map((m) => ({ name: m[1]!.toLowerCase(), attributes: m[2]!.replace(/\s*\/$/, '') }));
}

/** The output keeps only policy tags, and attributes only on links: an absolute http(s)/mailto href and our rel. */
function expectWithinPolicy(html: string) {
  for (const { name, attributes } of tags(html)) {
    expect(ALLOWED_TAGS as readonly string[]).toContain(name);
    if (name !== 'a' || attributes === '') {
      expect(attributes).toBe('');
      continue;
    }
    const attrs = [...attributes.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const);
    for (const [attr, value] of attrs) {
      expect(['href', 'rel']).toContain(attr);
      if (attr === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (attr === 'rel') expect(value).toBe(USER_LINK_REL);
    }
  }
}

describe('sanitizeUserHtml (the one policy for user HTML)', () => {
  it('keeps the allowed formatting as it is', () => {
    const html = '<h2>About</h2><p>We <b>build</b> <strong>things</strong>, <i>quietly</i> and <em>well</em>.<br />Really.</p><h3>You</h3><ul><li>One</li></ul><ol><li>Two</li></ol><h4>Perks</h4>';
    expect(sanitizeUserHtml(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers, svg and images, keeping the text', () => {
    const out = sanitizeUserHtml(
      '<p>Visible</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><svg onload="window.__xss=3"><text>in svg</text></svg><p onclick="x()" style="color:red" class="c">Still here</p>',
    );
    expect(out).toBe('<p>Visible</p>in svg<p>Still here</p>');
  });

  it('keeps http, https and mailto links with rel="nofollow noopener", and removes every other href', () => {
    expect(sanitizeUserHtml('<a href="https://example.com/a?b=1&c=2" target="_blank" rel="opener">Site</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener">Site</a>',
    );
    expect(sanitizeUserHtml('<a href="mailto:jobs@example.com">Mail</a>')).toBe('<a href="mailto:jobs@example.com" rel="nofollow noopener">Mail</a>');
    for (const href of ['javascript:alert(1)', 'java&#115;cript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.test/', '/relative', 'vbscript:x', '\u0001https://x.test', 'ht\ttps://x.test']) {
      expect(sanitizeUserHtml(`<a href="${href}">Link</a>`), href).toBe('<a rel="nofollow noopener">Link</a>');
    }
  });

  it('turns unknown block tags into their text (h1, tables, iframes, forms)', () => {
    expect(sanitizeUserHtml('<h1>Title</h1><table><tr><td>Cell</td></tr></table><iframe src="https://x.test"></iframe><form><input value="v"></form>')).toBe('TitleCell');
  });

  it('changes nothing in HTML it already cleaned (the render pass over stored descriptions)', () => {
    const clean = sanitizeUserHtml('<h3>Role</h3><p>Join <a href="https://example.com">us</a> &amp; grow.<br></p><ul><li>A &lt; B</li></ul>');
    expect(sanitizeUserHtml(clean)).toBe(clean);
  });

  it('on hostile mixtures: stays within the policy, and so does a second pass', () => {
    const fragment = fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '<a href="javascript:alert(1)">',
      '<a href="https://ok.test">',
      '</a>',
      '<p style="x">',
      '</p>',
      '<h2>',
      '<!--',
      '-->',
      '<![CDATA[',
      '<style>',
      '<iframe srcdoc="<script>x</script>">',
      '"',
      "'",
      '<',
      '>',
      '&',
      '&lt;script&gt;',
      '<math><mtext><table><mglyph><style><img src=x onerror=1>',
      '<noscript><p title="</noscript><img src=x onerror=1>">',
    );
    const text = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.oneof(fragment, text), { maxLength: 24 }), (parts) => {
        const once = sanitizeUserHtml(parts.join(''));
        expectWithinPolicy(once);
        expectWithinPolicy(sanitizeUserHtml(once));
      }),
      { numRuns: 300 },
    );
  });
});
