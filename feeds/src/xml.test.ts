import { describe, expect, it } from 'vitest';
import { parseXml } from './testing/xml-tree';
import { cdata, escapeXml, stripInvalidXmlChars, xmlElement, xmlLines } from './xml';

const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter((c) => !'\t\n\r'.includes(c)),
  '\uFFFE',
  '\uFFFF',
  // Low before high, so that joining the list cannot make a valid pair of them.
  '\uDFFF', // a lone low surrogate
  '\uD800', // a lone high surrogate
];

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`Tom & Jerry's <b>"show"</b>`)).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;show&quot;&lt;/b&gt;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('strips every character XML 1.0 forbids and keeps the ones it allows', () => {
    for (const c of FORBIDDEN) expect(escapeXml(`a${c}b`), `U+${c.charCodeAt(0).toString(16)}`).toBe('ab');
    const allowed = 'tab\t nl\n cr\r del\u007F nbsp\u00A0 private\uE000 replacement\uFFFD emoji😀 astral\u{10FFFF}';
    expect(escapeXml(allowed)).toBe(allowed);
    expect(stripInvalidXmlChars(`x${FORBIDDEN.join('')}y`)).toBe('xy');
  });

  it('keeps a surrogate pair but drops each half when alone', () => {
    expect(stripInvalidXmlChars('\uD83D\uDE00')).toBe('😀');
    expect(stripInvalidXmlChars('\uDE00\uD83D')).toBe('');
    // Removing what lies between two halves must not join them into a pair.
    expect(stripInvalidXmlChars('\uD83D\u0000\uDE00')).toBe('');
  });

  it('makes any text safe as a text node and as an attribute in either quotes', () => {
    const text = `</script><x a="1" b='2'>&lt; ]]> \u0000${FORBIDDEN.join('')}`;
    const expected = `</script><x a="1" b='2'>&lt; ]]> `;
    const root = parseXml(`<r d="${escapeXml(text)}" s='${escapeXml(text)}'>${escapeXml(text)}</r>`);
    expect(root.text).toBe(expected);
    expect(root.attributes).toEqual({ d: expected, s: expected });
  });
});

describe('cdata', () => {
  it('splits ]]> over two sections', () => {
    expect(cdata('a]]>b')).toBe('<![CDATA[a]]]]><![CDATA[>b]]>');
    expect(cdata('plain <b>html</b> & co')).toBe('<![CDATA[plain <b>html</b> & co]]>');
  });

  it.each(['', ']]>', ']]]>', ']]>>', ']]>]]>', 'x]]', '<![CDATA[ nested ]]> end', '</script>'])(
    'reads back %j exactly',
    (text) => {
      const xml = `<r>${cdata(text)}</r>`;
      expect(parseXml(xml).text).toBe(text);
      // A section end only where we wrote one: the last, and one per ]]> split in the text.
      expect(xml.split(']]>').length - 1).toBe(text.split(']]>').length);
    },
  );

  it('strips characters XML 1.0 forbids, which CDATA cannot carry either', () => {
    expect(cdata(`a${FORBIDDEN.join('')}b`)).toBe('<![CDATA[ab]]>');
  });
});

describe('xmlElement and xmlLines', () => {
  it('writes escaped attributes and text, closes empty elements and skips undefined attributes', () => {
    expect(xmlElement('guid', { isPermaLink: 'true' }, 'https://n.example/jobs/1')).toBe('<guid isPermaLink="true">https://n.example/jobs/1</guid>');
    expect(xmlElement('link', { rel: 'self', type: undefined, href: 'https://n.example/a?b=1&c="2"' })).toBe(
      '<link rel="self" href="https://n.example/a?b=1&amp;c=&quot;2&quot;"/>',
    );
    expect(xmlElement('title', {}, '<b>')).toBe('<title>&lt;b&gt;</title>');
    expect(xmlElement('empty', {}, '')).toBe('<empty></empty>');
  });

  it('indents lines and leaves out empty ones', () => {
    expect(xmlLines(['<a/>', '', '<b/>'], 2)).toBe('  <a/>\n  <b/>');
  });
});
