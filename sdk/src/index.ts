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
export { isApproved, isBoosted, locationDisplay, normalizeJobSearch, PIPELINE, canMoveApplication } from './jobs';
export { ROUTES, API_KEY_ROUTES, paths, jobPath, startupPath, build, isBuilt, linkTo, matchRoute, routePath, reservedKeys } from './routes';
export type { Served, KeyKind, RouteHost, RouteDef, RouteName, BuiltRouteName, BuiltPattern, ParamNames, RouteParams } from './routes';
export type { PipelineStageInfo } from './jobs';
export { formatCompact, shareText } from './format';
export { postedAt, byPostedDesc, relativeTime, exactDate, RELATIVE_TIME_UNITS } from './dates';
export { INDUSTRIES, INDUSTRY_VALUES, INVESTOR_CATEGORIES, INVESTOR_CATEGORY_VALUES, FUNDING_STAGES, categorySections, termText } from './vocabulary';
export type { Term, IndustryValue, InvestorCategory, FundingStage } from './vocabulary';
export { TOKENS, ACCENT, tokenVars, cssVars, rootCss, contrastRatio } from './tokens';
export type { ColourTokens, ColourScheme } from './tokens';
export * from './constants';
export * from './schemas/index';
export { SISTER_PLATFORM, deriveProfiles, profilesOnPlatform, connectableProfiles, selectionOf, findProfile, selectProfile, profileCookieValue, parseProfileCookie, toSavedChoice, parseSavedChoice, clearedSelection, selectionAfterCreatingApplicant, profileDestination } from './profiles';
export type { SelectProfileInput } from './profiles';
export { auth, isApplicant, isClientManager, isInvestorManager, redirectCompanyDraftToForm, redirectInvestorDraftToForm, runGuards, LAYOUT_GUARDS } from './guards';
export type { GuardResult, GuardRoute, GuardQuery, Guard, GuardedLayout } from './guards';
export { safeReturnPath } from './return-path';
export { PATHS, NEWS_AND_INSIGHTS_URL, companyAdminPath, investorAdminPath, signInPath, headerState, headerItems, profileMenu, footerLinks, showConnectBanner, samePath } from './navigation';
export type { CompanyAdminPage, InvestorAdminPage, NavItem, HeaderState, HeaderInput, MenuItem, ProfileMenuInput, FooterColumn, ConnectBannerInput } from './navigation';
export { AUTH_STEPS, DEFAULT_LANDING_TITLE, AUTH_STEP_TITLES, ACCOUNT_EXISTS_CODE, initialAuthState, authTransition, authStepTitle, showSignUpFooter, isExistsSignIn, createAuthFlow, isAccountExistsError, accountExistsEvent, afterSignIn } from './auth-flow';
export type { AuthStep, AuthFlowOptions, AuthState, AuthEvent, AuthEffect, AuthTransition, AuthFlowCallbacks, AuthFlow, AfterSignIn, AfterSignInInput } from './auth-flow';
export { validateSignUp, validateSignIn, validateForgotPassword, hasErrors, PASSWORD_CHECKLIST_LABELS, passwordChecklist, prefillName, preferredCountryToStore, isSearchSavable, withScheme, touchAll, createSubmitGuard } from './validation';
export type { FieldErrors, SignUpField, SignInField, ForgotPasswordField, PasswordRule, PasswordChecklistItem, Guarded, SubmitGuard } from './validation';
export { NOT_AUTHORIZED_ERRORS, AUTHORIZATION_MESSAGE_TYPE, AuthorizationMessageSchema, PopupAuthError, browserPopupHost, popupFeatures, authorizeInPopup, authorizationMessageFromUrl, isTokenExpired } from './popup-auth';
export type { AuthorizationKind, AuthorizationMessage, PopupAuthResult, PopupWindow, IncomingMessage, WindowFrame, PopupHost, AuthorizeInPopupOptions } from './popup-auth';
export { SEARCH_HISTORY_STORAGE_KEY, searchKey, createSearchHistory, splitSearch, joinSearch, parseSearchKey, searchQuery, searchLabel } from './search-history';
export type { KeyValueStorage, SearchHistoryEntry, SearchHistory, SavableSearch } from './search-history';
export { createConfigCache } from './config-cache';
export type { ConfigCache, ConfigCacheOptions } from './config-cache';
export { MODAL_TEXTS, chooseRoleOptions, chooseRoleDismissible, switchProfileOptions, chooseProfile, connectProfileOptions } from './modals';
export type { RoleChoice, SwitchProfileOption, ProfileChoice, ConnectProfileOption } from './modals';
export { isJobOpen, isCompanyLive, isJobPublic, isJobGone, isCompanyPublic, isInvestorPublic, feedJobFilter, feedScope, isJobInFeed, jobMatchesFilter, isJobOnCareerPage } from './visibility';
export type { JobVisibilityFacts, ProfileVisibilityFacts, FeedJobFilter, FeedJobFacts } from './visibility';
export { JOB_EVENTS, MEMBER_JOB_EVENTS, JOB_LISTING_DAYS, JOB_EVENT_ACTORS, JOB_STATUS_DISPLAY, EXPIRY_NOTICE_DAYS, EXPIRING_STATUSES, jobTransition, mayFireJobEvent, allowedEvents } from './job-status';
export type { MemberJobEvent } from './job-status';
export type { JobEvent, JobEventActor, JobStatusFacts, JobStatusContext, JobStatusChange, JobTransition } from './job-status';
export { PLANS, PLAN_IDS, PAID_PLAN_IDS, planById, planPrice, featuredUntil, isPaidPlan, priceCountry, PRICE_COUNTRIES, companyPriceCountry, currencyDecimals, toMinor, fromMinor, formatMoney, SELLER_COUNTRY, SELLER, ORDER_STATUS_DISPLAY, INVOICE_DUE_DAYS, EU_COUNTRY_CODES, vatFor, invoiceTotals } from './pricing';
export type { Plan, PlanId, PaidPlanId, PriceCountry, Money, VatRule, InvoiceTotals } from './pricing';
export { COMPANY_REQUIRED, INVESTOR_REQUIRED, companyMissing, investorMissing, reviewState, keyFromName, nextKey } from './profile-review';
export type { MissingField, CompanyCompleteness, InvestorCompleteness, ReviewState } from './profile-review';
