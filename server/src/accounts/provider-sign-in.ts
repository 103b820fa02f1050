/** Professional-network sign-in (spec 7 authorize-with-linkedin): find, connect or create the user behind a provider token. */
import { LIMITS } from '@nordlys/sdk/constants';
import { MESSAGES } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { ProviderProfile, ProviderSignIn } from '../oidc/types';
import { ACCOUNT_EXISTS_MESSAGE, connectLinkedin, createUser, findUserByEmail, findUserByLinkedinId } from './users';

export interface ProviderSignInResult {
  userId: number;
  /** An account existed (by provider id or by e-mail). */
  found: boolean;
  /** An account was made now. */
  created: boolean;
  /** Made now with an address the provider has not verified: worth a verification mail. */
  needsVerification: boolean;
}

/** The provider's profile; a refused token is 401, a provider that cannot be reached 503. */
async function readProfile(provider: ProviderSignIn, accessToken: string): Promise<ProviderProfile> {
  try {
    return await provider.profile(accessToken);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'invalid_token') {
      throw new AppError('E_UNAUTHORIZED', `${provider.name} did not accept the sign-in. Please try again.`);
    }
    console.error(`[accounts] ${provider.name} profile request failed:`, error);
    throw new AppError('E_UNAVAILABLE', `Sign-in with ${provider.name} is not available right now. Please try again later.`);
  }
}

const clip = (text: string) => text.trim().slice(0, LIMITS.nameMax);

export async function authorizeWithProvider(
  db: Db,
  provider: ProviderSignIn,
  input: { accessToken: string; allowRegistration: boolean },
  now = new Date(),
): Promise<ProviderSignInResult> {
  const profile = await readProfile(provider, input.accessToken);

  const known = await findUserByLinkedinId(db, profile.subject);
  if (known) return { userId: known.id, found: true, created: false, needsVerification: false };

  const byEmail = profile.email ? await findUserByEmail(db, profile.email) : null;
  if (byEmail) {
    // Connecting by e-mail hands the account to whoever holds the provider account: only when the
    // provider has verified that address, and never over another provider account.
    // The demo provider says whatever was typed into it: never enough to take over a password account.
    const passwordAccount = byEmail.passwordHash !== null && provider.connectsPasswordAccounts === false;
    if (!profile.emailVerified || passwordAccount || (byEmail.linkedinId && byEmail.linkedinId !== profile.subject)) {
      throw new AppError('E_ACCOUNT_EXISTS', `${ACCOUNT_EXISTS_MESSAGE}. Please log in with your e-mail and password.`);
    }
    await connectLinkedin(db, byEmail.id, profile.subject, profile.emailVerified, now);
    return { userId: byEmail.id, found: true, created: false, needsVerification: false };
  }

  // spec 6: with sign-up disabled in the flow, a provider log-in without an account is refused.
  if (!input.allowRegistration) throw new AppError('E_NOT_FOUND', MESSAGES.noAccount);
  if (!profile.email) {
    throw new AppError(
      'E_VALIDATION',
      `${provider.name} did not share your e-mail address, so we cannot create your account. Please sign up with your e-mail instead.`,
    );
  }
  const user = await createUser(
    db,
    {
      firstName: clip(profile.firstName),
      lastName: clip(profile.lastName),
      email: profile.email.trim(),
      passwordHash: null,
      isEmailVerified: profile.emailVerified,
      linkedinId: profile.subject,
    },
    now,
  );
  return { userId: user.id, found: false, created: true, needsVerification: !profile.emailVerified };
}
