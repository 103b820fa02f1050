import { describe, expect, it } from 'vitest';
import { child, descendants, parseXml } from './xml-tree';

// The feed tests lean on this reader to prove their output well-formed, so it must reject what a real parser rejects.
describe('parseXml', () => {
  it('reads a declaration, comments, attributes, entities and CDATA into a tree', () => {
    const root = parseXml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- feed -->\n<a x="1 &amp; 2" y='&lt;'><b>T &#38; &#x3C; &quot;<![CDATA[<raw> & ]]></b><b/></a>\n`,
    );
    expect(root.name).toBe('a');
    expect(root.attributes).toEqual({ x: '1 & 2', y: '<' });
    expect(descendants(root, 'b')).toHaveLength(2);
    expect(root.children[0]!.text).toBe('T & < "<raw> & ');
    expect(() => child(root, 'b')).toThrow('2 <b> children');
  });

  it.each([
    ['crossed tags', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['a raw < in text', '<a>1 < 2</a>'],
    ['a raw & in text', '<a>Tom & Jerry</a>'],
    ['an undefined entity', '<a>&nbsp;</a>'],
    ['a reference to a forbidden character', '<a>&#0;</a>'],
    [']]> in text', '<a>x ]]> y</a>'],
    ['a raw < in an attribute', '<a x="<"/>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
    ['two roots', '<a/><b/>'],
    ['text outside the root', '<a/>x'],
    ['a forbidden control character', '<a>\u0001</a>'],
    ['a lone surrogate', '<a>\uD800</a>'],
    ['U+FFFE', '<a>\uFFFE</a>'],
    ['an unterminated CDATA section', '<a><![CDATA[x</a>'],
    ['no root', '<?xml version="1.0"?>'],
  ])('rejects %s', (_, xml) => {
    expect(() => parseXml(xml)).toThrow(/not well-formed XML/);
  });
});
