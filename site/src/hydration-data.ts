/**
 * The router's hydration data, from server to browser in a non-executing
 * `<script type="application/json">` block: the Content-Security-Policy allows no inline script
 * (server/src/http/security-headers.ts), and a nonce or hash per page would defeat whole-page caching.
 */

/** The id of the JSON block the server writes after #root. */
export const HYDRATION_DATA_ID = 'nordlys-router-data';

/** The global react-router's createBrowserRouter reads its hydration data from (and deserializes route errors of). */
const HYDRATION_GLOBAL = '__staticRouterHydrationData';

/** Safe inside a <script>: no `<` (so no `</script>` or `<!--`), no `>` or `&`, no line separators. JSON.parse reads it back. */
function scriptSafe(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The JSON block for the document (server). */
export function hydrationDataScript(data: unknown): string {
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${scriptSafe(JSON.stringify(data))}</script>`;
}

/**
 * Puts the server's data where react-router looks for it, before the router is created (browser).
 * False when the page carries no data or it does not parse: the router then starts without it.
 */
export function installHydrationData(doc: Document = document): boolean {
  const text = doc.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return false;
  try {
    (window as unknown as Record<string, unknown>)[HYDRATION_GLOBAL] = JSON.parse(text);
    return true;
  } catch (error) {
    console.error('[site] the hydration data does not parse', error);
    return false;
  }
}
