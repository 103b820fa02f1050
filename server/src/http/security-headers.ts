/**
 * The security headers of every answer (README "Security headers"), from one middleware: nosniff, the
 * referrer and permissions policies everywhere, and HSTS when PUBLIC_URL is https; on HTML pages a strict Content-Security-Policy and framing by the
 * same origin only, except the job-list widget page, which any site may frame.
 */
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by allowFramingByAnySite for the one answer that may be framed anywhere. */
    frameableByAnySite?: true;
  }
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The browser features no page of the site uses, turned off for it and anything it frames (issue
 * #33): a script that slipped in cannot ask for the camera, the microphone or the visitor's place.
 */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()';

/**
 * HSTS when PUBLIC_URL is https: a browser that saw it once goes on asking for https for a year, so
 * no one on the visitor's network can serve the site over plain http. Not for subdomains: other
 * services may live there.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Google's documented sources for reCAPTCHA v2: its script, and the frames of its checkbox and challenge. */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

export interface PolicyOptions {
  /** The public origin (PUBLIC_URL): careers and white-label pages show logos from the main site. */
  publicUrl?: string | undefined;
  /** The sign-up captcha: reCAPTCHA loads Google's script and frames; altcha needs nothing from elsewhere. */
  captcha?: 'altcha' | 'recaptcha' | undefined;
  /** Who may frame the page: 'self' (every page but one) or any site (the job-list widget page). */
  frameAncestors: 'self' | 'any';
}

/**
 * The CSP of the site, careers and white-label pages. The same text for every visitor of a page, so
 * a page can be cached whole: no nonces. No page has an inline script (the site's router data and the
 * hosted pages' island data travel in `<script type="application/json">` blocks), so scripts are
 * 'self' alone, with no hashes. Styles need 'unsafe-inline': the hosted pages carry their sheet in a
 * `<style>` element, and React writes style attributes (category colours, logo monograms); a style
 * cannot run script.
 */
export function contentSecurityPolicy({ publicUrl, captcha, frameAncestors }: PolicyOptions): string {
  const recaptcha = captcha === 'recaptcha';
  const publicOrigin = publicUrl ? safeOrigin(publicUrl) : null;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(recaptcha ? RECAPTCHA.script : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: for the site's inline SVG favicon and its icons (CSS masks, site/src/components/icons.ts);
    // the public origin for logos on careers and white-label hosts.
    ['img-src', "'self'", 'data:', ...(publicOrigin ? [publicOrigin] : [])],
    ['connect-src', "'self'"],
    // The altcha widget solves its proof of work in a worker it starts from a blob: URL.
    ['worker-src', "'self'", 'blob:'],
    ...(recaptcha ? [['frame-src', "'self'", ...RECAPTCHA.frame] as [string, ...string[]]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors === 'any' ? '*' : "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** An SVG opened on its own is a document that could run script: it gets none, and no network. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Lets the answer of this request be framed by any site (the job-list widget page, spec 2.7). */
export function allowFramingByAnySite(c: Context): void {
  c.set('frameableByAnySite', true);
}

/**
 * Mount first on the app, so every answer passes through it, errors and 404s included. An answer
 * that brings its own CSP (the provider popup's callback page, the development provider's form,
 * each with a nonce) keeps it.
 */
export function securityHeaders(options: Omit<PolicyOptions, 'frameAncestors'>): MiddlewareHandler {
  const policies = {
    self: contentSecurityPolicy({ ...options, frameAncestors: 'self' }),
    any: contentSecurityPolicy({ ...options, frameAncestors: 'any' }),
  };
  const https = options.publicUrl?.startsWith('https:') === true;
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // The headers of a fetched Response are immutable: answer a copy (Hono's setter keeps the rest).
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      headers.set('X-Content-Type-Options', 'nosniff');
    }
    if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', REFERRER_POLICY);
    if (!headers.has('Permissions-Policy')) headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (https) headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    const type = headers.get('Content-Type')?.toLowerCase() ?? '';
    if (type.startsWith('text/html')) {
      const anySite = c.get('frameableByAnySite') === true;
      if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', anySite ? policies.any : policies.self);
      // For browsers without frame-ancestors; it has no "any site" value, so the widget page goes without.
      if (!anySite && !headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'SAMEORIGIN');
    } else if (type.startsWith('image/svg+xml') && !headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', SVG_POLICY);
    }
  };
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
