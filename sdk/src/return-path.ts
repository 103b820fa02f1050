/** Return targets (`to=`, `cancel_url=`, any "come back here" value): a path on this site, or nothing. */

/** Longer targets are not ours: our own paths with their queries stay far below this. */
const MAX_LENGTH = 2048;
/** A base that no real link can share an origin with. */
const BASE = 'http://return-path.invalid';

/**
 * Browsers drop tabs and newlines from URLs and read '\' as '/', so '/\t/evil.test' and '/\evil.test'
 * are '//evil.test' to them; control characters would also break a Location header.
 */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;
/** One slash, then anything but another slash, a backslash, a space or a control character. */
const SAFE_START = /^\/(?:$|[^/\\\s\u0000-\u001f\u007f-\u009f])/;

/**
 * The return target as a path on this site (pathname, query and hash, percent-encoded as a URL holds
 * them, so it is plain ASCII), or null when it could lead anywhere else or is not a path at all:
 * absolute and protocol-relative URLs, `javascript:`, backslashes, control characters, and paths that
 * would become protocol-relative when decoded once more ('/%2F%2Fevil.test').
 * @example safeReturnPath('/client/my-jobs?page=2') // '/client/my-jobs?page=2'
 * @example safeReturnPath('/\t/evil.test') // null
 */
export function safeReturnPath(to: unknown): string | null {
  if (typeof to !== 'string' || to.length > MAX_LENGTH) return null;
  if (UNSAFE_CHARACTER.test(to) || !SAFE_START.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!SAFE_START.test(path) || !SAFE_START.test(decodeOnce(path))) return null;
  return path;
}

/** The path decoded as a careless reader would; undecodable input stays as it is. */
function decodeOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
