/** The typed /api client: one fetch transport (client.ts), one module per resource. */
import { adminApi } from './admin';
import { blogApi } from './blog';
import { dealsApi } from './deals';
import { fundingQuizApi } from './funding-quiz';
import { pagesApi } from './pages';
import { applicantApi } from './applicant';
import { createClient, type ClientOptions } from './client';
import { companiesApi } from './companies';
import { companyAdminApi } from './company-admin';
import { contactApi } from './contact';
import { contentApi } from './content';
import { digestApi } from './digest';
import { engagementApi, type SelectedProfileIdsProvider } from './engagement';
import { invitationsApi } from './invitations';
import { investorsApi } from './investors';
import { hiringApi } from './hiring';
import { jobAdminApi } from './job-admin';
import { jobsApi } from './jobs';
import { searchesApi } from './searches';
import { showcaseApi } from './showcase';
import { siteApi } from './site';
import { uploadApi, type UploadSender } from './upload';
import { usersApi } from './users';

export interface ApiOptions extends ClientOptions {
  /** The selected company's or investor's id, added to every engagement log (spec 7). */
  selectedProfileIds?: SelectedProfileIdsProvider;
  /** Byte-level upload progress by streaming the body; needs /api over HTTP/2 or HTTP/3 (see streamingUploadSender). */
  streamUploads?: boolean;
  /** Sends uploads with byte progress, e.g. the site's XMLHttpRequest sender (see UploadSender); wins over streamUploads. */
  uploadSender?: UploadSender;
}

/** The sender of streamUploads, loaded with the first upload: the site sends through XMLHttpRequest instead. */
const streamedUploads =
  (send?: typeof fetch): UploadSender =>
  async (request, onProgress) =>
    (await import('./upload-stream')).streamingUploadSender(send)(request, onProgress);

/**
 * Creates the client for every call of spec 7, all through one transport.
 * @example
 * const api = createApi({ isLoggedIn: () => store.loggedIn, onForbidden: logout, navigate: (to) => router.navigate(to) });
 * const { jobs } = await api.jobs.search({ countryCode: 'REMOTE' });
 */
export function createApi(options: ApiOptions = {}) {
  const http = createClient(options);
  return {
    http,
    jobs: jobsApi(http),
    companies: companiesApi(http),
    companyAdmin: companyAdminApi(http),
    investors: investorsApi(http),
    content: contentApi(http),
    site: siteApi(http),
    users: usersApi(http),
    applicant: applicantApi(http),
    digest: digestApi(http),
    engagement: engagementApi(http, options.selectedProfileIds),
    searches: searchesApi(http),
    upload: uploadApi(http, { sender: options.uploadSender ?? (options.streamUploads ? streamedUploads(options.fetch) : undefined) }),
    invitations: invitationsApi(http),
    admin: adminApi(http),
    jobAdmin: jobAdminApi(http),
    hiring: hiringApi(http),
    // Issue #15.
    blog: blogApi(http),
    deals: dealsApi(http),
    fundingQuiz: fundingQuizApi(http),
    pages: pagesApi(http),
    contact: contactApi(http),
    showcase: showcaseApi(http),
  };
}
export type Api = ReturnType<typeof createApi>;

export { ApiError, isApiError, toApiError, TRANSPORT_ERROR_CODES } from './errors';
export { createClient, type ClientOptions } from './client';
export type { ForbiddenOptions } from './forbidden';
export type { ApiResult } from './result';
export { toSearchParams, type QueryValue } from './params';
export { normalizeDigestSubscription, ONE_CLICK_UNSUBSCRIBE_BODY } from './digest';
export { UPLOAD_TIMEOUT_MS } from './upload';
export type { JobsApi } from './jobs';
export type { CompaniesApi } from './companies';
export type { CompanyAdminApi } from './company-admin';
export type { InvestorsApi } from './investors';
export type { ContentApi } from './content';
export type { SiteApi } from './site';
export type { UsersApi, PlatformOwner } from './users';
export type { ApplicantApi } from './applicant';
export type { DigestApi, DigestSubscriptionInput } from './digest';
export type { EngagementApi, EngagementEventInput, SelectedProfileIds, SelectedProfileIdsProvider } from './engagement';
export type { SearchesApi } from './searches';
export type { UploadApi, UploadOptions, UploadProgress, UploadSender } from './upload';
export type { InvitationsApi } from './invitations';
export type { AdminApi } from './admin';
export type { JobAdminApi } from './job-admin';
export type { BlogApi } from './blog';
export type { DealsApi } from './deals';
export type { FundingQuizApi } from './funding-quiz';
export type { PagesApi } from './pages';
export type { ContactApi } from './contact';
export type { ShowcaseApi } from './showcase';
export type { HiringApi } from './hiring';
