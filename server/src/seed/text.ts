/** Text helpers for generated data: URL slugs and HTML escaping. */

const FOLDS: Record<string, string> = { æ: 'ae', ø: 'o', å: 'a', ä: 'a', ö: 'o', ü: 'u', ð: 'd', þ: 'th', é: 'e', á: 'a', í: 'i', ó: 'o', ú: 'u', ý: 'y' };

/**
 * A lower-case-dashed key for a name.
 * @example slugify('Fjord Ventures') // 'fjord-ventures'
 * @example slugify('Bølge Pay') // 'bolge-pay'
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[æøåäöüðþéáíóúý]/g, (c) => FOLDS[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A demo website on the reserved .test domain, so no link leads to a real company. */
export function demoWebsite(name: string): string {
  return `https://www.${slugify(name).replace(/-/g, '')}.test`;
}

/** Escapes text for use inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
