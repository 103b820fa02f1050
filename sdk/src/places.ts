/**
 * Issue #32: the place key, the one rule by which a city in a URL, a search or a job's location is
 * the same place however it is typed ('malmo', 'MALMÖ', 'Malmö'), and the country names that stand
 * for a country code in a location URL ('denmark', 'sverige', 'ísland').
 *
 * A place key is also a location page's canonical city slug ({@link locationPath}): the folded ASCII
 * spelling, as the big Nordic marketplaces and travel sites spell their city URLs ('/se/malmo',
 * '/is/reykjavik', '/dk/kobenhavn'). It is what people type, it reads the same in a shared link as in
 * the address bar (no '%C3%B6'), and every spelling of a city folds to it; the page itself shows the
 * city as its jobs spell it.
 *
 * Its SQL twin is nordlys_place_key() (server/drizzle/0015_place_keys.sql), which the job search and the
 * location sitemap match on; server/src/queries/places.test.ts proves the two agree. Change both or neither.
 */
import { paths } from './routes';

/**
 * The letters that have no decomposition to fold accents off, spelled as Nordic sites spell them in
 * URLs (Ø → o, Æ → ae, Ð → d, Þ → th), and a few more from the neighbours' alphabets. Keep in step
 * with nordlys_place_key().
 */
export const PLACE_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  ð: 'd',
  þ: 'th',
  đ: 'd',
  ł: 'l',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
};

/**
 * The combining marks that compatibility decomposition (NFKD) leaves behind accents: the Unicode blocks
 * of combining diacritical marks. Only these are dropped, not every mark, so that scripts whose vowels
 * are marks keep them. The same ranges stand in nordlys_place_key().
 */
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

const LETTERS = new RegExp(`[${Object.keys(PLACE_LETTERS).join('')}]`, 'g');

/**
 * A place's key: lower case, accents dropped (NFKD, then the combining marks), the letters without a
 * decomposition spelled out ({@link PLACE_LETTERS}), and every run of other characters one dash.
 * @example placeKey('Malmö') // 'malmo'
 * @example placeKey('KØBENHAVN N') // 'kobenhavn-n'
 * @example placeKey('Reykjavík') // 'reykjavik'
 */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(ACCENTS, '')
    .replace(LETTERS, (c) => PLACE_LETTERS[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The country names a location URL may carry instead of the code (English and the country's own),
 * as place keys. The Nordic countries and the other countries the site lists (sdk COUNTRIES).
 */
const COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  DK: ['denmark', 'danmark'],
  SE: ['sweden', 'sverige'],
  NO: ['norway', 'norge', 'noreg'],
  FI: ['finland', 'suomi'],
  IS: ['iceland', 'ísland'],
  DE: ['germany', 'deutschland'],
  NL: ['netherlands', 'nederland', 'the netherlands'],
  EE: ['estonia', 'eesti'],
  GB: ['united kingdom', 'great britain'],
};

const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(COUNTRY_NAMES).flatMap(([code, names]) => names.map((name) => [placeKey(name), code] as const)),
);

/**
 * The country code a country's name stands for, in any case and with or without accents; undefined
 * for anything else (a code itself included).
 * @example countryCodeOfName('Danmark') // 'DK'
 * @example countryCodeOfName('island') // 'IS'
 */
export function countryCodeOfName(name: string): string | undefined {
  return BY_NAME.get(placeKey(name));
}

/**
 * A location page's canonical URL, from a place spelled any way: 'remote' or the country code in lower
 * case, and the city as its place key. Every link to a location page, its 301s and the location
 * sitemap are built with it.
 * @example locationPath('SE', 'Malmö') // '/jobs/location/se/malmo'
 */
export function locationPath(country: string, city?: string): string {
  return paths.jobsLocation(country.toLowerCase(), city === undefined ? undefined : placeKey(city));
}
