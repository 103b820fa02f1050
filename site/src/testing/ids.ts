/**
 * Test support for element ids in server HTML (#16, lib/domId): which ids a page has, which are used
 * twice, and which references (a label's `for`, aria-labelledby/-describedby/-controls/…, a `#` link)
 * point at no element. Read from the markup alone, so it runs in Node beside the server render.
 */

/** The attributes whose value names one or more element ids. */
const REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-activedescendant', 'aria-owns', 'aria-errormessage', 'aria-details', 'list'];

export interface IdReport {
  /** Every id, in document order. */
  ids: string[];
  /** Ids given to more than one element. */
  duplicates: string[];
  /** "attribute → id" for each reference to an id no element has. */
  dangling: string[];
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The id report of an HTML page or fragment (scripts and templates' JSON left out). */
export function idReport(html: string): IdReport {
  const markup = html.replace(/<script[\s\S]*?<\/script>/g, '');
  const ids: string[] = [];
  const refs: [attribute: string, id: string][] = [];
  for (const [tag] of markup.matchAll(/<[a-zA-Z][^>]*>/g)) {
    for (const [, name, value] of tag.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)) {
      const attribute = name!.toLowerCase();
      const text = decode(value!);
      if (attribute === 'id') ids.push(text);
      else if (REFERENCES.includes(attribute)) for (const id of text.split(/\s+/).filter(Boolean)) refs.push([attribute, id]);
      else if (attribute === 'href' && text.startsWith('#') && text.length > 1) refs.push([attribute, text.slice(1)]);
    }
  }
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of ids) (seen.has(id) ? duplicates : seen).add(id);
  const dangling = refs.filter(([, id]) => !seen.has(id)).map(([attribute, id]) => `${attribute} → ${id}`);
  return { ids, duplicates: [...duplicates], dangling };
}

/** An id shaped like those React's and Preact's useId make (`«r0»`, `:r1:`, `_r_2_`, `P0-1`): the site must not have any. */
export const GENERATED_ID = /[«»:]|^_[rR]_|^P\d+-\d+$/;
