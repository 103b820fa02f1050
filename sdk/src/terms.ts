/** A vocabulary's entries, a value and the text shown for it, and the two ways the code reads a list of them. */

/** A value and the text shown for it. */
export interface Term<V extends string = string> {
  value: V;
  text: string;
}

/** The values of a list, as a picklist takes them. */
export const termValues = <const T extends readonly Term[]>(terms: T) => terms.map((t) => t.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

/**
 * The text of a value in one of these lists; the value itself when the list does not know it
 * (stored data may predate a change of the list).
 * @example termText(INDUSTRIES, 'saas') // 'SaaS'
 */
export function termText(terms: readonly Term[], value: string): string {
  return terms.find((t) => t.value === value)?.text ?? value;
}
