/** XML text for the feeds: escaping, CDATA sections and the removal of characters XML 1.0 forbids. */

/**
 * Everything outside XML 1.0's Char production (#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
 * [#x10000-#x10FFFF]). With the `u` flag a lone surrogate is a code point of its own, outside every
 * range, so it is matched too; a proper surrogate pair is one astral code point and is kept.
 */
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Removes the characters no XML 1.0 document may contain, not even as a character reference:
 * C0 controls other than tab, newline and carriage return, U+FFFE, U+FFFF and lone surrogates.
 * @example stripInvalidXmlChars('a\u0000b\uFFFEc') // 'abc'
 */
export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

/**
 * Escapes text for an XML text node or a quoted attribute value (either quote), after dropping the
 * characters XML 1.0 forbids.
 * @example escapeXml(`Tom & Jerry's <b>"show"</b>`) // 'Tom &amp; Jerry&apos;s &lt;b&gt;&quot;show&quot;&lt;/b&gt;'
 */
export function escapeXml(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * Wraps text in a CDATA section. A `]]>` inside the text would end the section early, so it is split
 * over two sections (`]]` ends the first, `>` starts the second); forbidden characters are dropped.
 * @example cdata('a]]>b') // '<![CDATA[a]]]]><![CDATA[>b]]>'
 */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXmlChars(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * One element with escaped attribute values and escaped text; without text it closes itself.
 * Attributes whose value is undefined are left out. Names are written as given: pass literals only.
 * @example xmlElement('guid', { isPermaLink: 'true' }, 'https://nordlys.jobs/jobs/1') // '<guid isPermaLink="true">https://nordlys.jobs/jobs/1</guid>'
 * @example xmlElement('link', { rel: 'self', href: 'https://nordlys.jobs/a?b=1&c=2' }) // '<link rel="self" href="https://nordlys.jobs/a?b=1&amp;c=2"/>'
 */
export function xmlElement(name: string, attributes: Record<string, string | undefined> = {}, text?: string): string {
  let attrs = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) attrs += ` ${key}="${escapeXml(value)}"`;
  }
  return text === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}

/**
 * Joins the lines of a part of a document, each indented by `spaces`, leaving out the empty ones
 * (so an optional element can be written as `cond ? xmlElement(…) : ''`).
 * @example xmlLines(['<a/>', '', '<b/>'], 2) // '  <a/>\n  <b/>'
 */
export function xmlLines(lines: readonly string[], spaces: number): string {
  const pad = ' '.repeat(spaces);
  return lines
    .filter(Boolean)
    .map((line) => pad + line)
    .join('\n');
}
