/** Finds the http(s) links in a plain-text mail body, so a developer (or a test) can follow them. */

const LINK = /https?:\/\/[^\s<>"'`]+/gi;
/** Sentence punctuation that ends a link in prose ("… here: https://x/y.") rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Every http(s) link of a text, in order, without trailing sentence punctuation.
 * @example extractLinks('Reset it: https://nordlys.dk/reset?key=abc.') // ['https://nordlys.dk/reset?key=abc']
 */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[0].replace(TRAILING, ''));
}
