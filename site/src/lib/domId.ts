/**
 * Element ids that the server (React) and the browser (Preact, #16) compute alike. React's and Preact's
 * `useId` give different ids, and Preact keeps the server's attributes while hydrating, so a label, an
 * aria-describedby or aria-controls built from `useId` would point at nothing after the first update.
 * An id is therefore built only from what both sides know: a fixed name where the component appears
 * once per page, a field's name, an entity's id (stage, card, job), or a prefix its parent passes.
 */

/** One part of an id; empty parts (`null`, `undefined`, `false`, `''`) are left out. */
export type IdPart = string | number | null | undefined | false;

/**
 * An element id from its parts: joined with '-', every run of characters other than letters, digits,
 * '_' and '-' turned into one '-', so the id is valid in a CSS selector and readable in the HTML.
 * The first part should be a fixed name (an id starting with a digit gets an `id-` prefix).
 * @example domId('stage', 12, 'name') // 'stage-12-name'
 * @example domId('contact', 'Full name') // 'contact-Full-name'
 */
export function domId(...parts: IdPart[]): string {
  const cleaned = parts
    .filter((part): part is string | number => part !== null && part !== undefined && part !== false && part !== '')
    .map((part) => String(part).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter((part) => part !== '');
  if (cleaned.length === 0) throw new Error(`domId: no usable part in ${JSON.stringify(parts)}`);
  const id = cleaned.join('-');
  return /^[A-Za-z]/.test(id) ? id : `id-${id}`;
}
