/**
 * The daily re-check of custom domains (issue #33): every claim's proof is looked up again and its
 * state recorded (queries/domain-claims.ts recordCheck): a pending claim whose record appeared is
 * verified, a verified domain whose record is gone lapses (no longer served, so another profile that
 * proves control may take it) and its startup's members are mailed, in the transaction that lapses it.
 * A lookup that fails (DNS down, or DOMAIN_DNS=off) changes nothing: it is tried again the next day.
 */
import { paths } from '@nordlys/sdk/routes';
import { siteOrigin } from '../accounts/origin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findProof } from '../dns/proof';
import { DnsUnavailableError, type DnsResolver } from '../dns/resolver';
import { domainLapsedMail } from '../mail/domain-lapsed-mail';
import { domainSite, listClaims, ownCnameTarget, recordCheck, toDomainClaim, type ClaimRow } from '../queries/domain-claims';
import { membersOf } from '../queries/reviews';
import { inTransaction, type MailOutbox } from './queue';

/** How many claims are looked up at once: DNS answers are slow, the database is not the limit. */
const RECHECK_CONCURRENCY = 4;

export interface RecheckRound {
  checked: number;
  verified: number;
  lapsed: number;
  /** Lookups that did not answer: their claims keep their state. */
  unavailable: number;
  mails: number;
}

export async function recheckDomains(
  db: Db,
  mail: MailOutbox,
  resolver: DnsResolver,
  config: Pick<Config, 'productName' | 'publicUrl'> & Partial<Pick<Config, 'mainHosts'>>,
  now = new Date(),
): Promise<RecheckRound> {
  const site = domainSite(config);
  const origin = siteOrigin(config);
  const round: RecheckRound = { checked: 0, verified: 0, lapsed: 0, unavailable: 0, mails: 0 };
  const queue = await listClaims(db);

  const recheck = async (claim: ClaimRow) => {
    let proof;
    try {
      proof = await findProof(resolver, { domain: claim.domain, token: claim.token, cnameTarget: ownCnameTarget(site, claim.company.key) });
    } catch (error) {
      if (error instanceof DnsUnavailableError) {
        round.unavailable++;
        return;
      }
      throw error;
    }
    round.checked++;
    await inTransaction(db, async (tx) => {
      const outcome = await recordCheck(tx, claim, proof !== null, now);
      if (outcome.state === 'verified' && claim.state !== 'verified') round.verified++;
      if (outcome.state !== 'lapsed' || claim.state !== 'verified') return;
      round.lapsed++;
      const records = toDomainClaim(claim, claim.company.key, site).records;
      const manageLink = `${origin}${paths.companyAdmin(claim.company.key, claim.kind === 'careers' ? 'settings' : 'white-label-feeds')}`;
      const members = (await membersOf(tx, 'company', [claim.company.id])).get(claim.company.id) ?? [];
      for (const member of members) {
        await mail.enqueue(
          tx,
          domainLapsedMail({
            to: member.email,
            firstName: member.firstName,
            productName: config.productName,
            companyName: claim.company.name,
            domain: claim.domain,
            what: claim.feedName === null ? 'the career page' : `the white-label feed ${claim.feedName}`,
            records,
            manageLink,
          }),
        );
        round.mails++;
      }
    });
  };

  const workers = Array.from({ length: RECHECK_CONCURRENCY }, async () => {
    for (let claim = queue.shift(); claim; claim = queue.shift()) await recheck(claim);
  });
  await Promise.all(workers);
  return round;
}
