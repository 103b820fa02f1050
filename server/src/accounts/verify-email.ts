/**
 * E-mail verification (spec 7): by the API call users/verify-email, and on page requests that carry
 * the query 'email-verification-key' (the link in the mail), which answer 303 to the outcome page.
 */
import type { MiddlewareHandler } from 'hono';
import { paths } from '@nordlys/sdk/routes';
import type { Db } from '../db/client';
import { consumeUserToken, findUserToken } from './tokens';
import { findUserById, markEmailVerified } from './users';

export const VERIFY_INVALID_MESSAGE = 'This verification link is not valid or has expired. Please ask for a new one.';

/**
 * Verifies the e-mail address a key was sent to; false for an unknown or expired key.
 * A key already used is accepted again while unexpired if its user is verified: mail scanners open
 * links before people do, and a second click must not say "invalid" about a verified address.
 * That changes nothing, so the key still works only once.
 */
export async function verifyEmailKey(db: Db, key: string, now = new Date()): Promise<boolean> {
  const userId = await consumeUserToken(db, key, 'verify', now);
  if (userId !== null) {
    await markEmailVerified(db, userId, now);
    return true;
  }
  const token = await findUserToken(db, key, 'verify');
  if (!token || token.usedAt === null || token.expiresAt.getTime() <= now.getTime()) return false;
  return (await findUserById(db, token.userId))?.isEmailVerified === true;
}

export const VERIFY_EMAIL_QUERY = 'email-verification-key';
export const VERIFY_EMAIL_PAGE = paths.verifyEmail();

/** Paths that are never site pages. */
const NOT_PAGES = /^\/(?:api|assets|embed|images|external|auth)(?:\/|$)/;

/**
 * spec 7: "verify-email is called at server start when the query 'email-verification-key' is present".
 * A GET page request with that query verifies the key and answers 303 to
 * /client/verify-email?result=verified or ?result=invalid, so the key leaves the address bar and
 * the page only shows the outcome.
 */
export function verifyEmailOnPages(db: Db): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.query(VERIFY_EMAIL_QUERY);
    if (c.req.method !== 'GET' || key === undefined || NOT_PAGES.test(c.req.path)) return next();
    const ok = key !== '' && (await verifyEmailKey(db, key));
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${VERIFY_EMAIL_PAGE}?result=${ok ? 'verified' : 'invalid'}`, 303);
  };
}
