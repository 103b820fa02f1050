/** Professional-network sign-in (spec 7 authorize-with-linkedin) over OpenID Connect. */

/** Who the provider says the access token belongs to (its userinfo). */
export interface ProviderProfile {
  /** The provider's stable subject id; stored as users.linkedin_id. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
}

export interface ProviderSignIn {
  /** The name on the buttons, e.g. 'LinkedIn'. */
  readonly name: string;
  /**
   * false when anyone can claim any address (the embedded demo provider): its verified e-mail then
   * never connects to an account that has a password. Connecting is allowed when absent.
   */
  readonly connectsPasswordAccounts?: boolean;
  /**
   * Reads the profile behind an access token the popup obtained (userinfo endpoint).
   * Rejects with an Error whose `code` is 'invalid_token' when the provider refuses the token.
   */
  profile(accessToken: string): Promise<ProviderProfile>;
}
