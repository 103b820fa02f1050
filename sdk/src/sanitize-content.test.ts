import { describe, expect, it } from 'vitest';
import { CONTENT_LINK_REL, sanitizeContentHtml, sanitizeUserHtml } from './sanitize';

describe('sanitizeContentHtml (the policy of the site\'s own Markdown pages)', () => {
  it('keeps tables, code, quotes, rules and heading ids', () => {
    const html =
      '<h2 id="cookies">Cookies</h2><h3 id="session-2">Session</h3><table><thead><tr><th>Cookie</th></tr></thead><tbody><tr><td><code>nordlys_session</code></td></tr></tbody></table><blockquote><p>Quote</p></blockquote><hr />';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it('keeps links within the site without rel, and gives links out noopener', () => {
    expect(sanitizeContentHtml('<a href="/contact">Contact</a> <a href="#cookies">Cookies</a>')).toBe('<a href="/contact">Contact</a> <a href="#cookies">Cookies</a>');
    expect(sanitizeContentHtml('<a href="https://www.datatilsynet.dk" rel="nofollow">DT</a>')).toBe(`<a href="https://www.datatilsynet.dk" rel="${CONTENT_LINK_REL}">DT</a>`);
    expect(sanitizeContentHtml('<a href="mailto:team@nordlys.example">mail</a>')).toBe(`<a href="mailto:team@nordlys.example" rel="${CONTENT_LINK_REL}">mail</a>`);
  });

  it('drops scripts, handlers, styles, odd ids and every other kind of link', () => {
    expect(
      sanitizeContentHtml(
        '<h2 id="x y" onclick="x()">A</h2><h2 id="Caps">B</h2><p style="color:red" class="c" id="p">C</p><script>window.__xss=1</script><img src=x onerror="y()"><iframe src="https://evil.example"></iframe>',
      ),
    ).toBe('<h2>A</h2><h2>B</h2><p>C</p>');
    for (const href of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'java&#115;cript:alert(1)', 'data:text/html,x', 'vbscript:x', ' \u0001javascript:x']) {
      expect(sanitizeContentHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('does not widen the user policy', () => {
    expect(sanitizeUserHtml('<h2 id="a">A</h2><table><tr><td>x</td></tr></table><a href="/contact">c</a>')).toBe('<h2>A</h2>x<a rel="nofollow noopener">c</a>');
  });
});
