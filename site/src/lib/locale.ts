/**
 * The locale numbers are shown in (ui.md: "every number is formatted in the user's locale"). A loader
 * reads it once and hands it to the page, so the server's render and the browser's hydration print
 * the same digits: on the server from Accept-Language, in the browser from navigator.language.
 */

const FALLBACK = 'en';

/** Whether Intl knows the tag (a header may carry anything). */
function supported(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

/**
 * The first supported language of an Accept-Language header ('da-DK,da;q=0.9,en;q=0.8' → 'da-DK'), by weight.
 * @example localeFromHeader('sv-SE,sv;q=0.9') // 'sv-SE'
 */
export function localeFromHeader(header: string | null | undefined): string {
  if (!header) return FALLBACK;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return tags.find((t) => supported(t.tag))?.tag ?? FALLBACK;
}

/** The viewer's locale for a loader: the browser's language on a client navigation, the request's Accept-Language on the server. */
export function requestLocale(request: Request): string {
  if (typeof navigator !== 'undefined' && typeof window !== 'undefined' && navigator.language && supported(navigator.language)) return navigator.language;
  return localeFromHeader(request.headers.get('accept-language'));
}

/** Whole numbers in a locale: 1234 → '1,234' (en), '1.234' (da). */
export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}
