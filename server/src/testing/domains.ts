/** Custom domains for tests that need one served (issue #33): the claim columns of a verified domain, each with its own token. */
import { randomToken } from '../accounts/tokens';

/** The columns of a white-label feed whose domain is verified. */
export function verifiedFeedDomain(domain: string) {
  return { domain, domainState: 'verified' as const, domainToken: randomToken(), domainVerifiedAt: new Date() };
}

/** The columns of a company whose career domain is verified. */
export function verifiedCareersDomain(domain: string) {
  return { careersDomain: domain, careersDomainState: 'verified' as const, careersDomainToken: randomToken(), careersDomainVerifiedAt: new Date() };
}
