/**
 * The texts the server answers with in its error bodies (spec 8 says the client shows "the server's
 * message"), in one place, so the server and the site's test fake say the same thing.
 */
export const API_MESSAGES = {
  logIn: 'Please log in to continue',
  sessionExpired: 'Your session has expired',
  companyMembersOnly: 'Only members of this startup can do that',
  investorMembersOnly: 'Only members of this investor can do that',
  /** The admins' calls of issue #11 (review queue, approve, reject). */
  adminsOnly: 'Only administrators can do that',
  crossSite: 'Cross-site request refused',
  /** Any unexpected failure: a 500 says nothing of the internals. */
  internal: 'Something went wrong on our side. Please try again.',
  /** Issue #33: the server sheds load (503 E_OVERLOADED, with Retry-After). */
  overloaded: 'We are very busy right now. Please try again in a few seconds.',
  /** @example API_MESSAGES.notFound('Job') // 'Job was not found' */
  notFound: (what: string) => `${what} was not found`,
} as const;
