/** Authentication and user calls of spec 7, including a profile's platform switch. */
import type { Transport } from './transport';
import type {
  AuthorizeWithProviderAnswer,
  AuthorizeWithProviderPayload,
  ForgotPasswordPayload,
  PlatformPayload,
  ResetPasswordPayload,
  SignInPayload,
  SignUpPayload,
  UpdateMePayload,
  VerifyEmailPayload,
} from '../schemas/account';
import type { User } from '../schemas/user';
import { noAnswer } from './no-answer';

/** The profile kinds that can be listed on a platform (spec 7). */
export type PlatformOwner = 'companies' | 'investors';

export function usersApi(http: Transport) {
  return {
    /** POST users/sign-in (spec 7); `exists` marks a sign-in from the exists flow. Any failure shows 'Invalid email or password' (spec 8). */
    signIn: (payload: SignInPayload) => http.post('users/sign-in', { json: payload }).json<User>(),
    /** GET users/me (spec 7): the signed-in user; also the auth check, where a 403 logs out (spec 8). */
    me: () => http.get('users/me').json<User>(),
    /** PUT users/me (spec 7): the saved profile choice (text or null) or the reached UI features. No answer is shown; read me() again for the user. */
    updateMe: (payload: UpdateMePayload) => noAnswer(http.put('users/me', { json: payload })),
    /** POST users/sign-out (spec 7). */
    signOut: () => noAnswer(http.post('users/sign-out')),
    /** POST users/sign-up (spec 7). The code E_ACCOUNT_EXISTS on the error means the account exists (spec 8). */
    signUp: (payload: SignUpPayload) => http.post('users/sign-up', { json: payload }).json<User>(),
    /** POST users/forgot-password (spec 7). */
    forgotPassword: (payload: ForgotPasswordPayload) => noAnswer(http.post('users/forgot-password', { json: payload })),
    /** POST users/reset-password (spec 7). */
    resetPassword: (payload: ResetPasswordPayload) => http.post('users/reset-password', { json: payload }).json<User>(),
    /** POST users/verify-email (spec 7): called when the query 'email-verification-key' is present. */
    verifyEmail: (payload: VerifyEmailPayload) => noAnswer(http.post('users/verify-email', { json: payload })),
    /** POST users/authorize-with-linkedin (spec 7): returns {user, found, created}. */
    authorizeWithLinkedin: (payload: AuthorizeWithProviderPayload) =>
      http.post('users/authorize-with-linkedin', { json: payload }).json<AuthorizeWithProviderAnswer>(),
    /**
     * POST {companies|investors}/{key}/platform (spec 7, under "Authentication and user").
     * @example await api.users.setPlatform('companies', 'acme', { platform: 'nordlys' });
     */
    setPlatform: (owner: PlatformOwner, key: string, payload: PlatformPayload) =>
      noAnswer(http.post(`${owner}/${encodeURIComponent(key)}/platform`, { json: payload })),
  };
}
export type UsersApi = ReturnType<typeof usersApi>;
