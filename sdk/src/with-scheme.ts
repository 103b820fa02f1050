/** The scheme rule for external site URLs, apart from the form rules so a page can link a website without loading them. */

/**
 * spec 5: an external site URL gets 'http://' when it starts with neither http:// nor https://.
 * @example withScheme('northwind.dk') // 'http://northwind.dk'
 */
export function withScheme(url: string): string {
  const value = url.trim();
  if (value === '' || /^https?:\/\//i.test(value)) return value;
  return `http://${value}`;
}
