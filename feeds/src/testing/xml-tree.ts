/** A strict little XML 1.0 reader for the feed tests: throws on anything not well-formed, returns the element tree. */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text and CDATA content, entities decoded; the text of children is not included. */
  text: string;
}

const INVALID_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME = /[A-Za-z_:][\w.:-]*/y;
const BAD_REFERENCE = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, fail: (message: string) => never): string {
  if (BAD_REFERENCE.test(raw)) fail(`undefined or unterminated reference in ${JSON.stringify(raw)}`);
  return raw.replace(/&(#x[\da-fA-F]+|#\d+|\w+);/g, (_, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref]!;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const char = code <= 0x10ffff ? String.fromCodePoint(code) : '\u0000';
    if (INVALID_CHAR.test(char)) fail(`reference to a character XML forbids: &${ref};`);
    return char;
  });
}

/**
 * Parses a document (an optional XML declaration, comments and processing instructions, one root
 * element) and throws with the offset on the first well-formedness error: unbalanced or crossed tags,
 * a raw `<` or `&` in text or attributes, `]]>` outside CDATA, duplicate or unquoted attributes,
 * characters XML 1.0 forbids, text or a second element outside the root. Namespaces and DTDs are not handled.
 */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (message: string): never => {
    throw new Error(`not well-formed XML: ${message} at offset ${i}: ${JSON.stringify(xml.slice(i, i + 60))}`);
  };
  const invalid = INVALID_CHAR.exec(xml);
  if (invalid) {
    i = invalid.index;
    fail(`forbidden character U+${invalid[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  const readName = (): string => {
    NAME.lastIndex = i;
    const match = NAME.exec(xml);
    if (!match) return fail('expected a name');
    i += match[0].length;
    return match[0];
  };
  const skipSpace = (): boolean => {
    const start = i;
    while (/[ \t\r\n]/.test(xml[i] ?? '')) i++;
    return i > start;
  };
  const skipPast = (end: string): string => {
    const at = xml.indexOf(end, i);
    if (at < 0) fail(`missing ${end}`);
    const inner = xml.slice(i, at);
    i = at + end.length;
    return inner;
  };

  if (xml.startsWith('<?xml')) skipPast('?>');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;

  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const raw = xml.slice(i, lt < 0 ? xml.length : lt);
    if (raw) {
      if (raw.includes(']]>')) fail('"]]>" in text');
      const text = decode(raw, fail);
      const parent = stack.at(-1);
      if (parent) parent.text += text;
      else if (text.trim()) fail('text outside the root element');
    }
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<![CDATA[', i)) {
      const parent = stack.at(-1) ?? fail('CDATA outside the root element');
      i += 9;
      parent.text += skipPast(']]>');
    } else if (xml.startsWith('<!--', i)) {
      i += 4;
      if (skipPast('-->').includes('--')) fail('"--" inside a comment');
    } else if (xml.startsWith('<?', i)) {
      skipPast('?>');
    } else if (xml.startsWith('</', i)) {
      i += 2;
      const name = readName();
      skipSpace();
      if (xml[i] !== '>') fail('expected ">"');
      i++;
      const open = stack.pop() ?? fail(`closing tag </${name}> with no open element`);
      if (open.name !== name) fail(`</${name}> closes <${open.name}>`);
    } else if (xml.startsWith('<!', i)) {
      fail('DTDs and other declarations are not expected in a feed');
    } else {
      i++;
      const element: XmlElement = { name: readName(), attributes: {}, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) fail('a second root element');
      else root = element;
      for (;;) {
        const spaced = skipSpace();
        if (xml.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (xml[i] === '>') {
          i++;
          stack.push(element);
          break;
        }
        if (!spaced) fail('expected a space before an attribute');
        const name = readName();
        skipSpace();
        if (xml[i] !== '=') fail(`attribute ${name} without "="`);
        i++;
        skipSpace();
        const quote = xml[i];
        if (quote !== '"' && quote !== "'") fail(`attribute ${name} without quotes`);
        i++;
        const value = skipPast(quote!);
        if (value.includes('<')) fail(`raw "<" in attribute ${name}`);
        if (name in element.attributes) fail(`duplicate attribute ${name}`);
        element.attributes[name] = decode(value, fail);
      }
    }
  }
  if (stack.length) fail(`<${stack.at(-1)!.name}> is never closed`);
  return root ?? fail('no root element');
}

/** Every element below `element` (depth first, document order) with the given name. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}

/** The one child with the given name; throws when there is none or more than one. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.filter((c) => c.name === name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}> children, expected 1`);
  return found[0]!;
}
