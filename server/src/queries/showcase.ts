/** The live examples of the product pages (issue #15): which career page and which white-label feed they show. */
import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Showcase } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, jobs, whiteLabelFeeds } from '../db/schema';
import { careersDomainIsServed, feedDomainIsServed } from './domain-claims';
import { companyIsLive, companyIsPublic, jobIsOpen } from './visibility';

/**
 * The public startup with a served (verified) career domain and the most open jobs (ties: the key, A first), and the
 * oldest white-label feed with a served domain of a live startup (a feed lists jobs of every startup, so its owner need
 * only be live, as on its own host). Either is null when there is none.
 */
export async function findShowcase(db: Db, now: Date = new Date()): Promise<Showcase> {
  const [careers, feeds] = await Promise.all([
    db
      .select({ companyKey: companies.key, careersDomain: companies.careersDomain, open: count(jobs.id) })
      .from(companies)
      .innerJoin(jobs, eq(jobs.companyId, companies.id))
      .where(and(companyIsPublic(), isNotNull(companies.careersDomain), careersDomainIsServed(), jobIsOpen(now)))
      .groupBy(companies.id)
      .orderBy(desc(count(jobs.id)), asc(companies.key))
      .limit(1),
    db
      .select({ domain: whiteLabelFeeds.domain })
      .from(whiteLabelFeeds)
      .innerJoin(companies, eq(companies.id, whiteLabelFeeds.companyId))
      .where(and(companyIsLive(), feedDomainIsServed()))
      .orderBy(asc(whiteLabelFeeds.createdAt), asc(whiteLabelFeeds.id))
      .limit(1),
  ]);
  const career = careers[0];
  return {
    careerPage: career?.careersDomain ? { companyKey: career.companyKey, careersDomain: career.careersDomain } : null,
    whiteLabelFeed: feeds[0] ?? null,
  };
}
