/**
 * Issue #32: places by their key. A city is matched on nordlys_place_key(locality) (0015), the SQL twin
 * of sdk placeKey, so 'malmo', 'MALMÖ' and 'Malmö' find the same jobs; places.test.ts proves the twins
 * agree. The location pages resolve their city here, and the location sitemap lists what has jobs.
 */
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { placeKey } from '@nordlys/sdk/places';
import type { Db } from '../db/client';
import { companies, jobs, locations } from '../db/schema';
import { companyIsLive, jobIsPublic } from './visibility';

/** A location's place key in SQL: the expression of locations_country_place_idx (0015). */
export const LOCALITY_KEY = sql<string>`nordlys_place_key(${locations.locality})`;

/** The jobs in a city however it is spelled: its key against the locality's. The query must left-join `locations`. */
export function inCity(city: string): SQL {
  const key = placeKey(city);
  // A city of no letters or digits ('--') is no place: it matches nothing rather than every ''-keyed row.
  return key ? sql`${LOCALITY_KEY} = ${key}` : sql`false`;
}

/** A city of a country that jobs have been published in, as its jobs spell it most often. */
export interface KnownCity {
  countryCode: string;
  city: string;
  /** Its public jobs now. */
  jobs: number;
}

/**
 * The city of a country with this key, if a job there was ever published (approved) by a live startup:
 * such a city keeps its location page while it has no open jobs, as a job's page keeps answering (410)
 * after it expires. Any other city is unknown: its page is a 404. Its name is the spelling most of its
 * jobs use.
 */
export async function knownCity(db: Db, countryCode: string, city: string, now: Date): Promise<KnownCity | undefined> {
  const key = placeKey(city);
  if (!key) return undefined;
  const rows = await db
    .select({ city: locations.locality, jobs: sql<number>`count(*) filter (where ${jobIsPublic(now)})`.mapWith(Number), all: sql<number>`count(*)`.mapWith(Number) })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(locations, eq(locations.id, jobs.locationId))
    .where(and(eq(locations.countryCode, countryCode), sql`${LOCALITY_KEY} = ${key}`, isNotNull(jobs.approvedAt), companyIsLive()))
    .groupBy(locations.locality)
    .orderBy(desc(sql`count(*)`), locations.locality);
  const [first] = rows;
  if (!first?.city) return undefined;
  return { countryCode, city: first.city, jobs: rows.reduce((sum, row) => sum + row.jobs, 0) };
}

/** The places with public jobs now: each country, and each city of it as its jobs spell it most often. */
export interface PlacesWithJobs {
  countries: string[];
  cities: { countryCode: string; city: string }[];
  /** Whether a public job is remote (the Remote location page). */
  remote: boolean;
}

/**
 * The places whose location pages list jobs now, for the location sitemap: one grouped query over the
 * public jobs, a city once per key however many spellings its jobs use.
 */
export async function placesWithJobs(db: Db, now: Date): Promise<PlacesWithJobs> {
  const [cityRows, remoteRows] = await Promise.all([
    db
      .select({
        countryCode: locations.countryCode,
        // The spelling most of the city's jobs use (ties: the first in order).
        city: sql<string | null>`mode() within group (order by ${locations.locality})`,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .innerJoin(locations, eq(locations.id, jobs.locationId))
      .where(and(jobIsPublic(now), isNotNull(locations.countryCode)))
      .groupBy(locations.countryCode, LOCALITY_KEY)
      .orderBy(locations.countryCode, LOCALITY_KEY),
    db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(jobIsPublic(now), eq(jobs.isRemote, true)))
      .limit(1),
  ]);
  const countries = [...new Set(cityRows.map((row) => row.countryCode!))];
  const cities = cityRows.flatMap((row) => (row.city && placeKey(row.city) ? [{ countryCode: row.countryCode!, city: row.city }] : []));
  return { countries, cities, remote: remoteRows.length > 0 };
}
