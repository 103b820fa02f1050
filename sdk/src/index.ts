/** @nordlys/sdk: the typed core shared by the site, the embeds and the server. */
export {
  createApi,
  ApiError,
  isApiError,
  toApiError,
  createClient,
  toSearchParams,
  normalizeDigestSubscription,
  TRANSPORT_ERROR_CODES,
} from './api/index';
export type { Api, ApiOptions, ApiResult, ClientOptions, ForbiddenOptions } from './api/index';
export { createFetchTransport, type FetchTransportOptions } from './api/fetch-transport';
export type { Transport, Call, CallOptions } from './api/transport';
export { isApproved, isBoosted, locationDisplay, jobUrls, normalizeJobSearch, PIPELINE, canMoveApplication } from './jobs';
export type { PipelineStageInfo } from './jobs';
export { formatCompact, relativeTime, shareText } from './format';
export * from './constants';
export * from './schemas/index';
export { SISTER_PLATFORM, deriveProfiles, profilesOnPlatform, connectableProfiles, selectionOf, findProfile, selectProfile, profileCookieValue, parseProfileCookie, toSavedChoice, parseSavedChoice, clearedSelection, selectionAfterCreatingApplicant, profileDestination } from './profiles';
export type { SelectProfileInput } from './profiles';
export { auth, isApplicant, isClientManager, isInvestorManager, redirectCompanyDraftToForm, redirectInvestorDraftToForm, runGuards, LAYOUT_GUARDS } from './guards';
export type { GuardResult, GuardRoute, GuardQuery, Guard, GuardedLayout } from './guards';
export { PATHS, NEWS_AND_INSIGHTS_URL, companyAdminPath, investorAdminPath, signInPath, safeReturnPath, headerState, headerItems, profileMenu, showConnectBanner, samePath } from './navigation';
export type { CompanyAdminPage, InvestorAdminPage, NavItem, HeaderState, HeaderInput, MenuItem, ProfileMenuInput, ConnectBannerInput } from './navigation';
export { AUTH_STEPS, DEFAULT_LANDING_TITLE, AUTH_STEP_TITLES, ACCOUNT_EXISTS_CODE, initialAuthState, authTransition, authStepTitle, showSignUpFooter, isExistsSignIn, createAuthFlow, isAccountExistsError, accountExistsEvent, afterSignIn } from './auth-flow';
export type { AuthStep, AuthFlowOptions, AuthState, AuthEvent, AuthEffect, AuthTransition, AuthFlowCallbacks, AuthFlow, AfterSignIn, AfterSignInInput } from './auth-flow';
export { validateSignUp, validateSignIn, validateForgotPassword, hasErrors, PASSWORD_CHECKLIST_LABELS, passwordChecklist, prefillName, preferredCountryToStore, isSearchSavable, withScheme, touchAll, createSubmitGuard } from './validation';
export type { FieldErrors, SignUpField, SignInField, ForgotPasswordField, PasswordRule, PasswordChecklistItem, Guarded, SubmitGuard } from './validation';
export { NOT_AUTHORIZED_ERRORS, AUTHORIZATION_MESSAGE_TYPE, AuthorizationMessageSchema, PopupAuthError, browserPopupHost, popupFeatures, authorizeInPopup, authorizationMessageFromUrl, isTokenExpired } from './popup-auth';
export type { AuthorizationKind, AuthorizationMessage, PopupAuthResult, PopupWindow, IncomingMessage, WindowFrame, PopupHost, AuthorizeInPopupOptions } from './popup-auth';
export { SEARCH_HISTORY_STORAGE_KEY, searchKey, createSearchHistory } from './search-history';
export type { KeyValueStorage, SearchHistoryEntry, SearchHistory } from './search-history';
export { createConfigCache } from './config-cache';
export type { ConfigCache, ConfigCacheOptions } from './config-cache';
export { MODAL_TEXTS, chooseRoleOptions, chooseRoleDismissible, switchProfileOptions, chooseProfile, connectProfileOptions } from './modals';
export type { RoleChoice, SwitchProfileOption, ProfileChoice, ConnectProfileOption } from './modals';
